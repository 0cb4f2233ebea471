import type { Difference } from './compareAnswers.ts';
import type { DriftFinding } from './driftTypes.ts';

/** Requests kept per finding: enough to reproduce it, not every object's. */
const REQUESTS_KEPT = 3;

/**
 * Differences grouped by operation, field and kind, so a field made null on 150 objects is one
 * finding seen 150 times. An enumerated field's finding lists the values each side showed there.
 */
export class FindingGroups {
  private readonly groups = new Map<string, { finding: DriftFinding; refValues: Set<string>; candValues: Set<string> }>();

  add(operationId: string, request: string, differences: readonly Difference[]): void {
    for (const d of differences) {
      const key = `${operationId}\u0000${d.kind}\u0000${d.field}`;
      let group = this.groups.get(key);
      if (!group) {
        const finding: DriftFinding = { operationId, field: d.field, kind: d.kind, reference: d.reference, candidate: d.candidate, occurrences: 0, requests: [], ...(d.objectId === undefined ? {} : { objectId: d.objectId }) };
        group = { finding, refValues: new Set(), candValues: new Set() };
        this.groups.set(key, group);
      }
      group.finding.occurrences += 1;
      if (group.finding.requests.length < REQUESTS_KEPT && !group.finding.requests.includes(request)) group.finding.requests.push(request);
      if (d.kind === 'enum') {
        group.refValues.add(d.reference);
        group.candValues.add(d.candidate);
      }
    }
  }

  findings(): DriftFinding[] {
    return [...this.groups.values()]
      .map(({ finding, refValues, candValues }) => (finding.kind === 'enum' ? { ...finding, reference: [...refValues].sort().join(', '), candidate: [...candValues].sort().join(', ') } : finding))
      .sort((a, b) => a.operationId.localeCompare(b.operationId) || a.field.localeCompare(b.field) || a.kind.localeCompare(b.kind));
  }
}
