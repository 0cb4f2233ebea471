import { isJsonObject, type JsonObject } from '../values/json.ts';
import { fromCents, toCents } from '../values/money.ts';
import type { ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import { pushTo } from './grouping.ts';

const money = (cents: number): string => fromCents(cents, 'A report total');
const idOf = (value: unknown): string | null => (isJsonObject(value) && typeof value['id'] === 'string' ? value['id'] : null);

/** What the sales of one sales tax item add up to. */
interface TaxSums {
  total: number;
  taxable: number;
  collected: number;
}

/** Each sale's subtotal, taxable part (its lines with a taxable code) and tax, by its sales tax item, over the sales dated from `from` to `to` (kept as they post). */
function salesByTaxItem(books: ReportBooks, from: string | null, to: string): Map<string, TaxSums> {
  const taxable = books.all('ldg_sales_tax_code').filter((c) => c['isTaxable'] === true).map((c) => String(c['id']));
  return new Map(books.taxItemSums(from, to, taxable).map(({ item, ...sums }) => [item, sums]));
}

/** What was paid to each tax agency with sales tax payment checks dated on or before the day. */
function paidByAgency(books: ReportBooks, to: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const { doc } of books.documentsDated(['ldg_sales_tax_payment_check'], null, to)) {
    const agency = idOf(doc['vendor']) ?? '';
    out.set(agency, (out.get(agency) ?? 0) + toCents(typeof doc['amount'] === 'string' ? doc['amount'] : null));
  }
  return out;
}

/**
 * Sales tax by agency and sales tax item: total, non-taxable and taxable sales of the period, the
 * rate, the tax collected, and (`liability`) what is owed each agency on the period's last day:
 * all the tax its items collected up to then, less what was paid to it.
 */
export function salesTaxReport(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, liability: boolean): void {
  sheet.addColumns([
    ['total_sales', 'Total Sales', 'amount'],
    ['non_taxable_sales', 'Non-Taxable Sales', 'amount'],
    ['taxable_sales', 'Taxable Sales', 'amount'],
    ...(liability
      ? ([
          ['tax_rate', 'Tax Rate', 'percent'],
          ['tax_collected', 'Tax Collected', 'amount'],
          ['sales_tax_payable', 'Sales Tax Payable', 'amount'],
        ] as const)
      : []),
  ]);
  const { from, to } = request.period;
  const period = salesByTaxItem(books, from, to);
  const allTime = liability ? salesByTaxItem(books, null, to) : new Map<string, TaxSums>();
  const paid = liability ? paidByAgency(books, to) : new Map<string, number>();
  const itemDoc = (id: string): JsonObject | undefined => books.findAmong(['ldg_sales_tax_item', 'ldg_sales_tax_group_item'], id);
  const agencyOf = (item: string): string => idOf(itemDoc(item)?.['taxVendor']) ?? '';
  const agencies = new Map<string, string[]>();
  for (const item of new Set([...period.keys(), ...allTime.keys()])) pushTo(agencies, agencyOf(item), item);
  for (const agency of paid.keys()) if (!agencies.has(agency)) agencies.set(agency, []);
  const cells = (label: string, s: TaxSums): Record<string, string | null> => ({ label, total_sales: money(s.total), non_taxable_sales: money(s.total - s.taxable), taxable_sales: money(s.taxable), ...(liability ? { tax_collected: money(s.collected) } : {}) });
  const add = (a: TaxSums, b: TaxSums): TaxSums => ({ total: a.total + b.total, taxable: a.taxable + b.taxable, collected: a.collected + b.collected });
  const none: TaxSums = { total: 0, taxable: 0, collected: 0 };
  let sum = none;
  let owedInAll = 0;
  const nameOfAgency = (id: string): string => (id === '' ? 'No tax agency' : books.nameOf(id) ?? id);
  for (const [agency, items] of [...agencies].sort(([a], [b]) => nameOfAgency(a).toLowerCase().localeCompare(nameOfAgency(b).toLowerCase()))) {
    const name = nameOfAgency(agency);
    sheet.text(name);
    let agencySum = none;
    let collectedEver = 0;
    for (const item of items.sort((a, b) => (books.nameOf(a) ?? '').localeCompare(books.nameOf(b) ?? ''))) {
      const s = period.get(item) ?? none;
      collectedEver += allTime.get(item)?.collected ?? 0;
      agencySum = add(agencySum, s);
      const doc = itemDoc(item);
      const label = item === '' ? 'No sales tax item' : String(doc?.['name'] ?? item);
      const rate = doc?.['taxRate'];
      sheet.data({ type: 'item', value: label }, { ...cells(label, s), ...(liability && typeof rate === 'string' ? { tax_rate: `${rate}%` } : {}) });
    }
    const owed = collectedEver - (paid.get(agency) ?? 0);
    owedInAll += owed;
    sum = add(sum, agencySum);
    sheet.subtotal({ type: 'vendor', value: name }, { ...cells(`Total ${name}`, agencySum), ...(liability ? { sales_tax_payable: money(owed) } : {}) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { ...cells('TOTAL', sum), ...(liability ? { sales_tax_payable: money(owedInAll) } : {}) });
}
