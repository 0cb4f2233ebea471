import { describe, expect, it } from 'vitest';
import { ReportSheet, type RowDescriptor } from '../reports/ReportSheet.ts';
import { jsonSlices } from './jsonSlices.ts';
import type { FromReportThread } from './reportMessages.ts';
import { postSlices } from './reportWorker.ts';

/**
 * A report of `n` rows (text, data, subtotal and total rows; descriptors null, named and left
 * undefined), text with quotes, escapes and characters of several UTF-8 lengths among them.
 */
function sheetOf(n: number): ReportSheet {
  const sheet = new ReportSheet({ category: 'general_detail', reportType: 'journal', title: 'Général "x"', subtitle: 'All', basis: null }).addColumns(['amount', 'memo']);
  for (let i = 0; i < n; i++) {
    if (i % 4 === 0) sheet.text(`Compte "${i}" \\ é — 💶\n`);
    else if (i % 4 === 1) sheet.data({ type: 'transaction', value: String(i) }, { label: null, amount: i % 2 ? null : `${i}.00`, memo: `mémo ${i}\t"q"` });
    else if (i % 4 === 2) sheet.subtotal(i % 8 === 2 ? null : ({ type: 'label' } as RowDescriptor), { label: `Total ${i}`, amount: '1.00' });
    else sheet.total({ type: 'label', value: null }, {});
  }
  return sheet;
}

const joined = (slices: Iterable<Uint8Array>): string => Buffer.concat([...slices]).toString('utf8');

describe('a report written in slices', () => {
  it.each([0, 1, 4, 5, 6, 14, 15, 16])('is JSON.stringify of the report byte for byte, %i rows in slices of 5', (n) => {
    const sheet = sheetOf(n);
    const slices = [...jsonSlices(sheet.jsonParts(), 5)];
    expect(joined(slices)).toBe(JSON.stringify(sheet.toJson()));
    // One slice when the rows fit one; else the head alone, then a slice per 5 rows.
    expect(slices).toHaveLength(n <= 5 ? 1 : 1 + Math.ceil(n / 5));
    // Each slice has a buffer of its own, to be moved to another thread.
    expect(new Set(slices.map((s) => s.buffer)).size).toBe(slices.length);
  });

  it('is JSON.stringify byte for byte once the request kept less: rows of some kinds, columns of some values', () => {
    const sheet = (): ReportSheet => {
      const out = new ReportSheet({ category: 'general_summary', reportType: 'profit_and_loss_by_class', title: 'P&L', subtitle: '', basis: 'accrual' });
      out.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
      for (const id of ['column_a', 'column_b', 'column_c']) out.addColumn({ id, type: 'amount', dataType: 'amount', titles: [id, 'x'] });
      out.text('Income').data({ type: 'account', value: 'Sales' }, { label: 'Sales', column_a: '1.00', column_b: '0.00' });
      out.data({ type: 'account', value: 'Fees' }, { label: 'Fees', column_c: '2.50' }).subtotal(null, { label: 'Total', column_a: '1.00', column_c: '2.50' });
      return out.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', column_a: '1.00', column_c: '2.50' });
    };
    for (const [detail, columns] of [['summary_only', 'non_zero'], ['all_except_summary', 'active_only'], ['all', 'all']]) {
      const kept = sheet().keep(detail, columns);
      expect(joined(jsonSlices(kept.jsonParts(), 2)), `${detail} ${columns}`).toBe(JSON.stringify(kept.toJson()));
    }
    // What non_zero drops: the column with nothing but zero and blanks, in every row.
    expect((sheet().keep('all', 'non_zero').toJson()['columns'] as { columnId: string }[]).map((c) => c.columnId)).toEqual(['label', 'column_a', 'column_c']);
  });

  it('is posted slice by slice, the last marked, and no more once the main thread says stop', () => {
    const sheet = sheetOf(40_000);
    const report = sheet.jsonParts();
    const posted: FromReportThread[] = [];
    postSlices((reply) => posted.push(reply), 7, report, new Int32Array(new SharedArrayBuffer(4)));
    expect(posted.map((p) => ('last' in p ? p.last : 'error'))).toEqual([...posted.map(() => false).slice(1), true]);
    expect(joined(posted.map((p) => ('part' in p ? p.part : new Uint8Array())))).toBe(JSON.stringify(sheet.toJson()));

    // Stopped after the second slice (its client left): nothing else is written.
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const cut: FromReportThread[] = [];
    postSlices(
      (reply) => {
        cut.push(reply);
        if (cut.length === 2) Atomics.store(stop, 0, 1);
      },
      8,
      report,
      stop,
    );
    expect(posted.length).toBeGreaterThan(3);
    expect(cut).toHaveLength(2);
    expect(cut.every((p) => p.id === 8 && 'last' in p && !p.last)).toBe(true);
  });
});
