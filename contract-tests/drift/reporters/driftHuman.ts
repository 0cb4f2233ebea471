import type { DriftReport } from '../driftTypes.ts';
import { byOperation, runLine, skipReasons } from './driftSummary.ts';

/** What a person reads at the end of a run: every finding under its operation, then the run. */
export function driftHuman(report: DriftReport): string {
  const lines = [`Drift of ${report.candidate} from ${report.reference}`, ''];
  for (const [operationId, findings] of byOperation(report.findings)) {
    lines.push(operationId);
    for (const f of findings) {
      lines.push(`  ${f.kind.padEnd(17)} ${f.field}: reference ${f.reference}, candidate ${f.candidate}${f.occurrences > 1 ? ` (${f.occurrences} times)` : ''}${f.objectId ? ` e.g. object ${f.objectId}` : ''}`);
      lines.push(`  ${''.padEnd(17)} ${f.requests[0] ?? ''}`);
    }
  }
  if (report.findings.length === 0) lines.push('No drift: the candidate answered every compared request as the reference did.');
  const skipped = skipReasons(report);
  if (skipped.length > 0) lines.push('', 'Skipped:', ...skipped.map(([reason, n]) => `  ${n} x ${reason}`));
  if (report.stopped) lines.push('', `Stopped: ${report.stopped}`);
  lines.push('', `${report.findings.length} finding(s) in ${byOperation(report.findings).size} operation(s); ${runLine(report)}`);
  return lines.join('\n');
}
