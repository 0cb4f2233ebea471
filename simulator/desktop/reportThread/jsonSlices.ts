import type { JsonObject } from '../values/json.ts';

/**
 * Rows written into one slice of a report's JSON: about a megabyte of a ledger's (700 bytes a row),
 * so that the main thread sends the first while this thread writes the next.
 */
export const ROWS_PER_SLICE = 1500;

const encoder = new TextEncoder();

/**
 * A report's JSON, `JSON.stringify(report)` byte for byte, in slices of `rowsPerSlice` rows: the
 * head and the first rows, then the next rows, the last closing the answer. A report with no more
 * rows than a slice, or whose rows are not its last field, is one slice. Each slice has a buffer of
 * its own, to be moved to the main thread without a copy.
 */
export function* jsonSlices(report: JsonObject, rowsPerSlice = ROWS_PER_SLICE): Generator<Uint8Array<ArrayBuffer>> {
  const rows = report['rows'];
  if (!Array.isArray(rows) || rows.length <= rowsPerSlice || Object.keys(report).at(-1) !== 'rows') {
    yield encoder.encode(JSON.stringify(report));
    return;
  }
  // Everything but the rows, their array left open: `..."rows":[`.
  yield encoder.encode(JSON.stringify({ ...report, rows: [] }).slice(0, -2));
  const COMMA = 0x2c;
  for (let at = 0; at < rows.length; at += rowsPerSlice) {
    // A slice's rows as an array, `[...]`, made into `...` or `,...` (and `...]}` for the last) in its bytes: no string is copied.
    const last = at + rowsPerSlice >= rows.length;
    const json = JSON.stringify(rows.slice(at, at + rowsPerSlice));
    const bytes = encoder.encode(last ? `${json}}` : json);
    if (at > 0) bytes[0] = COMMA;
    yield at === 0 ? bytes.subarray(1, last ? bytes.length : bytes.length - 1) : last ? bytes : bytes.subarray(0, bytes.length - 1);
  }
}
