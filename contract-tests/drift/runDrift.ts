import { HttpClient, type Exchange } from '../runner/httpClient.ts';
import { DEFAULT_BUDGET_MS } from '../runner/plan.ts';
import { preflight, TargetUnavailable } from '../runner/preflight.ts';
import { loadSpecModel, type SpecModel } from '../runner/specModel.ts';
import { compareAnswers } from './compareAnswers.ts';
import { driftPlan, type Period, type Probe } from './driftPlan.ts';
import type { DriftReport, ProbeOutcome } from './driftTypes.ts';
import { FindingGroups } from './groupFindings.ts';
import { ask, requestLabel, requestOf, type Listed, type Side } from './probeRequests.ts';

export interface DriftTarget {
  baseUrl: string;
  apiKey: string;
  endUserId: string;
  /** PEM of a CA to trust (a sandbox's self-signed certificate). */
  ca?: string;
}

export interface DriftOptions {
  reference: DriftTarget;
  candidate: DriftTarget;
  specPath: string;
  spec?: SpecModel;
  /** Milliseconds the run may take; default 15 min; Infinity: none. */
  budgetMs?: number;
  /** The fixed period of reports and date filters; default the calendar year before this one and this one. */
  period?: Period;
  /** Operation ids (or their prefixes, `customers`) to ask; default every GET operation on a company file. */
  only?: string[];
  timeoutMs?: number;
  /** Told of each probe as it ends; the run waits for what it returns. */
  onProbe?: (outcome: ProbeOutcome, done: number, planned: number) => void | Promise<void>;
}

/** `only` named no GET operation on a company file: nothing to compare (a misuse, not a pass). */
export class NothingToAsk extends Error {}

/** Consecutive requests a target left unanswered before the run stops: it went away. */
const LOST_AFTER = 5;

export function defaultPeriod(now = new Date()): Period {
  const year = now.getUTCFullYear();
  return { from: `${year - 1}-01-01`, to: `${year}-12-31` };
}

/** The preflight of one side, its refusal named after the side. */
async function checkTarget(side: Side, client: HttpClient): Promise<number> {
  try {
    return (await preflight(client)).readMs;
  } catch (error) {
    if (error instanceof TargetUnavailable) throw new TargetUnavailable(`${side} ${client.config.baseUrl}: ${error.message}`);
    throw error;
  }
}

/** What the reference's first page of a list says that later probes build on. */
function listedOf(exchange: Exchange, identity: string): Listed | undefined {
  const body = exchange.json as { data?: unknown; remainingCount?: unknown } | undefined;
  if (exchange.status !== 200 || !Array.isArray(body?.data)) return undefined;
  const ids = (body.data as Record<string, unknown>[]).map((item) => item[identity]).filter((id): id is string => typeof id === 'string');
  return { ids, total: typeof body.remainingCount === 'number' ? body.data.length + body.remainingCount : undefined };
}

/**
 * Sends the same reads to a reference deployment and a candidate (each target one request at a
 * time, as the desktop's queue takes them; the two side by side) and reports how the candidate's
 * answers differ. Probes go in rounds (see `driftPlan`); one that would end past the budget is
 * skipped, "budget". Throws TargetUnavailable when a target cannot be used at all.
 */
export async function runDrift(options: DriftOptions): Promise<DriftReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const spec = options.spec ?? (await loadSpecModel(options.specPath));
  const period = options.period ?? defaultPeriod();
  const budgetMs = options.budgetMs === Infinity ? undefined : (options.budgetMs ?? DEFAULT_BUDGET_MS);
  const clientOf = (t: DriftTarget): HttpClient => new HttpClient({ baseUrl: t.baseUrl, apiKey: t.apiKey, endUserId: t.endUserId, ca: t.ca, timeoutMs: options.timeoutMs ?? 30_000 });
  const clients = { reference: clientOf(options.reference), candidate: clientOf(options.candidate) };
  const requests = { reference: 0, candidate: 0 };
  const unanswered = { reference: 0, candidate: 0 };
  let stopped: string | undefined;
  for (const side of ['reference', 'candidate'] as const) {
    clients[side].observe((e) => {
      requests[side] += 1 + (e.retried?.length ?? 0);
      unanswered[side] = e.networkError === undefined ? 0 : unanswered[side] + 1;
      if (unanswered[side] >= LOST_AFTER) stopped ??= `${side} ${clients[side].config.baseUrl} stopped answering: ${e.networkError ?? ''}`;
    });
  }
  try {
    const plan = driftPlan(spec, period, options.only);
    if (plan.length === 0) throw new NothingToAsk(`--only ${options.only?.join(',') ?? ''} names no GET operation on a company file`);
    const [refReadMs, candReadMs] = await Promise.all([checkTarget('reference', clients.reference), checkTarget('candidate', clients.candidate)]);
    const listed = new Map<string, Listed>();
    const groups = new FindingGroups();
    const probes: ProbeOutcome[] = [];
    // What a probe costs: the slower side's average so far, at first twice the slower preflight read.
    let askedMs = 0;
    let asked = 0;
    const estimateMs = (): number => (asked > 0 ? askedMs / asked : 2 * Math.max(refReadMs, candReadMs));
    const outcome = async (probe: Probe, rest: Omit<ProbeOutcome, 'id' | 'operationId' | 'kind'>): Promise<void> => {
      const o = { id: probe.id, operationId: probe.operationId, kind: probe.kind, ...rest };
      probes.push(o);
      await options.onProbe?.(o, probes.length, plan.length);
    };
    for (const probe of plan) {
      if (stopped !== undefined) {
        await outcome(probe, { status: 'skipped', reason: 'stopped: a target went away' });
        continue;
      }
      if (budgetMs !== undefined && performance.now() - started + estimateMs() > budgetMs) {
        await outcome(probe, { status: 'skipped', reason: 'budget' });
        continue;
      }
      const request = requestOf(probe, listed);
      if ('skip' in request) {
        await outcome(probe, { status: 'skipped', reason: request.skip });
        continue;
      }
      const op = spec.byId.get(probe.operationId);
      if (!op) throw new Error(`the plan names ${probe.operationId}, which the spec does not have`);
      const askStarted = performance.now();
      const [reference, candidate] = await Promise.all([ask(clients.reference, request), ask(clients.candidate, request)]);
      askedMs += performance.now() - askStarted;
      asked += 1;
      // An answer that still said "try again" after every retry shows how busy a target was, not how it behaves.
      const busy = (['reference', 'candidate'] as const).find((side) => (side === 'reference' ? reference : candidate).retriesSpent === true);
      if (busy) {
        await outcome(probe, { status: 'skipped', reason: `the ${busy} stayed busy through every retry` });
        continue;
      }
      if (probe.kind === 'first-page') {
        const found = listedOf(reference, op.identity);
        if (found) listed.set(probe.operationId, found);
      }
      groups.add(probe.operationId, requestLabel(request), compareAnswers(reference, candidate, op));
      await outcome(probe, { status: 'compared', statuses: [reference.status, candidate.status] });
    }
    return {
      reference: options.reference.baseUrl,
      candidate: options.candidate.baseUrl,
      startedAt,
      ms: Math.round(performance.now() - started),
      budgetMs,
      period,
      requests,
      probes,
      findings: groups.findings(),
      ...(stopped === undefined ? {} : { stopped }),
    };
  } finally {
    clients.reference.close();
    clients.candidate.close();
  }
}
