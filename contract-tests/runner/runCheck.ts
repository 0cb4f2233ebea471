import type { Check, CheckContext, CheckResult } from './checkTypes.ts';
import { CheckFailure, CheckSkip } from './CheckFailure.ts';
import { reproducerFor } from './curl.ts';
import { codeOf, type Exchange } from './httpClient.ts';

const WRITES_SKIPPED = "changes data: runs only with --allow-writes (a real company file is someone's books)";

const baseOf = (check: Check): Pick<CheckResult, 'id' | 'area' | 'rule' | 'operationId'> => ({ id: check.id, area: check.area, rule: check.rule, operationId: check.operationId });

/** A check's result from how its work ended: passed, skipped with a reason, or failed with expected, received and a curl. */
function resultOf(check: Check, ms: number, error: unknown, ctx: CheckContext, caCertPath: string | undefined): CheckResult {
  const base = baseOf(check);
  if (error === undefined) return { ...base, status: 'pass', ms };
  if (error instanceof CheckSkip) return { ...base, status: 'skip', ms, reason: error.message };
  if (error instanceof CheckFailure) {
    return { ...base, status: 'fail', ms, expected: error.expected, received: error.received, ...(error.exchange ? { curl: reproducerFor(error.exchange, ctx.exchanges, caCertPath) } : {}) };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { ...base, status: 'fail', ms, expected: 'the check to run to the end', received: `it stopped: ${message}` };
}

/** Runs `work`, timing it, and returns what ended it (undefined when it ran to its end). */
async function timed(work: () => Promise<unknown>): Promise<{ ms: number; error: unknown; value: unknown }> {
  const started = performance.now();
  try {
    const value = await work();
    return { ms: Math.round(performance.now() - started), error: undefined, value };
  } catch (error) {
    return { ms: Math.round(performance.now() - started), error: error ?? new Error('thrown without a value'), value: undefined };
  }
}

interface Seen {
  /** Each retry made on the target's advice, as the report shows it. */
  retries: string[];
  /** An answer that still said "retry" when the retries were spent: what it was. */
  stayedBusy: string | undefined;
}

/** Watches, while `work` runs, the retries its requests made on the target's advice. */
async function withRetriesSeen<T>(ctx: CheckContext, work: () => Promise<T>): Promise<{ value: T } & Seen> {
  const seen: Seen = { retries: [], stayedBusy: undefined };
  const watch = (e: Exchange): void => {
    const last = e.retried?.at(-1);
    if (last) seen.retries.push(`${new URL(e.request.url).pathname}: ${last.status || 'no answer'} ${last.code ?? ''}, waited ${last.waitedMs} ms`);
    if (e.retriesSpent) seen.stayedBusy = `${new URL(e.request.url).pathname} answered ${e.status || 'nothing'} ${codeOf(e) ?? ''} after ${e.retried?.length ?? 0} retries`;
  };
  ctx.client.observe(watch);
  try {
    return { value: await work(), ...seen };
  } finally {
    ctx.client.unobserve(watch);
  }
}

/**
 * The result with the retries it took. A check that failed after the target kept saying "retry"
 * (a record in use through every retry) was not shown a contract violation: it is skipped, saying so.
 */
function withRetries(result: CheckResult, seen: Seen): CheckResult {
  const retries = seen.retries.length > 0 ? { retries: [...(result.retries ?? []), ...seen.retries] } : {};
  if (result.status === 'fail' && seen.stayedBusy !== undefined) {
    const { expected: _e, received: _r, curl: _c, ...rest } = result;
    return { ...rest, status: 'skip', reason: `the target stayed busy, not judged: ${seen.stayedBusy} (its retry advice each time)`, ...retries };
  }
  return { ...result, ...retries };
}

/** Runs one check to its result. */
export async function runCheck(check: Check, ctx: CheckContext, caCertPath: string | undefined): Promise<CheckResult> {
  if (check.writes && !ctx.allowWrites) return { ...baseOf(check), status: 'skip', ms: 0, reason: WRITES_SKIPPED };
  const { value, ...seen } = await withRetriesSeen(ctx, () => timed(() => check.run(ctx)));
  return withRetries(resultOf(check, value.ms, value.error, ctx, caCertPath), seen);
}

/**
 * Runs the checks that wait for time together: each opens what it needs (a sequence whose cursor is
 * to expire), the longest wait passes once, then each judges what it opened. A check whose opening
 * already failed or skipped is reported as such and not judged.
 */
export async function runWaitingChecks(checks: readonly Check[], ctx: CheckContext, caCertPath: string | undefined, onStart?: (check: Check) => void): Promise<CheckResult[]> {
  const results = new Map<Check, CheckResult>();
  const opened: { check: Check; value: unknown; ms: number; seen: Seen }[] = [];
  for (const check of checks) {
    if (!check.waits) continue;
    if (check.writes && !ctx.allowWrites) {
      results.set(check, { ...baseOf(check), status: 'skip', ms: 0, reason: WRITES_SKIPPED });
      continue;
    }
    const waits = check.waits;
    onStart?.(check);
    const { value: open, ...seen } = await withRetriesSeen(ctx, () => timed(() => waits.open(ctx)));
    if (open.error === undefined) opened.push({ check, value: open.value, ms: open.ms, seen });
    else results.set(check, withRetries(resultOf(check, open.ms, open.error, ctx, caCertPath), seen));
  }
  if (opened.length > 0) await ctx.clock.pass(Math.max(...opened.map((o) => o.check.waits?.ms ?? 0)));
  for (const { check, value, ms, seen } of opened) {
    const { value: judged, ...more } = await withRetriesSeen(ctx, () => timed(() => check.waits?.judge(ctx, value) ?? Promise.resolve()));
    results.set(check, withRetries(resultOf(check, ms + judged.ms, judged.error, ctx, caCertPath), { retries: [...seen.retries, ...more.retries], stayedBusy: seen.stayedBusy ?? more.stayedBusy }));
  }
  return checks.flatMap((c) => results.get(c) ?? []);
}
