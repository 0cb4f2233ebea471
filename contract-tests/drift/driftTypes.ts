/**
 * What a drift run finds: how a candidate deployment answers the same reads differently from a
 * reference. A finding is one field of one operation, however many objects or requests showed it.
 */

/**
 * - `missing-operation`: the reference serves the operation, the candidate does not know its route;
 * - `status`: another HTTP status; `error`: the same failure with another type or code;
 * - `presence`: a field present on one side is null or absent on the other;
 * - `type`: the same field with another JSON type; `enum`: an enumerated field with other values;
 * - `count`: another number of objects (a list's page, `remainingCount`, an array's length);
 * - `objects`: objects, by id, that only one side answered; `value`: the same field, another value;
 * - `unanswered`: one side gave no answer at all (refused, reset, timed out).
 */
export type DriftKind = 'missing-operation' | 'status' | 'error' | 'presence' | 'type' | 'enum' | 'count' | 'objects' | 'value' | 'unanswered';

export interface DriftFinding {
  operationId: string;
  /** Where in the answer: `data[].email`, `remainingCount`, `error.code`; `(status)` for the status. */
  field: string;
  kind: DriftKind;
  /** What the reference answered (for `enum`: the values seen only there). */
  reference: string;
  candidate: string;
  /** How many times it was seen (objects, or requests). */
  occurrences: number;
  /** The requests that showed it (path and query below the base URL), the first few. */
  requests: string[];
  /** An object it was seen on, when it was seen on objects. */
  objectId?: string;
}

/** One request of the plan and what became of it. */
export interface ProbeOutcome {
  id: string;
  operationId: string;
  kind: string;
  status: 'compared' | 'skipped';
  reason?: string;
  /** The two statuses, reference first. */
  statuses?: [number, number];
}

export interface DriftReport {
  reference: string;
  candidate: string;
  startedAt: string;
  ms: number;
  budgetMs: number | undefined;
  /** The fixed period reports and date filters ask for (YYYY-MM-DD). */
  period: { from: string; to: string };
  /** Requests sent to each target, retries included. */
  requests: { reference: number; candidate: number };
  probes: ProbeOutcome[];
  findings: DriftFinding[];
  /** Why the run stopped part way: a target went away (exit 3). */
  stopped?: string;
}
