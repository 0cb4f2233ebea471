import type { DriftFinding, DriftReport } from '../driftTypes.ts';

/** Findings by operation, operations in the order of their ids: the grouping both reports show. */
export function byOperation(findings: readonly DriftFinding[]): Map<string, DriftFinding[]> {
  const groups = new Map<string, DriftFinding[]>();
  for (const f of [...findings].sort((a, b) => a.operationId.localeCompare(b.operationId))) {
    const list = groups.get(f.operationId) ?? [];
    list.push(f);
    groups.set(f.operationId, list);
  }
  return groups;
}

/** The run in one line: what was compared, what was skipped, what it cost. */
export function runLine(report: DriftReport): string {
  const compared = report.probes.filter((p) => p.status === 'compared').length;
  const skipped = report.probes.length - compared;
  const budget = report.budgetMs === undefined ? 'no budget' : `budget ${Math.round(report.budgetMs / 1000)} s`;
  return `${compared} requests compared, ${skipped} skipped; ${report.requests.reference} sent to the reference and ${report.requests.candidate} to the candidate in ${(report.ms / 1000).toFixed(1)} s (${budget}; period ${report.period.from} to ${report.period.to})`;
}

/** Why probes were skipped, each reason once with how many. */
export function skipReasons(report: DriftReport): [string, number][] {
  const reasons = new Map<string, number>();
  for (const p of report.probes) if (p.status === 'skipped') reasons.set(p.reason ?? '', (reasons.get(p.reason ?? '') ?? 0) + 1);
  return [...reasons.entries()].sort((a, b) => b[1] - a[1]);
}
