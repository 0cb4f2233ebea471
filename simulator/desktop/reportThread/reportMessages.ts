import type { QueryParams } from '../queries/QueryEngine.ts';
import type { ThreadError } from './threadErrors.ts';

/** One report to compute: the company file's path, the request, and the time the main thread's file says it is. */
export interface ReportRequest {
  path: string;
  family: string;
  query: QueryParams;
  nowSeconds: number;
}

/**
 * What the main thread sends: a report, or that a file was deleted (its path may be a new file next).
 * `stop` is shared: the main thread sets it when no one wants the rest of a report's JSON (its client left).
 */
export type ToReportThread = ({ kind: 'report'; id: number; stop: Int32Array<SharedArrayBuffer> } & ReportRequest) | { kind: 'forget'; path: string };

/**
 * What the thread answers, by the request's id: the report's JSON a slice at a time (each buffer
 * moved, not copied; `last` on the slice that closes it), or what it threw before the first slice.
 */
export type FromReportThread = { id: number; part: Uint8Array<ArrayBuffer>; last: boolean } | { id: number; error: ThreadError };
