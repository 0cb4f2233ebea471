import type { Check, CheckResult } from './checkTypes.ts';

/** The budget of a run against a target without a sandbox clock, when none is given: a CI step's worth. */
export const DEFAULT_BUDGET_MS = 15 * 60_000;

/** `90s`, `15m`, `1h`, `1h30m` (a bare number is seconds) in milliseconds; undefined when it is none of these. */
export function parseDuration(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text.trim());
  if (!parts || text.trim() === '') return undefined;
  const [, h = '0', m = '0', s = '0'] = parts;
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000;
}

/**
 * Breadth first: every operation gets its first check before any gets its second, and so on, so a
 * run cut short by its budget has still touched every operation. Checks of the target as a whole
 * come first (they are few and cheap); the ones judging all traffic stay last.
 */
export function breadthFirst(checks: readonly Check[]): Check[] {
  const whole = checks.filter((c) => c.operationId === undefined && !c.last);
  const last = checks.filter((c) => c.last);
  const byOperation = new Map<string, Check[]>();
  for (const c of checks) {
    if (c.operationId === undefined || c.last) continue;
    const list = byOperation.get(c.operationId) ?? [];
    list.push(c);
    byOperation.set(c.operationId, list);
  }
  const rounds: Check[] = [];
  const queues = [...byOperation.values()];
  for (let round = 0; queues.some((q) => q.length > round); round++) for (const q of queues) if (q[round]) rounds.push(q[round] as Check);
  return [...whole, ...rounds, ...last];
}

/**
 * What a check will cost, from what checks of its kind cost so far in this run, else a few reads at
 * the latency the preflight measured; a check that waits for time adds its wait.
 */
export class CostModel {
  private readonly seen = new Map<string, { ms: number; n: number }>();

  constructor(private readonly readMs: number) {}

  learn(result: CheckResult): void {
    if (result.status === 'skip' && result.ms === 0) return;
    const kind = this.seen.get(result.id) ?? { ms: 0, n: 0 };
    this.seen.set(result.id, { ms: kind.ms + result.ms, n: kind.n + 1 });
  }

  /** What checks of this kind took on average in this run, or undefined before one ran. */
  seenMs(check: Check): number | undefined {
    const kind = this.seen.get(check.id);
    return kind ? kind.ms / kind.n : undefined;
  }

  estimateMs(check: Check): number {
    const kind = this.seen.get(check.id);
    return kind ? kind.ms / kind.n : 3 * this.readMs + 50;
  }

  /** The checks that wait for time, together: each one's opening and judging, and one wait. */
  estimateWaitingMs(checks: readonly Check[]): number {
    return checks.reduce((sum, c) => sum + this.estimateMs(c), 0) + Math.max(0, ...checks.map((c) => c.waits?.ms ?? 0));
  }
}
