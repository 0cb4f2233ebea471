import { isJsonObject, type JsonObject } from '../values/json.ts';
import { fromCents, toCents } from '../values/money.ts';
import type { ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import { pushTo } from './grouping.ts';
import { notOffered } from './notComputed.ts';
import { factRow, type AxisRow } from './reportAxes.ts';
import { factLayout, inColumn, MAX_COLUMNS, PERIODS, statementLayout, type AmountLayout } from './statementColumns.ts';
import { SALE_TAX_SIGN } from '../books/saleTaxFacts.ts';
import { RequestInputError } from '../values/RequestInputError.ts';

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
  return new Map(books.taxItemSums(from, to, taxableCodes(books)).map(({ item, ...sums }) => [item, sums]));
}

/** Sales read one by one, added up by sales tax item. */
function sumsByItem(list: readonly { item: string; sums: TaxSums }[]): Map<string, TaxSums> {
  const out = new Map<string, TaxSums>();
  for (const { item, sums } of list) {
    const had = out.get(item) ?? { total: 0, taxable: 0, collected: 0 };
    out.set(item, { total: had.total + sums.total, taxable: had.taxable + sums.taxable, collected: had.collected + sums.collected });
  }
  return out;
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

/** The taxable sales tax codes, as the desktop reads them when a report runs. */
const taxableCodes = (books: ReportBooks): string[] => books.all('ldg_sales_tax_code').filter((c) => c['isTaxable'] === true).map((c) => String(c['id']));

/** A sale's sales tax figures are its own, on no account: columns by one would all be the column of none. */
const NO_ACCOUNT = new Set(['account', 'income_statement', 'balance_sheet']);

/** The columns of a sales tax report, and for columns by a value of the sale the sales read as facts (`reportAxes.factRow`). */
export interface SalesTaxLayout {
  layout: AmountLayout;
  sales?: readonly { fact: AxisRow; item: string; sums: TaxSums }[];
}

/**
 * The spans of a sales tax report: the period, its periods beside it, or a column per value of the
 * sales (their customer, class, terms, header sales tax code...: the axes every report's columns
 * go by, each sale read once from the facts the books keep of it and the reference graph).
 */
export function salesTaxLayout(books: ReportBooks, request: ReportRequest): SalesTaxLayout {
  const by = typeof request.query['summarizeColumnsBy'] === 'string' ? request.query['summarizeColumnsBy'] : 'total_only';
  if (by === 'total_only' || PERIODS.has(by)) return { layout: statementLayout(books, request, by, false) };
  if (NO_ACCOUNT.has(by)) throw notOffered(`sales tax columns by ${by} (summarizeColumnsBy)`, "a sale's sales tax figures are its own, on no account");
  const { from, to } = request.period;
  const saleTypes = books.transactionTypes().filter((t) => SALE_TAX_SIGN[books.modelOf(t).row.posting ?? ''] !== undefined);
  const types = new Set(saleTypes);
  const customers = books.referencedBy(types, { path: 'customer', among: ['ldg_customer'] }, from, to);
  const classes = books.referencedBy(types, { path: 'class', among: ['ldg_class'] }, from, to);
  const sales = books.saleTaxRows(from, to, taxableCodes(books), saleTypes).map(({ txn, type, date, item, ...sums }) => ({ fact: factRow({ txn, type, date, cents: sums.total, entity: customers.get(txn) ?? null, class: classes.get(txn) ?? null }), item, sums }));
  return { layout: factLayout(books, request, by, sales.map((s) => s.fact)), sales };
}

/** The measures of a sales tax report, each a column of every span. */
const MEASURES = [
  ['total_sales', 'Total Sales', 'amount'],
  ['non_taxable_sales', 'Non-Taxable Sales', 'amount'],
  ['taxable_sales', 'Taxable Sales', 'amount'],
] as const;
const LIABILITY_MEASURES = [
  ['tax_rate', 'Tax Rate', 'percent'],
  ['tax_collected', 'Tax Collected', 'amount'],
  ['sales_tax_payable', 'Sales Tax Payable', 'amount'],
] as const;

/** What one column of the report reads: its sales by tax item, and (liability, a column of days) all tax collected and paid up to its last day. */
interface Span {
  prefix: string;
  sales: Map<string, TaxSums>;
  /** Whether it says what is owed: a column of one customer, class... does not (an agency is owed, not a customer's share). */
  owes: boolean;
  allTime: Map<string, TaxSums>;
  paid: Map<string, number>;
}

/**
 * Sales tax by agency and sales tax item: total, non-taxable and taxable sales of the period, the
 * rate, the tax collected, and (`liability`) what is owed each agency on the period's last day:
 * all the tax its items collected up to then, less what was paid to it. By period
 * (`summarizeColumnsBy`), each period's measures beside the whole period's, each owed as of its
 * own last day; by a value of the sales, each value's sales beside the whole period's.
 */
export function salesTaxReport(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, liability: boolean, { layout, sales }: SalesTaxLayout): void {
  const one = layout.columns.length === 1;
  const measures = [...MEASURES, ...(liability ? LIABILITY_MEASURES : [])];
  if (layout.columns.length * measures.length > MAX_COLUMNS) throw new RequestInputError('summarizeColumnsBy', `${layout.columns.length} columns of ${measures.length} figures each would be ${layout.columns.length * measures.length} columns, more than ${MAX_COLUMNS}; ask for a shorter period or longer columns`);
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: one ? [null] : [null, null] });
  const spans: Span[] = layout.columns.map((c) => {
    const prefix = one ? '' : `${c.id}_`;
    if (c.value !== undefined) return { prefix, sales: sumsByItem((sales ?? []).filter((s) => inColumn(layout, c, s.fact))), owes: false, allTime: new Map(), paid: new Map() };
    return { prefix, sales: salesByTaxItem(books, c.from, c.to), owes: liability, allTime: liability ? salesByTaxItem(books, null, c.to) : new Map<string, TaxSums>(), paid: liability ? paidByAgency(books, c.to) : new Map<string, number>() };
  });
  layout.columns.forEach((c, i) => {
    for (const [id, title, dataType] of measures) sheet.addColumn({ id: `${spans[i]?.prefix ?? ''}${id}`, type: id, dataType, titles: one ? [title] : [c.title, title] });
  });
  const itemDoc = (id: string): JsonObject | undefined => books.findAmong(['ldg_sales_tax_item', 'ldg_sales_tax_group_item'], id);
  const agencyOf = (item: string): string => idOf(itemDoc(item)?.['taxVendor']) ?? '';
  const agencies = new Map<string, string[]>();
  for (const item of new Set(spans.flatMap((s) => [...s.sales.keys(), ...s.allTime.keys()]))) pushTo(agencies, agencyOf(item), item);
  for (const agency of new Set(spans.flatMap((s) => [...s.paid.keys()]))) if (!agencies.has(agency)) agencies.set(agency, []);
  const none: TaxSums = { total: 0, taxable: 0, collected: 0 };
  const add = (a: TaxSums, b: TaxSums): TaxSums => ({ total: a.total + b.total, taxable: a.taxable + b.taxable, collected: a.collected + b.collected });
  /** Each span's measures of some items (their rate when one), and what the agencies named owe as of its last day. */
  const cells = (label: string, items: readonly string[], agenciesOwing: readonly string[] | null, rate?: string): Record<string, string | null> => {
    const out: Record<string, string | null> = { label };
    for (const span of spans) {
      const s = items.reduce((sum, item) => add(sum, span.sales.get(item) ?? none), none);
      out[`${span.prefix}total_sales`] = money(s.total);
      out[`${span.prefix}non_taxable_sales`] = money(s.total - s.taxable);
      out[`${span.prefix}taxable_sales`] = money(s.taxable);
      if (!liability) continue;
      out[`${span.prefix}tax_collected`] = money(s.collected);
      if (rate !== undefined) out[`${span.prefix}tax_rate`] = `${rate}%`;
      if (agenciesOwing === null || !span.owes) continue;
      const owed = agenciesOwing.reduce((sum, agency) => sum + (agencies.get(agency) ?? []).reduce((c, item) => c + (span.allTime.get(item)?.collected ?? 0), 0) - (span.paid.get(agency) ?? 0), 0);
      out[`${span.prefix}sales_tax_payable`] = money(owed);
    }
    return out;
  };
  const nameOfAgency = (id: string): string => (id === '' ? 'No tax agency' : books.names.of(id) ?? id);
  const ordered = [...agencies].sort(([a], [b]) => nameOfAgency(a).toLowerCase().localeCompare(nameOfAgency(b).toLowerCase()));
  for (const [agency, items] of ordered) {
    const name = nameOfAgency(agency);
    sheet.text(name);
    for (const item of items.sort((a, b) => (books.names.of(a) ?? '').localeCompare(books.names.of(b) ?? ''))) {
      const doc = itemDoc(item);
      const label = item === '' ? 'No sales tax item' : String(doc?.['name'] ?? item);
      const rate = doc?.['taxRate'];
      sheet.data({ type: 'item', value: label }, cells(label, [item], null, typeof rate === 'string' ? rate : undefined));
    }
    sheet.subtotal({ type: 'vendor', value: name }, cells(`Total ${name}`, items, [agency]));
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, cells('TOTAL', [...agencies.values()].flat(), [...agencies.keys()]));
}
