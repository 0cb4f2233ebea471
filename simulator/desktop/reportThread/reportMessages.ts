import type { QueryParams } from '../queries/QueryEngine.ts';
import type { ThreadError } from './threadErrors.ts';

/** One report to compute: the company file's path, the request, and the time the main thread's file says it is. */
export interface ReportRequest {
  path: string;
  family: string;
  query: QueryParams;
  nowSeconds: number;
}

/** What the main thread sends: a report, or that a file was deleted (its path may be a new file next). */
export type ToReportThread = ({ kind: 'report'; id: number } & ReportRequest) | { kind: 'forget'; path: string };

/** What the thread answers, by the request's id: the report's JSON (its buffer moved, not copied), or what it threw. */
export type FromReportThread = { id: number; json: Uint8Array<ArrayBuffer> } | { id: number; error: ThreadError };
