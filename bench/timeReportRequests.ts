import { httpsGet, type GetResult, type GetTarget } from './httpsGet.ts';
import { median } from './latencyStats.ts';
import type { ReportRequest } from './reportRequests.ts';

export interface ReportRequestTiming extends ReportRequest {
  /** Median of the timed runs that got an answer (any status); NaN if none did. */
  medianMs: number;
  runsMs: number[];
  /** Status of the first answer; 0 when no request got one. */
  status: number;
  /** The answer's `rowCount`, when it was a report. */
  rowCount?: number;
  /** The error's message, when it was refused or failed. */
  message?: string;
  /** Why a run got no answer (a timeout, a reset); the runs of this request stop there. */
  noAnswer?: string;
  /** A later run answered with another status than the first. */
  statusChanged?: boolean;
}

export interface TimingOptions {
  warmupRuns: number;
  runs: number;
  timeoutMs: number;
}

function describe(result: GetResult): Pick<ReportRequestTiming, 'status' | 'rowCount' | 'message'> {
  let body: unknown;
  try {
    body = JSON.parse(result.body.toString('utf8'));
  } catch {
    return { status: result.status, message: `not JSON: ${result.body.toString('utf8').slice(0, 80)}` };
  }
  const record = (typeof body === 'object' && body !== null ? body : {}) as { rowCount?: unknown; error?: { message?: unknown } };
  if (result.status === 200) return { status: 200, ...(typeof record.rowCount === 'number' ? { rowCount: record.rowCount } : {}) };
  return { status: result.status, message: String(record.error?.message ?? '') };
}

/** Times one request: warm-up runs first (not counted), then `runs` runs, one after the other. */
async function timeOne(target: GetTarget, request: ReportRequest, options: TimingOptions): Promise<ReportRequestTiming> {
  const runsMs: number[] = [];
  let first: Pick<ReportRequestTiming, 'status' | 'rowCount' | 'message'> | undefined;
  let statusChanged = false;
  let noAnswer: string | undefined;
  for (let i = 0; i < options.warmupRuns + options.runs; i += 1) {
    const started = performance.now();
    let result: GetResult;
    try {
      result = await httpsGet(target, request.path, options.timeoutMs);
    } catch (error) {
      // No answer (a timeout): the server may still be at it, and another run would queue behind it.
      noAnswer = error instanceof Error ? error.message : String(error);
      break;
    }
    const ms = performance.now() - started;
    if (i >= options.warmupRuns) runsMs.push(ms);
    // The body is read once: a whole-history detail report is tens of megabytes of JSON.
    if (!first) first = describe(result);
    else if (result.status !== first.status) statusChanged = true;
  }
  return { ...request, medianMs: median(runsMs), runsMs, ...(first ?? { status: 0 }), ...(statusChanged ? { statusChanged } : {}), ...(noAnswer ? { noAnswer } : {}) };
}

/**
 * Each request in turn, never two at once: one end user's requests queue at the desktop anyway,
 * and a report running beside another would time both.
 */
export async function timeReportRequests(target: GetTarget, requests: readonly ReportRequest[], options: TimingOptions, onEach: (done: number, timing: ReportRequestTiming) => void): Promise<ReportRequestTiming[]> {
  const timings: ReportRequestTiming[] = [];
  for (const request of requests) {
    const timing = await timeOne(target, request, options);
    timings.push(timing);
    onEach(timings.length, timing);
  }
  return timings;
}
