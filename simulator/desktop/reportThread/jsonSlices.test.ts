import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../values/json.ts';
import { jsonSlices } from './jsonSlices.ts';
import type { FromReportThread } from './reportMessages.ts';
import { postSlices } from './reportWorker.ts';

/** A report of `n` rows, text with quotes, escapes and characters of several UTF-8 lengths among them. */
function reportOf(n: number): JsonObject {
  const rows = Array.from({ length: n }, (_, i): JsonObject =>
    i % 3 === 0
      ? { kind: 'text', rowNumber: i + 1, text: `Compte "${i}" \\ é — 💶\n` }
      : { kind: 'data', rowNumber: i + 1, rowDescriptor: { type: 'transaction', value: String(i) }, cells: [{ columnId: 'amount', value: i % 2 ? null : `${i}.00`, dataType: 'amount' }] },
  );
  return { objectType: 'ldg_report', title: 'Général', rowCount: n, columns: [], rows };
}

const joined = (slices: Iterable<Uint8Array>): string => Buffer.concat([...slices]).toString('utf8');

describe('a report written in slices', () => {
  it.each([0, 1, 4, 5, 6, 14, 15, 16])('is JSON.stringify byte for byte, %i rows in slices of 5', (n) => {
    const report = reportOf(n);
    const slices = [...jsonSlices(report, 5)];
    expect(joined(slices)).toBe(JSON.stringify(report));
    // One slice when the rows fit one; else the head alone, then a slice per 5 rows.
    expect(slices).toHaveLength(n <= 5 ? 1 : 1 + Math.ceil(n / 5));
    // Each slice has a buffer of its own, to be moved to another thread.
    expect(new Set(slices.map((s) => s.buffer)).size).toBe(slices.length);
  });

  it('is one slice when the rows are not the last field (the head could not be written before them)', () => {
    const { rows = [], ...rest } = reportOf(12);
    const report: JsonObject = { rows, ...rest };
    expect([...jsonSlices(report, 5)]).toHaveLength(1);
    expect(joined(jsonSlices(report, 5))).toBe(JSON.stringify(report));
  });

  it('is posted slice by slice, the last marked, and no more once the main thread says stop', () => {
    const report = reportOf(40_000);
    const posted: FromReportThread[] = [];
    postSlices((reply) => posted.push(reply), 7, report, new Int32Array(new SharedArrayBuffer(4)));
    expect(posted.map((p) => ('last' in p ? p.last : 'error'))).toEqual([...posted.map(() => false).slice(1), true]);
    expect(joined(posted.map((p) => ('part' in p ? p.part : new Uint8Array())))).toBe(JSON.stringify(report));

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
