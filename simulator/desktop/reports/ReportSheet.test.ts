import { describe, expect, it } from 'vitest';
import { ReportSheet } from './ReportSheet.ts';

describe('a report sheet', () => {
  it('keeps what the request asks of a report of hundreds of thousands of rows, numbered again (a whole history of detail)', () => {
    const sheet = new ReportSheet({ category: 'general_detail', reportType: 'general_ledger', title: 'General Ledger', subtitle: '', basis: 'accrual' });
    sheet.addColumns(['amount']);
    const count = 300_000;
    for (let i = 0; i < count; i++) {
      if (i % 10 === 9) sheet.subtotal(null, { amount: '10.00' });
      else sheet.data(null, { amount: '1.00' });
    }
    const rows = sheet.keep('all_except_summary', 'all').toJson()['rows'] as { kind: string; rowNumber: number }[];
    expect(rows).toHaveLength(count - count / 10);
    expect(rows.every((r, i) => r.kind === 'data' && r.rowNumber === i + 1)).toBe(true);
  });
});
