import { httpsGet, httpsGetTail, type GetTarget } from './httpsGet.ts';
import { latencyStats, type LatencyStats } from './latencyStats.ts';

export interface ConcurrencySetup {
  /** Another end user's first list page, e.g. /v1/ledger-desktop/customers?limit=150. */
  listPath: string;
  listRequests: number;
  /** A sandbox control, answered by the Service alone. */
  controlPath: string;
  controlRequests: number;
  /** Unmeasured requests of each path before the baseline: sockets, TLS and JIT warm. */
  warmup: number;
  /**
   * Rounds of the quiet baseline. The loaded phase runs several rounds, so a baseline of one would
   * divide a p99 of many requests by the 4th slowest of 400 (it moved between 4.9 and 14 ms from
   * run to run).
   */
  quietRounds: number;
  /**
   * Under load, rounds of the same requests go on until every load report has answered once (so
   * the end of a report, its body built and sent, falls inside the measurement too), or this long.
   */
  maxLoadedSeconds: number;
}

export interface SequentialRun {
  latency: LatencyStats;
  errors: number;
  firstError?: string;
}

export interface ConcurrencyPhase {
  list: SequentialRun;
  control: SequentialRun;
  /** Rounds of `listRequests` then `controlRequests`; the figures cover them all. */
  rounds: number;
}

export interface ConcurrencyResult {
  baseline: ConcurrencyPhase;
  underLoad: ConcurrencyPhase;
  /** The report requests the background loop kept asking, in turn. */
  loadPaths: string[];
  /** Reports the loop sent and finished while the measured requests ran, and how many of those were not 200. */
  reportsStarted: number;
  reportsCompleted: number;
  reportErrors: number;
  /** The loop's first answer that was not 200, or its first failure. */
  firstReportError?: string;
  /** Wall time of the measured requests under load. */
  underLoadSeconds: number;
}

interface Samples {
  samples: number[];
  errors: number;
  firstError?: string;
}

/** `count` requests one after the other, each timed from sent to its whole body read. */
async function sequential(target: GetTarget, path: string, count: number, into: Samples): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    try {
      const res = await httpsGetTail(target, path);
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.head.subarray(0, 200).toString('utf8')}`);
      into.samples.push(performance.now() - started);
    } catch (error) {
      into.errors += 1;
      into.firstError ??= error instanceof Error ? error.message : String(error);
    }
  }
}

function runOf(s: Samples): SequentialRun {
  return { latency: latencyStats(s.samples), errors: s.errors, ...(s.firstError ? { firstError: s.firstError } : {}) };
}

/** Rounds of the list page then the control, until `more(rounds)` says enough (after one round at least). */
async function phase(other: GetTarget, control: GetTarget, setup: ConcurrencySetup, more: (rounds: number) => boolean): Promise<ConcurrencyPhase> {
  const list: Samples = { samples: [], errors: 0 };
  const controls: Samples = { samples: [], errors: 0 };
  let rounds = 0;
  do {
    await sequential(other, setup.listPath, setup.listRequests, list);
    await sequential(control, setup.controlPath, setup.controlRequests, controls);
    rounds += 1;
  } while (more(rounds));
  return { list: runOf(list), control: runOf(controls), rounds };
}

interface ReportLoop {
  started: number;
  completed: number;
  errors: number;
  firstError?: string;
  /** Asks the loop to stop after the report in flight, and resolves once that one has answered. */
  stop(): Promise<void>;
}

/**
 * Reports of `paths` in turn, one at a time, until stopped: an end user whose desktop is never idle.
 * Asked from this process, not one of its own as the large upload is (postFileProcess.ts): on 2
 * cores a process reading 51 MB reports back to back takes a core from the server, and A's p99
 * ratio went from 1.55-2.02x to 3.44-4.96x (2026-11-29, two runs each way).
 */
function startReportLoop(target: GetTarget, paths: readonly string[], timeoutMs: number): ReportLoop {
  let stopped = false;
  const loop: ReportLoop = { started: 0, completed: 0, errors: 0, stop: async () => undefined };
  const running = (async () => {
    for (let i = 0; !stopped; i += 1) {
      const path = paths[i % paths.length] ?? '';
      loop.started += 1;
      try {
        // Only the ends of the body are kept: whole-history reports are tens of megabytes.
        const res = await httpsGetTail(target, path, 300, timeoutMs);
        if (res.status !== 200) throw new Error(`HTTP ${res.status} on ${path}: ${res.head.subarray(0, 200).toString('utf8')}`);
      } catch (error) {
        loop.errors += 1;
        loop.firstError ??= error instanceof Error ? error.message : String(error);
      }
      loop.completed += 1;
    }
  })();
  loop.stop = async () => {
    stopped = true;
    await running;
  };
  return loop;
}

/**
 * Another end user's list page and a sandbox control, first on a quiet server, then while one end
 * user's reports run back to back. Reports of a company file on disk run on a worker thread: this
 * checks that the main thread stays free for everyone else. Each target has its own connection.
 */
export async function concurrencyCheck(other: GetTarget, control: GetTarget, reports: GetTarget, loadPaths: readonly string[], setup: ConcurrencySetup, reportTimeoutMs: number): Promise<ConcurrencyResult> {
  for (let i = 0; i < setup.warmup; i += 1) {
    await httpsGet(other, setup.listPath);
    await httpsGet(control, setup.controlPath);
  }
  const baseline = await phase(other, control, setup, (rounds) => rounds < setup.quietRounds);
  const loop = startReportLoop(reports, loadPaths, reportTimeoutMs);
  const started = performance.now();
  const underLoad = await phase(other, control, setup, () => loop.completed < loadPaths.length && performance.now() - started < setup.maxLoadedSeconds * 1000);
  const underLoadSeconds = (performance.now() - started) / 1000;
  const { started: reportsStarted, completed: reportsCompleted, errors: reportErrors } = loop;
  await loop.stop();
  return {
    baseline,
    underLoad,
    loadPaths: [...loadPaths],
    reportsStarted,
    reportsCompleted,
    reportErrors,
    ...(loop.firstError ? { firstReportError: loop.firstError } : {}),
    underLoadSeconds,
  };
}
