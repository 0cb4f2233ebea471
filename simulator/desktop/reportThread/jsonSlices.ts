import type { ReportJsonParts } from '../reports/ReportSheet.ts';

/**
 * Rows written into one slice of a report's JSON: about a megabyte of a ledger's (700 bytes a row),
 * so that the main thread sends the first while this thread writes the next.
 */
export const ROWS_PER_SLICE = 1500;

/**
 * `parts` as UTF-8, one after the other, in a buffer of their own (not Node's shared pool: it is
 * moved to another thread). Each part is written where it goes: joining them into one string
 * first had V8 copy a slice's megabyte into a flat string, then encode it into a second one, both
 * fresh memory each time (a history's deposit detail, 51 MB of JSON: 240-420 ms, against 30-60
 * ms written part by part).
 */
function bytesOf(parts: readonly string[]): Uint8Array<ArrayBuffer> {
  let total = 0;
  for (const part of parts) total += Buffer.byteLength(part, 'utf8');
  const out = Buffer.allocUnsafeSlow(total);
  let at = 0;
  for (const part of parts) at += out.write(part, at, 'utf8');
  // Every byte of an unzeroed buffer is written, or the slice is not sent.
  if (at !== total) throw new Error(`a report slice came to ${at} bytes of the ${total} counted`);
  return out as Uint8Array<ArrayBuffer>;
}

/**
 * A report's JSON (`ReportSheet.jsonParts`: its head, then its rows, which come last) in slices of
 * `rowsPerSlice` rows: the head and the first rows, then the next rows, the last closing the
 * answer. A report with no more rows than a slice is one slice. Each slice has a buffer of its own,
 * to be moved to the main thread without a copy.
 */
export function* jsonSlices(report: ReportJsonParts, rowsPerSlice = ROWS_PER_SLICE): Generator<Uint8Array<ArrayBuffer>> {
  // Everything but the rows, their array left open: `..."rows":[`.
  const head = JSON.stringify({ ...report.head, rows: [] }).slice(0, -2);
  const rows = (from: number, to: number, parts: string[]): string[] => {
    for (let i = from; i < to; i++) parts.push(i > 0 ? `,${report.rowJson(i)}` : report.rowJson(i));
    return parts;
  };
  if (report.rowCount <= rowsPerSlice) {
    yield bytesOf([...rows(0, report.rowCount, [head]), ']}']);
    return;
  }
  yield bytesOf([head]);
  for (let at = 0; at < report.rowCount; at += rowsPerSlice) {
    const to = Math.min(report.rowCount, at + rowsPerSlice);
    const parts = rows(at, to, []);
    if (to === report.rowCount) parts.push(']}');
    yield bytesOf(parts);
  }
}
