import { describe, expect, it } from 'vitest';
import { seededBooks } from '../../../test/support/seededBooks.ts';
import { figure, type ReportJson } from '../../../test/support/reportFigures.ts';
import { runReport } from '../reports/runReport.ts';
import type { CompanyFile } from '../CompanyFile.ts';
import type { JsonValue } from '../values/json.ts';

const seeded = seededBooks({ customers: 3, invoices: 2 });
const report = (file: CompanyFile, family: string, query: Record<string, JsonValue>): ReportJson => runReport(file, family, query) as unknown as ReportJson;

describe('an opening balance', () => {
  it.each([
    ['ldg_customer', { name: 'Opening Dated Co' }, 'customer_balance_summary'],
    ['ldg_vendor', { name: 'Opening Dated Supply' }, 'vendor_balance_summary'],
  ] as const)('of a new %s is posted on its openingBalanceDate, and shows in the balances from that day on', (type, body, reportType) => {
    const file = seeded(3);
    const made = file.add(type, { ...body, openingBalance: '250.00', openingBalanceDate: '2024-01-15' });
    const days = file.store.db.prepare('SELECT DISTINCT posted_on FROM postings WHERE txn_id = ?').pluck().all(`opening:${String(made['id'])}`);
    expect(days).toEqual(['2024-01-15']);
    const balanceOn = (day: string): number => figure(report(file, 'general-summary', { reportType, reportDateTo: day }), body.name, 'total');
    expect(balanceOn('2024-01-14')).toBe(0);
    expect(balanceOn('2024-01-15')).toBe(25_000);
  });

  it('without a date is posted on the day the object was made', () => {
    const file = seeded(3);
    const made = file.add('ldg_customer', { name: 'Opening Undated Co', openingBalance: '10.00' });
    const days = file.store.db.prepare('SELECT DISTINCT posted_on FROM postings WHERE txn_id = ?').pluck().all(`opening:${String(made['id'])}`);
    expect(days).toEqual([String(made['createdAt']).slice(0, 10)]);
  });
});
