import { describe, expect, it } from 'vitest';
import { tooManyRows } from './runReport.ts';
import { MAX_ROWS, ReportSheet, TooManyRows } from './ReportSheet.ts';

describe('a report sheet', () => {
  it('keeps what the request asks of a report of the most rows a report holds, numbered again (a long history of detail)', () => {
    const sheet = new ReportSheet({ category: 'general_detail', reportType: 'general_ledger', title: 'General Ledger', subtitle: '', basis: 'accrual' });
    sheet.addColumns(['amount']);
    const count = MAX_ROWS;
    for (let i = 0; i < count; i++) {
      if (i % 10 === 9) sheet.subtotal(null, { amount: '10.00' });
      else sheet.data(null, { amount: '1.00' });
    }
    const rows = sheet.keep('all_except_summary', 'all').toJson()['rows'] as { kind: string; rowNumber: number }[];
    expect(rows).toHaveLength(count - count / 10);
    expect(rows.every((r, i) => r.kind === 'data' && r.rowNumber === i + 1)).toBe(true);
  });

  it('refuses a row past the limit, and refuses ahead a layout that says how many rows it will add', () => {
    const sheet = new ReportSheet({ category: 'general_detail', reportType: 'general_ledger', title: 'General Ledger', subtitle: '', basis: 'accrual' });
    sheet.addColumns(['amount']);
    sheet.text('Checking');
    expect(() => sheet.reserve(MAX_ROWS)).toThrow(TooManyRows);
    sheet.reserve(MAX_ROWS - 1);
    for (let i = 1; i < MAX_ROWS; i++) sheet.data(null, { amount: '1.00' });
    expect(() => sheet.total(null, { amount: '1.00' })).toThrow(TooManyRows);
  });

  it('answers a report past the limit with a 400 on the period the request gave, saying how to narrow it', () => {
    const refusal = tooManyRows({ reportType: 'general_ledger', reportDateFrom: '2020-01-01' }, new TooManyRows(1_031_350));
    expect(refusal.field).toBe('reportDateFrom');
    expect(refusal.message).toBe('the report would have at least 1031350 rows, more than 100000; ask for a shorter period (reportDateFrom, reportDateTo) or filter it (by account, name, item, class or transaction type)');
    expect(tooManyRows({ reportType: 'general_ledger', reportDateMacro: 'all' }, new TooManyRows(100_001)).field).toBe('reportDateMacro');
  });
});
