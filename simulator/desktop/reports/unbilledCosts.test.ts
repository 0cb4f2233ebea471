import { describe, expect, it } from 'vitest';
import { all } from '../../../test/support/bookWrites.ts';
import type { ReportJson } from '../../../test/support/reportFigures.ts';
import { seededBooks } from '../../../test/support/seededBooks.ts';
import type { CompanyFile } from '../CompanyFile.ts';
import { toCents } from '../values/money.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { runReport } from './runReport.ts';

const seeded = seededBooks({ customers: 12, vendors: 6, bills: 10, checks: 8, 'item-receipts': 3, 'credit-card-charges': 4 });
const idOf = (ref: JsonValue | undefined): string | null => ((ref as JsonObject | null)?.['id'] as string | undefined) ?? null;

/** The report's rows read the other way: every purchase's lines, billable and naming a customer, as transaction id and amount. */
function billableLines(file: CompanyFile, from = ''): string[] {
  const out: string[] = [];
  for (const type of ['ldg_bill', 'ldg_check', 'ldg_credit_card_charge', 'ldg_item_receipt']) {
    for (const doc of all(file, type)) {
      if (String(doc['transactionDate']) < from) continue;
      for (const line of [...((doc['expenseLines'] as JsonObject[] | undefined) ?? []), ...((doc['itemLines'] as JsonObject[] | undefined) ?? [])]) {
        const customer = idOf(line['customer']) ?? idOf(line['payee']);
        if (line['billingStatus'] === 'billable' && customer !== null && file.store.docs.find('ldg_customer', customer)) out.push(`${String(doc['id'])} ${toCents(String(line['amount']))}`);
      }
    }
  }
  return out.sort();
}

/** `from` null: the whole history, which the graph reads from the customers. */
function reportLines(file: CompanyFile, from: string | null): string[] {
  const period: Record<string, JsonValue> = from === null ? { reportDateMacro: 'all' } : { reportDateFrom: from, reportDateTo: '2099-12-31' };
  const report = runReport(file, 'general-detail', { reportType: 'unbilled_costs_by_job', ...period }) as unknown as ReportJson;
  return report.rows
    .filter((r) => r.kind === 'data')
    .map((r) => `${String(r.rowDescriptor?.value)} ${toCents(r.cells?.find((c) => c.columnId === 'amount')?.value ?? null)}`)
    .sort();
}

describe('unbilled costs by job', () => {
  it('lists every billable line that names a customer, of the purchases the reference graph finds, and nothing else', () => {
    const file = seeded(41);
    const customers = all(file, 'ldg_customer');
    const vendor = all(file, 'ldg_vendor')[0] as JsonObject;
    const expense = String(all(file, 'ldg_account').find((a) => a['accountType'] === 'expense')?.['id']);
    const bank = String(all(file, 'ldg_account').find((a) => a['accountType'] === 'bank')?.['id']);
    const item = (all(file, 'ldg_non_inventory_item')[0] ?? all(file, 'ldg_service_item')[0]) as JsonObject;
    const customer = (i: number): string => String(customers[i % customers.length]?.['id']);
    // Lines naming a customer (billable or not), a vendor, or nobody; on a bill, a check and an item line.
    file.add('ldg_bill', {
      vendorId: String(vendor['id']),
      transactionDate: '2025-06-10',
      expenseLines: [
        { accountId: expense, amount: '10.00', payeeId: customer(0), billingStatus: 'billable' },
        { accountId: expense, amount: '20.00', payeeId: customer(1), billingStatus: 'not_billable' },
        { accountId: expense, amount: '30.00' },
      ],
    });
    // A purchase whose only customer is on an item line.
    file.add('ldg_bill', { vendorId: String(vendor['id']), transactionDate: '2025-06-11', expenseLines: [{ accountId: expense, amount: '5.00' }], itemLines: [{ itemId: String(item['id']), quantity: 2, cost: '7.50', customerId: customer(2), billingStatus: 'billable' }] });
    file.add('ldg_check', { bankAccountId: bank, transactionDate: '2025-06-12', expenseLines: [{ accountId: expense, amount: '40.00', payeeId: customer(3), billingStatus: 'billable' }, { accountId: expense, amount: '50.00', payeeId: String(vendor['id']), billingStatus: 'billable' }] });
    const early = file.add('ldg_check', { bankAccountId: bank, transactionDate: '2024-01-05', expenseLines: [{ accountId: expense, amount: '60.00', payeeId: customer(4), billingStatus: 'billable' }] });

    const whole = billableLines(file);
    expect(whole.length).toBeGreaterThanOrEqual(4);
    expect(whole).toContain(`${String(early['id'])} 6000`);
    expect(reportLines(file, null)).toEqual(whole);
    // From a day on, the graph's read starts from the period's purchases instead of the customers.
    expect(reportLines(file, '2025-01-01')).toEqual(billableLines(file, '2025-01-01'));
    expect(reportLines(file, '2025-01-01')).not.toContain(`${String(early['id'])} 6000`);

    // A line that names a vendor instead of its customer leaves the report.
    const bill = all(file, 'ldg_bill').find((b) => (b['expenseLines'] as JsonObject[]).some((l) => idOf(l['payee']) === customer(0))) as JsonObject;
    const lines = (bill['expenseLines'] as JsonObject[]).map((l) => ({ id: String(l['id']), ...(idOf(l['payee']) === customer(0) ? { payeeId: String(vendor['id']) } : {}) }));
    file.modify('ldg_bill', String(bill['id']), { revisionNumber: String(bill['revisionNumber']), expenseLines: lines });
    expect(reportLines(file, null)).toEqual(billableLines(file));
    expect(reportLines(file, null)).not.toContain(`${String(bill['id'])} 1000`);
  });
});
