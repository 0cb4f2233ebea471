import { httpsGetTail, type GetTarget } from './httpsGet.ts';
import { latencyStats, type LatencyStats } from './latencyStats.ts';

export interface LoadOptions {
  /** The list path without cursor, e.g. /v1/ledger-desktop/customers?limit=150. */
  firstPagePath: string;
  /** Follow each page's cursor to the end of the list (later pages), or ask the first page every time. */
  follow: boolean;
  warmup: number;
  measured: number;
  concurrency: number;
  /**
   * Open loop: requests are due at this many per second, evenly spaced, whatever the answers'
   * speed; a request's latency counts from when it was due if no connection was free by then (so
   * queueing at the server counts, as wrk2 measures). Unset: closed loop, each connection asks
   * again as soon as it has its answer.
   */
  ratePerSec?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  reqPerSec: number;
  mbPerSec: number;
  meanBodyBytes: number;
  /** Full list walks completed in the measured phase, over all connections. */
  walksCompleted: number;
  latency: LatencyStats;
  firstError?: string;
}

interface Walker {
  cursor: string | null;
}

const CURSOR_KEY = Buffer.from('"nextCursor":');

/**
 * The envelope ends with nextCursor after the data array, so the cursor is read from the tail:
 * parsing a 200 kB page per request would make the client, not the server, the bottleneck.
 */
export function nextCursorOf(body: Buffer): string | null {
  const at = body.lastIndexOf(CURSOR_KEY);
  if (at < 0) return null;
  const match = /^"([^"]+)"/.exec(body.subarray(at + CURSOR_KEY.length, at + CURSOR_KEY.length + 200).toString('latin1'));
  return match?.[1] ?? null;
}

interface Tally {
  samples: number[];
  bytes: number;
  errors: number;
  walks: number;
  firstError?: string;
}

async function step(target: GetTarget, options: LoadOptions, walker: Walker, tally: Tally | undefined, due: number | undefined): Promise<void> {
  const path = walker.cursor === null ? options.firstPagePath : `${options.firstPagePath}&cursor=${encodeURIComponent(walker.cursor)}`;
  const started = due ?? performance.now();
  try {
    const res = await httpsGetTail(target, path);
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.head.subarray(0, 300).toString('utf8')}`);
    walker.cursor = options.follow ? nextCursorOf(res.tail) : null;
    if (!tally) return;
    tally.samples.push(elapsed);
    tally.bytes += res.bytes;
    if (walker.cursor === null) tally.walks += 1;
  } catch (error) {
    // A failed page (an expired cursor, say) restarts the walk; it is counted, never retried.
    walker.cursor = null;
    if (!tally) return;
    tally.errors += 1;
    tally.firstError ??= error instanceof Error ? error.message : String(error);
  }
}

/** `count` requests spread over `walkers`, each walker one request at a time on its own connection. */
async function phase(target: GetTarget, options: LoadOptions, walkers: Walker[], count: number, tally: Tally | undefined): Promise<void> {
  let issued = 0;
  const start = performance.now();
  const interval = options.ratePerSec ? 1000 / options.ratePerSec : 0;
  await Promise.all(
    walkers.map(async (walker) => {
      while (issued < count) {
        const slot = issued;
        issued += 1;
        // Late (every connection was busy when it fell due): its latency counts from when it was due.
        let late: number | undefined;
        if (interval > 0) {
          const due = start + slot * interval;
          const now = performance.now();
          if (now < due) await new Promise((resolve) => setTimeout(resolve, due - now));
          else late = due;
        }
        await step(target, options, walker, tally, late);
      }
    }),
  );
}

/**
 * Closed-loop load (or open-loop with `ratePerSec`): `concurrency` walkers page through the list with its cursor and start over at
 * the end. A fixed request count (not a fixed duration) keeps every run the same amount of work.
 */
export async function runLoad(target: GetTarget, options: LoadOptions): Promise<LoadResult> {
  const walkers: Walker[] = Array.from({ length: options.concurrency }, () => ({ cursor: null }));
  await phase(target, options, walkers, options.warmup, undefined);
  const tally: Tally = { samples: [], bytes: 0, errors: 0, walks: 0 };
  const started = performance.now();
  await phase(target, options, walkers, options.measured, tally);
  const seconds = (performance.now() - started) / 1000;
  const ok = tally.samples.length;
  return {
    requests: options.measured,
    errors: tally.errors,
    seconds,
    reqPerSec: ok / seconds,
    mbPerSec: tally.bytes / 1e6 / seconds,
    meanBodyBytes: ok ? tally.bytes / ok : 0,
    walksCompleted: tally.walks,
    latency: latencyStats(tally.samples),
    firstError: tally.firstError,
  };
}
