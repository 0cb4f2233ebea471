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
