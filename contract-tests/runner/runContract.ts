import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { allChecks } from '../checks/index.ts';
import type { Check, CheckContext, CheckResult, RunReport } from './checkTypes.ts';
import { HttpClient, type Exchange } from './httpClient.ts';
import { Rng } from './rng.ts';
import { isItemPath } from './related.ts';
import { loadSpecModel, type SpecModel, type SpecOperation } from './specModel.ts';
import { cleanUp } from './cleanup.ts';
import { CreatedObjects } from './createdObjects.ts';
import { breadthFirst, CostModel, DEFAULT_BUDGET_MS } from './plan.ts';
import { preflight } from './preflight.ts';
import { runCheck, runWaitingChecks } from './runCheck.ts';
import { selectChecks } from './selectChecks.ts';
import { detectClock } from './targetClock.ts';

export interface ContractOptions {
  baseUrl: string;
  apiKey: string;
  endUserId: string;
  /** Another end user, for the isolation checks; without it they create one (with writes) or skip. */
  otherEndUserId?: string;
  specPath: string;
  /** A spec already loaded (by an earlier run), to skip reading it again. */
  spec?: SpecModel;
  /** PEM of the CA to trust, for a target with a self-signed certificate. */
  ca?: string;
  caCertPath?: string;
  /** Where the target's plain-HTTP side listens, when not on the HTTPS port. */
  httpUrl?: string;
  allowWrites: boolean;
  fuzz: number;
  seed: number;
  only?: string[];
  skip?: string[];
  timeoutMs?: number;
  /** Where the record of what the run makes is kept while it runs (`ledger-sim contract cleanup` reads it); none: not kept. */
  recordDir?: string;
  /** Milliseconds the run may take; undefined: none against a sandbox clock, DEFAULT_BUDGET_MS elsewhere; Infinity: none anywhere. */
  budgetMs?: number;
  onPlan?: (plan: RunPlan) => void;
  onStart?: (check: Check) => void;
  onResult?: (result: CheckResult) => void;
}

/** What the runner means to do, said before the first check: how many, how long, within what. */
export interface RunPlan {
  checks: number;
  /** How many of the checks each area has: a CI log says an area's results once it is done. */
  byArea: Record<string, number>;
  readMs: number;
  estimatedMs: number;
  budgetMs: number | undefined;
  sandboxClock: boolean;
}

const skipped = (check: Check, reason: string): CheckResult => ({ id: check.id, area: check.area, rule: check.rule, operationId: check.operationId, status: 'skip', ms: 0, reason });

const formatMs = (ms: number): string => (ms >= 60_000 ? `${Math.round(ms / 6_000) / 10} min` : `${Math.round(ms / 100) / 10} s`);

/** The operations the run has had an answer from so far, kept up to date as it goes. */
function touchedOperations(client: HttpClient, spec: SpecModel, baseUrl: string): ReadonlySet<string> {
  const touched = new Set<string>();
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/$/, '');
  client.observe((e) => {
    const url = new URL(e.request.url);
    if (e.networkError !== undefined || url.origin !== base.origin || !url.pathname.startsWith(`${prefix}/`)) return;
    const op = spec.match(e.request.method, url.pathname.slice(prefix.length));
    if (op) touched.add(op.operationId);
  });
  return touched;
}

/** Consecutive requests that got no answer at all before the run stops: the target went away. */
const LOST_AFTER = 5;

/** Runs every selected check against the target, in order; the ones judging all traffic run last. */
export async function runContract(options: ContractOptions): Promise<RunReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const spec = options.spec ?? (await loadSpecModel(options.specPath));
  const client = new HttpClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    endUserId: options.endUserId,
    ca: options.ca,
    timeoutMs: options.timeoutMs ?? 30_000,
  });
  const exchanges: Exchange[] = [];
  let cleanups: (() => Promise<void>)[] = [];
  const runId = randomBytes(4).toString('hex');
  const recordFile = options.recordDir ? path.join(options.recordDir, `${runId}.json`) : undefined;
  const made = new CreatedObjects(spec, new URL(options.baseUrl).pathname.replace(/\/$/, ''), { runId, target: options.baseUrl, endUserId: options.endUserId, startedAt }, recordFile);
  client.observe((e) => made.watch(e));
  const origin = new URL(options.baseUrl).origin;
  let unanswered = 0;
  let lastSaid = '';
  client.observe((e) => {
    exchanges.push(e);
    // Only the target's own origin counts: the plain-HTTP check may meet a closed port on purpose.
    if (new URL(e.request.url).origin !== origin) return;
    unanswered = e.networkError === undefined ? 0 : unanswered + 1;
    if (e.networkError !== undefined) lastSaid = e.networkError;
  });
  try {
    const checks = selectChecks(allChecks(spec, { httpUrl: options.httpUrl }), options.only, options.skip);
    const facts = await preflight(client);
    const clock = await detectClock(client);
    const clockMark = await clock.mark();
    const budgetMs = options.budgetMs === Infinity ? undefined : (options.budgetMs ?? (clock.controllable ? undefined : DEFAULT_BUDGET_MS));
    const memo = new Map<string, Promise<unknown>>();
    const untilWrite = new Set<string>();
    client.observe((e) => {
      if (e.request.method === 'GET' || e.status < 200 || e.status >= 300 || !e.request.url.startsWith(options.baseUrl)) return;
      for (const key of untilWrite) memo.delete(key);
      untilWrite.clear();
    });
    const ctx: CheckContext = {
      client,
      spec,
      clock,
      runId,
      rng: new Rng(options.seed),
      seed: options.seed,
      fuzzCases: options.fuzz,
      allowWrites: options.allowWrites,
      otherEndUserId: options.otherEndUserId,
      cleanups: [],
      exchanges,
      memo<T>(key: string, compute: () => Promise<T>, memoOptions?: { untilWrite?: boolean }): Promise<T> {
        let value = memo.get(key) as Promise<T> | undefined;
        if (!value) {
          value = compute();
          memo.set(key, value);
          if (memoOptions?.untilWrite) untilWrite.add(key);
        }
        return value;
      },
    };
    cleanups = ctx.cleanups;
    // Within a budget, breadth first, so that a run cut short has still touched every operation.
    const ordered = budgetMs === undefined ? [...checks.filter((c) => !c.last), ...checks.filter((c) => c.last)] : breadthFirst(checks);
    const cost = new CostModel(facts.readMs);
    const waiting = ordered.filter((c) => c.waits);
    const byArea: Record<string, number> = {};
    for (const c of ordered) byArea[c.area] = (byArea[c.area] ?? 0) + 1;
    options.onPlan?.({ checks: ordered.length, byArea, readMs: facts.readMs, estimatedMs: ordered.filter((c) => !c.waits).reduce((sum, c) => sum + cost.estimateMs(c), 0) + (waiting.length > 0 ? cost.estimateWaitingMs(waiting) : 0), budgetMs, sandboxClock: clock.controllable });
    // Checks of depth are planned to end at 90% of the budget (estimates err, and cleanup and the
    // report come after); the calls that cover what is left may use the rest.
    const deadline = started + (budgetMs === undefined ? Infinity : budgetMs * 0.9);
    const lastDeadline = started + (budgetMs ?? Infinity);
    // Within a budget, the checks that come last (each operation's answers judged against the spec)
    // keep the time to call every operation not called yet once: coverage first, depth with the rest.
    const touched = touchedOperations(client, spec, options.baseUrl);
    const lastOps = new Set(ordered.filter((c) => c.last && c.operationId !== undefined && !(c.writes && !options.allowWrites)).flatMap((c) => spec.operations.filter((o) => o.operationId === c.operationId && o.method === 'GET')));
    // Half again the preflight's read time: answers vary, and the reserve is what keeps the end on time.
    const touchMs = (op: SpecOperation): number => (touched.has(op.operationId) ? 0 : (isItemPath(op) ? 2 : 1) * facts.readMs * 1.5);
    const reserveMs = (): number => (budgetMs === undefined ? 0 : [...lastOps].reduce((ms, op) => ms + touchMs(op), 0));
    const overBudget = (ms: number): boolean => performance.now() + ms + reserveMs() > deadline;
    // A last check costs its operation's first call, if it has had none: it runs when that still ends within the budget.
    const lastTooLate = (check: Check): boolean => performance.now() + [...lastOps].filter((op) => op.operationId === check.operationId).reduce((ms, op) => ms + touchMs(op), 0) > lastDeadline;
    const budgetReason = `budget: would end after the ${budgetMs === undefined ? '' : formatMs(budgetMs)} budget (--budget)`;
    const results: CheckResult[] = [];
    const push = (result: CheckResult): void => {
      results.push(result);
      cost.learn(result);
      options.onResult?.(result);
    };
    let stopped: string | undefined;
    let waited = false;
    for (const check of ordered) {
      if (stopped !== undefined) {
        push(skipped(check, 'target unavailable: the run stopped'));
        continue;
      }
      if (check.waits) {
        // Every check that waits for time runs here, at the first one's turn: one wait for them all.
        if (!waited) {
          const group = overBudget(cost.estimateWaitingMs(waiting)) ? waiting.map((c) => skipped(c, budgetReason)) : await runWaitingChecks(waiting, ctx, options.caCertPath, options.onStart);
          for (const result of group) push(result);
        }
        waited = true;
        continue;
      }
      if (check.last ? budgetMs !== undefined && lastTooLate(check) : overBudget(cost.estimateMs(check))) {
        push(skipped(check, budgetReason));
        continue;
      }
      options.onStart?.(check);
      push(await runCheck(check, ctx, options.caCertPath));
      if (unanswered >= LOST_AFTER) stopped = `the target stopped answering (${unanswered} requests in a row got no answer; last: ${lastSaid})`;
    }
    // What the run made goes: first what checks undo themselves (a second end user), then the rest.
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
    const cleanup = made.record.created.length > 0 ? await cleanUp(client, spec, made.record.created) : [];
    // The project's clock goes back to where the run found it: others share it.
    const clockMoved = clockMark ? { movedMs: (await clockMark.restore()).movedMs, restoredTo: clockMark.advancedMs } : undefined;
    if (recordFile) {
      if (cleanup.every((step) => step.action !== 'left')) fs.rmSync(recordFile, { force: true });
      else made.save();
    }
    const operations = [...new Set(checks.flatMap((c) => c.operationId ?? []))];
    const ran = new Set(results.filter((r) => r.status !== 'skip').flatMap((r) => r.operationId ?? []));
    const coverage = { covered: operations.filter((o) => ran.has(o)), notCovered: operations.filter((o) => !ran.has(o)) };
    return { target: options.baseUrl, seed: options.seed, startedAt, ms: Math.round(performance.now() - started), sandboxClock: clock.controllable, ...(budgetMs === undefined ? {} : { budgetMs }), coverage, runId, created: made.record.created, cleanup, ...(clockMoved ? { clock: clockMoved } : {}), results, ...(stopped ? { stopped } : {}) };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    client.close();
  }
}
