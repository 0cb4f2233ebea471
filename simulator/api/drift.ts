import { DEFAULT_SPEC } from '../../contract-tests/runner/contractCommand.ts';
import { runDrift } from '../../contract-tests/drift/runDrift.ts';
import type { DriftReport } from '../../contract-tests/drift/driftTypes.ts';

export type { DriftFinding, DriftKind, DriftReport, ProbeOutcome } from '../../contract-tests/drift/driftTypes.ts';

/** A deployment of the Service to compare: the real one, or a sandbox (`startSandbox`'s handle fits). */
export interface DriftTargetOptions {
  baseUrl: string;
  apiKey: string;
  endUserId: string;
  /** PEM of a CA to trust, for a target with a self-signed certificate (a sandbox's `ca`). */
  ca?: string;
}

export interface DriftOptions {
  reference: DriftTargetOptions;
  candidate: DriftTargetOptions;
  /** Milliseconds the run may take (default 15 minutes; `Infinity`: none). */
  budgetMs?: number;
  /** The dates reports and date filters ask for, `YYYY-MM-DD` (default: last year and this one). */
  period?: { from: string; to: string };
  /** Operation ids or their prefixes (`customers`, `reports.aging`); default every read of a company file. */
  only?: string[];
  timeoutMs?: number;
}

/**
 * `ledger-sim drift` for a test suite: how the candidate answers the same reads differently from
 * the reference. Resolves with the report (`findings` empty: no drift); rejects when a target
 * cannot be used at all, with what it answered.
 */
export function drift(options: DriftOptions): Promise<DriftReport> {
  const target = (t: DriftTargetOptions): DriftTargetOptions => ({ baseUrl: t.baseUrl, apiKey: t.apiKey, endUserId: t.endUserId, ...(t.ca === undefined ? {} : { ca: t.ca }) });
  return runDrift({ ...options, reference: target(options.reference), candidate: target(options.candidate), specPath: DEFAULT_SPEC });
}
