import { describe, expect, it } from 'vitest';
import { seededBooks } from '../../../test/support/seededBooks.ts';
import type { JsonValue } from '../values/json.ts';
import { AXIS_REPORTS, countedPostings, type AxisReport } from './byAxisReports.ts';
import { ReportBooks } from './ReportBooks.ts';
import { readReportRequest } from './ReportRequest.ts';
import { runReport } from './runReport.ts';

const seeded = seededBooks({ customers: 12, invoices: 30, 'sales-receipts': 6, 'credit-memos': 4, bills: 8, checks: 5, 'credit-card-charges': 3, 'journal-entries': 4 });

const DETAILS: Record<string, keyof typeof AXIS_REPORTS> = {
  sales_by_customer_detail: 'salesByCustomer',
  sales_by_item_detail: 'salesByItem',
  income_by_customer_detail: 'incomeByCustomer',
  expense_by_vendor_detail: 'expenseByVendor',
  income_tax_detail: 'incomeTax',
  sales_by_sales_representative_detail: 'salesByRep',
};

describe('a detail by customer, vendor, item or tax line', () => {
  it('counts its rows in SQLite exactly as it lists them, so one too long is refused before it is read', () => {
    const file = seeded(3);
    const someCustomer = file.store.db.prepare("SELECT name FROM object_rows WHERE type = 'ldg_customer' ORDER BY seq LIMIT 1").pluck().get() as string;
    const queries: Record<string, JsonValue>[] = [{ reportDateMacro: 'all' }, { reportDateFrom: '2025-01-01', reportDateTo: '2025-03-31' }, { reportDateMacro: 'all', entityFullNames: [someCustomer] }];
    const seen = new Set<number>();
    for (const [reportType, axis] of Object.entries(DETAILS)) {
      expect((AXIS_REPORTS[axis] as AxisReport).countedBy, reportType).toBeDefined();
      for (const asked of queries) {
        const query = { reportType, ...asked };
        const listed = (runReport(file, 'general-detail', query)['rows'] as { kind: string }[]).filter((r) => r.kind === 'data').length;
        seen.add(listed);
        const books = new ReportBooks(file);
        expect(countedPostings(books, readReportRequest(books, 'general_detail', query, 'all'), AXIS_REPORTS[axis]), `${reportType} ${JSON.stringify(asked)}`).toBe(listed);
      }
    }
    // The periods and the filter list different postings: the counts are not all one number.
    expect(seen.size).toBeGreaterThan(3);
    expect(Math.max(...seen)).toBeGreaterThan(50);
  });
});

describe('a summary by customer or vendor over a whole history', () => {
  it('adds up to its detail, the sales by customer counting sales alone where other transactions name customers on income accounts too', () => {
    const file = seeded(4);
    const idOf = (type: string, where = ''): string => String(file.store.db.prepare(`SELECT id FROM object_rows WHERE type = ? ${where} ORDER BY seq LIMIT 1`).pluck().get(type));
    const income = String(file.store.db.prepare("SELECT r.id FROM object_rows r JOIN bodies b ON b.seq = r.seq WHERE r.type = 'ldg_account' AND json_extract(CAST(b.doc AS TEXT), '$.accountType') = 'income' ORDER BY r.seq LIMIT 1").pluck().get());
    const customer = idOf('ldg_customer');
    // Not a sale: income from a customer by journal entry, which the sales summary must leave out and the income summary keep.
    file.add('ldg_journal_entry', { transactionDate: '2025-02-03', debitLines: [{ accountId: idOf('ldg_account', "AND tag = 'equity'"), amount: '77.00' }], creditLines: [{ accountId: income, amount: '77.00', entityId: customer }] });
    type Row = { kind: string; rowDescriptor: { value: string } | null; cells: { columnId: string; value: string | null }[] };
    const rowsOf = (family: string, reportType: string): Row[] => runReport(file, family, { reportType, reportDateMacro: 'all' })['rows'] as unknown as Row[];
    const cell = (row: Row, column: string): string | null | undefined => row.cells.find((c) => c.columnId === column)?.value;
    const figures: Record<string, Record<string, string>> = {};
    for (const axis of ['sales_by_customer', 'income_by_customer', 'expense_by_vendor']) {
      const summary = new Map(rowsOf('general-summary', `${axis}_summary`).filter((r) => r.kind === 'data').map((r) => [String(r.rowDescriptor?.value), cell(r, 'total')]));
      const detail = new Map(rowsOf('general-detail', `${axis}_detail`).filter((r) => r.kind === 'subtotal').map((r) => [String(r.rowDescriptor?.value), cell(r, 'amount')]));
      expect(summary.size, axis).toBeGreaterThan(3);
      expect(Object.fromEntries(summary), axis).toEqual(Object.fromEntries(detail));
      figures[axis] = Object.fromEntries(summary) as Record<string, string>;
    }
    // The journal entry's customer: its income is 77.00 more than its sales.
    const name = String(file.store.db.prepare('SELECT name FROM object_rows WHERE id = ?').pluck().get(customer));
    const key = Object.keys(figures['income_by_customer'] ?? {}).find((k) => k === name || k.endsWith(name)) ?? name;
    expect(Number(figures['income_by_customer']?.[key]) - Number(figures['sales_by_customer']?.[key] ?? 0)).toBeCloseTo(77, 2);
  });
});
