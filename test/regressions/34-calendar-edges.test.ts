import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyFile } from '../../simulator/desktop/CompanyFile.ts';
import { DesktopError } from '../../simulator/desktop/values/DesktopError.ts';
import type { JsonObject, JsonValue } from '../../simulator/desktop/values/json.ts';
import { QueryEngine } from '../../simulator/desktop/queries/QueryEngine.ts';
import { runReport } from '../../simulator/desktop/reports/runReport.ts';
import { exportFixture } from '../../simulator/fixtures/exportFixture.ts';
import { loadFixtureTools, type FixtureTools } from '../../simulator/fixtures/fixtureTools.ts';
import { all } from '../support/bookWriteKit.ts';
import { loadedFixture, sampleFixture } from '../support/fixtureTestKit.ts';

function statusOf(run: () => unknown): number | 'accepted' {
  try {
    run();
    return 'accepted';
  } catch (error) {
    if (error instanceof DesktopError) return error.status;
    throw error;
  }
}

describe('issue 34: dates stay within the desktop calendar (1901-01-01 to 2099-12-31)', () => {
  let tools: FixtureTools;
  let file: CompanyFile;
  let net30: string;
  let customer: string;
  let vendor: string;
  let expense: string;
  beforeAll(async () => {
    tools = await loadFixtureTools();
    file = loadedFixture(tools, sampleFixture());
    net30 = String(file.add('ldg_standard_term', { name: 'Net 30 calendar', dueDays: 30 })['id']);
    customer = String(all(file, 'ldg_customer')[0]?.['id']);
    vendor = String(all(file, 'ldg_vendor')[0]?.['id']);
    expense = String(all(file, 'ldg_account').find((a) => a['accountType'] === 'expense')?.['id']);
  });

  const invoice = (date: string): JsonObject => ({ customerId: customer, transactionDate: date, termsId: net30, lines: [{ description: 'Edge of time', amount: '10.00' }] });
  const bill = (date: string): JsonObject => ({ vendorId: vendor, transactionDate: date, termsId: net30, expenseLines: [{ accountId: expense, amount: '10.00' }] });

  it.each([
    ['an invoice', 'ldg_invoice', invoice],
    ['a bill', 'ldg_bill', bill],
  ] as const)('%s dated outside the calendar is refused with 3020, at both ends', (_name, type, body) => {
    for (const date of ['9999-12-31', '2100-01-01', '1900-12-31', '0001-01-01', '0099-06-30']) expect(statusOf(() => file.add(type, body(date))), date).toBe(3020);
    expect(statusOf(() => file.add(type, body('1901-01-01')))).toBe('accepted');
  });

  it('a date inside a line is held to the calendar too', () => {
    expect(statusOf(() => file.add('ldg_invoice', { ...invoice('2025-06-30'), lines: [{ description: 'x', amount: '1.00', serviceDate: '2150-01-01' }] }))).toBe(3020);
  });

  it('a due date the terms would put past the calendar falls on its last day, and the export loads again', () => {
    const made = [file.add('ldg_invoice', invoice('2099-12-31')), file.add('ldg_bill', bill('2099-12-20'))];
    expect(made.map((d) => d['dueDate'])).toEqual(['2099-12-31', '2099-12-31']);
    const again = loadedFixture(tools, exportFixture(file, tools));
    expect(all(again, 'ldg_invoice').filter((d) => d['transactionDate'] === '2099-12-31').map((d) => d['dueDate'])).toEqual(['2099-12-31']);
  });

  it('a report or a list asked for days outside the calendar is refused with 3020; reports at its first year name their years', () => {
    const report = (query: Record<string, JsonValue>): JsonObject => runReport(file, 'general-summary', { reportType: 'profit_and_loss_standard', ...query });
    expect(statusOf(() => report({ reportDateFrom: '2099-01-01', reportDateTo: '9999-12-31', summarizeColumnsBy: 'month' }))).toBe(3020);
    expect(statusOf(() => report({ reportDateFrom: '0001-01-01', reportDateTo: '2025-12-31' }))).toBe(3020);
    expect(statusOf(() => report({ reportDateTo: '2025-12-31', updatedAfter: '1800-01-01' }))).toBe(3020);
    const quarters = report({ reportDateFrom: '1901-01-01', reportDateTo: '1901-12-31', summarizeColumnsBy: 'quarter' });
    // The desktop writes a column's year in two digits: in 1901, "01", never nothing.
    const titles = (quarters['columns'] as JsonObject[]).flatMap((c) => (c['titles'] as JsonObject[]).map((t) => t['value']));
    expect(titles).toEqual([null, 'Jan 1 - Mar 31, 01', 'Apr 1 - Jun 30, 01', 'Jul 1 - Sep 30, 01', 'Oct 1 - Dec 31, 01', 'TOTAL']);
    expect(statusOf(() => new QueryEngine(file).firstPage('ldg_invoice', { transactionDateFrom: '1900-01-01' }, 10))).toBe(3020);
    expect(statusOf(() => new QueryEngine(file).firstPage('ldg_invoice', { updatedAfter: '2100-01-01T00:00:00Z' }, 10))).toBe(3020);
  });
});
