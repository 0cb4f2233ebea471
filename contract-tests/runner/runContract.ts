import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { allChecks } from '../checks/index.ts';
import { touchOperation } from '../checks/schema/responsesMatchSpec.ts';
import type { Check, CheckContext, CheckResult, RunReport } from './checkTypes.ts';
import { HttpClient, type Exchange } from './httpClient.ts';
import { Rng } from './rng.ts';
import { isItemPath } from './related.ts';
import { loadSpecModel, type SpecModel, type SpecOperation } from './specModel.ts';
import { cleanUp } from './cleanup.ts';
import { CreatedObjects } from './createdObjects.ts';
import { breadthFirst, CostModel, DEFAULT_BUDGET_MS } from './plan.ts';
import { preflight } from './preflight.ts';
import { ReadPace } from './readPace.ts';
import { runCheck, runWaitingChecks } from './runCheck.ts';
import { selectChecks } from './selectChecks.ts';
import { detectClock } from './targetClock.ts';
import { LaneScheduler, type Lane } from './lanes.ts';
import { operationOf } from './exchangeOperation.ts';

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
  /** End users whose company files the run reads side by side: 2 with another end user and no sandbox clock. */
  endUsers: number;
}

const skipped = (check: Check, reason: string): CheckResult => ({ id: check.id, area: check.area, rule: check.rule, operationId: check.operationId, status: 'skip', ms: 0, reason });

const formatMs = (ms: number): string => (ms >= 60_000 ? `${Math.round(ms / 6_000) / 10} min` : `${Math.round(ms / 100) / 10} s`);

/** The operations the run has had an answer from so far, kept up to date as it goes. */
function touchedOperations(clients: readonly HttpClient[], spec: SpecModel, baseUrl: string): ReadonlySet<string> {
  const touched = new Set<string>();
  const see = (e: Exchange): void => {
    if (e.networkError !== undefined) return;
    const op = operationOf(spec, baseUrl, e);
    if (op) touched.add(op.operationId);
  };
  for (const client of clients) client.observe(see);
  return touched;
}

/** Consecutive requests that got no answer at all before the run stops: the target went away. */
const LOST_AFTER = 5;

/** A client of the target speaking for `endUserId`. */
const clientFor = (options: ContractOptions, endUserId: string): HttpClient => new HttpClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, endUserId, ca: options.ca, timeoutMs: options.timeoutMs ?? 30_000 });

/**
 * Memo of the reads checks share, kept per lane (each reads its own company file). What is marked
 * `untilWrite` is forgotten after the lane's next successful write.
 */
function memoOf(client: HttpClient, baseUrl: string): Pick<CheckContext, 'memo' | 'recall'> {
  const memo = new Map<string, Promise<unknown>>();
  const untilWrite = new Set<string>();
  client.observe((e) => {
    if (e.request.method === 'GET' || e.status < 200 || e.status >= 300 || !e.request.url.startsWith(baseUrl)) return;
    for (const key of untilWrite) memo.delete(key);
    untilWrite.clear();
  });
  return {
    memo<T>(key: string, compute: () => Promise<T>, memoOptions?: { untilWrite?: boolean }): Promise<T> {
      let value = memo.get(key) as Promise<T> | undefined;
      if (!value) {
        value = compute();
        memo.set(key, value);
        if (memoOptions?.untilWrite) untilWrite.add(key);
      }
      return value;
    },
    recall: <T>(key: string): Promise<T> | undefined => memo.get(key) as Promise<T> | undefined,
  };
}

/**
 * Runs every selected check against the target, in order; the ones judging all traffic run last.
 * With another end user given and no sandbox clock, reads of company-file data also run on that end
 * user's file, beside the run's own (see `LaneScheduler`). On a sandbox clock they do not: a wait
 * there moves the clock of both files, and would expire the other lane's cursors mid-walk.
 */
export async function runContract(options: ContractOptions): Promise<RunReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const spec = options.spec ?? (await loadSpecModel(options.specPath));
  const client = clientFor(options, options.endUserId);
  const clients = [client];
  const exchanges: Exchange[] = [];
  let cleanups: (() => Promise<void>)[] = [];
  const runId = randomBytes(4).toString('hex');
  const recordFile = options.recordDir ? path.join(options.recordDir, `${runId}.json`) : undefined;
  const made = new CreatedObjects(spec, new URL(options.baseUrl).pathname.replace(/\/$/, ''), { runId, target: options.baseUrl, endUserId: options.endUserId, startedAt }, recordFile);
  const origin = new URL(options.baseUrl).origin;
  let unanswered = 0;
  let lastSaid = '';
  let pace: ReadPace | undefined;
  const watch = (c: HttpClient): void => {
    c.observe((e) => made.watch(e));
    c.observe((e) => {
      exchanges.push(e);
      // Only the target's own origin counts: the plain-HTTP check may meet a closed port on purpose.
      if (new URL(e.request.url).origin !== origin) return;
      unanswered = e.networkError === undefined ? 0 : unanswered + 1;
      if (e.networkError !== undefined) lastSaid = e.networkError;
      else if (e.request.method === 'GET') pace?.observe(e.ms);
    });
  };
  watch(client);
  try {
    const checks = selectChecks(allChecks(spec, { httpUrl: options.httpUrl }), options.only, options.skip);
    const facts = await preflight(client);
    pace = new ReadPace(facts.readMs);
    const clock = await detectClock(client);
    const clockMark = await clock.mark();
    const budgetMs = options.budgetMs === Infinity ? undefined : (options.budgetMs ?? (clock.controllable ? undefined : DEFAULT_BUDGET_MS));
    const contextFor = (c: HttpClient): CheckContext => ({
      client: c,
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
      ...memoOf(c, options.baseUrl),
    });
    const ctx = contextFor(client);
    cleanups = ctx.cleanups;
    const lanes: Lane[] = [{ ctx, other: false }];
    if (options.otherEndUserId !== undefined && options.otherEndUserId !== options.endUserId && !clock.controllable) {
      const other = clientFor(options, options.otherEndUserId);
      watch(other);
      clients.push(other);
      lanes.push({ ctx: { ...contextFor(other), cleanups }, other: true });
    }
    const touched = touchedOperations(clients, spec, options.baseUrl);
    // Within a budget, breadth first, so that a run cut short has still touched every operation.
    const ordered = budgetMs === undefined ? [...checks.filter((c) => !c.last), ...checks.filter((c) => c.last)] : breadthFirst(checks);
    const cost = new CostModel(facts.readMs);
    const waiting = ordered.filter((c) => c.waits);
    const byArea: Record<string, number> = {};
    for (const c of ordered) byArea[c.area] = (byArea[c.area] ?? 0) + 1;
    const oneLaneMs = ordered.filter((c) => !c.waits).reduce((sum, c) => sum + cost.estimateMs(c), 0) + (waiting.length > 0 ? cost.estimateWaitingMs(waiting) : 0);
    options.onPlan?.({ checks: ordered.length, byArea, readMs: facts.readMs, estimatedMs: Math.round(oneLaneMs / lanes.length), budgetMs, sandboxClock: clock.controllable, endUsers: lanes.length });
    // Checks of depth are planned to end at 90% of the budget (estimates err, and cleanup and the
    // report come after); the calls that cover what is left may use the rest.
    const deadline = started + (budgetMs === undefined ? Infinity : budgetMs * 0.9);
    const lastDeadline = started + (budgetMs ?? Infinity);
    // Within a budget, the checks that come last (each operation's answers judged against the spec)
    // keep the time to call every operation not called yet once: coverage first, depth with the rest.
    const lastOps = new Set(ordered.filter((c) => c.last && c.operationId !== undefined && !(c.writes && !options.allowWrites)).flatMap((c) => spec.operations.filter((o) => o.operationId === c.operationId && o.method === 'GET')));
    // Half again a read's time as the target answers now: answers vary, and the reserve is what keeps the end on time.
    const readMs = pace.readMs.bind(pace);
    const touchMs = (op: SpecOperation, read = readMs()): number => (touched.has(op.operationId) ? 0 : (isItemPath(op) ? 2 : 1) * read * 1.5);
    // And the time the last checks take to judge what was seen, at least a read's each until one has run.
    const judging = ordered.filter((c) => c.last);
    const judgeMs = (read: number): number => judging.reduce((ms, c) => ms + Math.max(read, cost.seenMs(c) ?? 0), 0);
    const reserveMs = (): number => {
      if (budgetMs === undefined) return 0;
      // Asked before every check: the pace is worked out once per ask.
      const read = readMs();
      return ([...lastOps].reduce((ms, op) => ms + touchMs(op, read), 0) + judgeMs(read)) / lanes.length;
    };
    const overBudget = (ms: number): boolean => performance.now() + ms + reserveMs() > deadline;
    // A last check costs its operation's first call, if it has had none: it runs when that still ends within the budget.
    const lastTooLate = (check: Check): boolean => performance.now() + [...lastOps].filter((op) => op.operationId === check.operationId).reduce((ms, op) => ms + touchMs(op), 0) > lastDeadline;
    const budgetReason = `budget: would end after the ${budgetMs === undefined ? '' : formatMs(budgetMs)} budget (--budget)`;
    const results: CheckResult[] = [];
    const onOther = (lane: Lane): Partial<CheckResult> => (lane.other ? { endUserId: lane.ctx.client.config.endUserId } : {});
    const push = (result: CheckResult): void => {
      results.push(result);
      cost.learn(result);
      options.onResult?.(result);
    };
    let stopped: string | undefined;
    const step = async (lane: Lane, check: Check, takeAll: (wanted: (c: Check) => boolean) => Check[]): Promise<void> => {
      if (stopped !== undefined) {
        push(skipped(check, 'target unavailable: the run stopped'));
        return;
      }
      if (check.waits) {
        // Every check that waits for time and this lane may take runs now: one wait for them all.
        const group = [check, ...takeAll((c) => c.waits !== undefined)];
        const done = overBudget(cost.estimateWaitingMs(group)) ? group.map((c) => skipped(c, budgetReason)) : await runWaitingChecks(group, lane.ctx, options.caCertPath, options.onStart);
        for (const result of done) push({ ...result, ...onOther(lane) });
        return;
      }
      if (check.last ? budgetMs !== undefined && lastTooLate(check) : overBudget(cost.estimateMs(check))) {
        push(skipped(check, budgetReason));
        return;
      }
      options.onStart?.(check);
      push({ ...(await runCheck(check, lane.ctx, options.caCertPath)), ...onOther(lane) });
      if (unanswered >= LOST_AFTER) stopped = `the target stopped answering (${unanswered} requests in a row got no answer; last: ${lastSaid})`;
    };
    // Within a budget, coverage first in fact: every read operation a last check judges is called
    // once before any check of depth, as far as the budget goes. Kept back as an estimate instead,
    // the time fell short when the target slowed down mid-run or its reports cost more than a read.
    if (budgetMs !== undefined) {
      for (const op of lastOps) {
        if (touched.has(op.operationId)) continue;
        if (performance.now() + touchMs(op) > lastDeadline || unanswered >= LOST_AFTER) break;
        await touchOperation(ctx, op).catch(() => undefined);
      }
    }
    const scheduler = new LaneScheduler(spec, lanes);
    // The last checks judge what the others saw, so they start when all others are done; those of
    // the target as a whole judge every answer, the last ones' included.
    await scheduler.run(ordered.filter((c) => !c.last), step);
    await scheduler.run(ordered.filter((c) => c.last && c.operationId !== undefined), step);
    await scheduler.run(ordered.filter((c) => c.last && c.operationId === undefined), step);
    // In the order planned, whichever lane ran them.
    const planned = new Map(ordered.map((c, i) => [`${c.id} ${c.operationId ?? ''}`, i]));
    results.sort((a, b) => (planned.get(`${a.id} ${a.operationId ?? ''}`) ?? 0) - (planned.get(`${b.id} ${b.operationId ?? ''}`) ?? 0));
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
    for (const c of clients) c.close();
  }
}
