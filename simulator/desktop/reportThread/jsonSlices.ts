import type { ReportJsonParts } from '../reports/ReportSheet.ts';

/**
 * Rows written into one slice of a report's JSON: about a megabyte of a ledger's (700 bytes a row),
 * so that the main thread sends the first while this thread writes the next.
 */
export const ROWS_PER_SLICE = 1500;

const encoder = new TextEncoder();

/**
 * A report's JSON (`ReportSheet.jsonParts`: its head, then its rows, which come last) in slices of
 * `rowsPerSlice` rows: the head and the first rows, then the next rows, the last closing the
 * answer. A report with no more rows than a slice is one slice. Each slice has a buffer of its own,
 * to be moved to the main thread without a copy.
 */
export function* jsonSlices(report: ReportJsonParts, rowsPerSlice = ROWS_PER_SLICE): Generator<Uint8Array<ArrayBuffer>> {
  // Everything but the rows, their array left open: `..."rows":[`.
  const head = JSON.stringify({ ...report.head, rows: [] }).slice(0, -2);
  const rows = (from: number, to: number): string => {
    let json = '';
    for (let i = from; i < to; i++) json += i > from ? `,${report.rowJson(i)}` : report.rowJson(i);
    return json;
  };
  if (report.rowCount <= rowsPerSlice) {
    yield encoder.encode(`${head}${rows(0, report.rowCount)}]}`);
    return;
  }
  yield encoder.encode(head);
  for (let at = 0; at < report.rowCount; at += rowsPerSlice) {
    const to = Math.min(report.rowCount, at + rowsPerSlice);
    yield encoder.encode(`${at > 0 ? ',' : ''}${rows(at, to)}${to === report.rowCount ? ']}' : ''}`);
  }
}
