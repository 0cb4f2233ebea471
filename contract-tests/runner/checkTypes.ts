import type { Exchange, HttpClient } from './httpClient.ts';
import type { Rng } from './rng.ts';
import type { SpecModel } from './specModel.ts';
import type { TargetClock } from './targetClock.ts';

/** An object a run made on the target, to be removed at its end (or by `ledger-sim contract cleanup`). */
export interface Created {
  id: string;
  objectType: string;
  /** The collection it was made in, below the base URL (`/ledger-desktop/invoices`, `/end-users`). */
  path: string;
  /** Its name or reference number, for people reading the report. */
  label: string | null;
  /** Set once the run itself deleted it. */
  gone?: boolean;
}

/** What cleanup did with one object the run made. */
export interface CleanupStep {
  id: string;
  objectType: string;
  label: string | null;
  action: 'deleted' | 'voided' | 'made inactive' | 'already gone' | 'left';
  /** For `left`: what the target answered. */
  why?: string;
}

export type Area = 'transport' | 'auth' | 'isolation' | 'schema' | 'pagination' | 'filters' | 'writes' | 'negative' | 'desktop' | 'reports';

/** What a check may use: the target, the spec, time, and data shared between checks. */
export interface CheckContext {
  client: HttpClient;
  spec: SpecModel;
  clock: TargetClock;
  /** This run's id: in the names and memos of what it makes, and in its record. */
  runId: string;
  rng: Rng;
  seed: number;
  fuzzCases: number;
  allowWrites: boolean;
  /** An end user of another company file, for the isolation checks (`--other-end-user-id`). */
  otherEndUserId: string | undefined;
  /** Undo steps for what the run made outside company files (a second end user), run at the end. */
  cleanups: (() => Promise<void>)[];
  /** Exchanges seen so far, for the checks that judge all traffic. */
  exchanges: readonly Exchange[];
  /** Memo for expensive reads several checks share (the full list of a resource). */
  /**
   * Computes once per run what checks share. `untilWrite`: a read of the books (a list's walk), read
   * again after the run's next write, or a check comparing with it would count its own create as extra.
   */
  memo<T>(key: string, compute: () => Promise<T>, options?: { untilWrite?: boolean }): Promise<T>;
  /** What `memo` keeps under `key`, if it keeps anything: a read another check made, not made again. */
  recall<T>(key: string): Promise<T> | undefined;
}

/** One named rule, checked against one operation (or the target as a whole). */
export interface Check {
  id: string;
  area: Area;
  /** The rule, in one line, as the report prints it. */
  rule: string;
  operationId?: string;
  /** Checks that change data run only with --allow-writes. */
  writes?: boolean;
  /** Runs after all other checks (it judges the traffic they made). */
  last?: boolean;
  run(ctx: CheckContext): Promise<void>;
  /**
   * A check about time passing (a cursor's 10 s): the runner opens every such check of the run, lets
   * the longest wait pass once, then judges each, so ten of them cost one wait, not ten.
   */
  waits?: { ms: number; open(ctx: CheckContext): Promise<unknown>; judge(ctx: CheckContext, opened: unknown): Promise<void> };
}

export type CheckStatus = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  id: string;
  area: Area;
  rule: string;
  operationId: string | undefined;
  status: CheckStatus;
  ms: number;
  /** For a skip: why. For a failure: expected / received / how to reproduce. */
  reason?: string;
  expected?: string;
  received?: string;
  curl?: string;
  /** The retries the check's requests made on the target's advice (`409 3175, waited 1000 ms`). */
  retries?: string[];
  /** Set when the check ran on the other end user's company file (`--other-end-user-id`), beside the run's own. */
  endUserId?: string;
}

export interface RunReport {
  target: string;
  seed: number;
  startedAt: string;
  ms: number;
  sandboxClock: boolean;
  /** The run's budget, when it had one. */
  budgetMs?: number;
  /** The operations of the selected checks that some check exercised (passed or failed), and the rest. */
  coverage: { covered: string[]; notCovered: string[] };
  runId: string;
  /** What the run made on the target (with --allow-writes), and what its cleanup did with each. */
  created: Created[];
  cleanup: CleanupStep[];
  /** On a sandbox: how far the run moved its project's clock, set back afterwards to `restoredTo` (the offset it found). */
  clock?: { movedMs: number; restoredTo: number };
  results: CheckResult[];
  /** Set when the target stopped answering part way: what it last said; the checks after it are skipped. */
  stopped?: string;
}
