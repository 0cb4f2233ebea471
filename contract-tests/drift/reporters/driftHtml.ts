import type { DriftReport } from '../driftTypes.ts';
import { byOperation, runLine, skipReasons } from './driftSummary.ts';

const escape = (s: string): string => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1b1b1b}h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.25rem .6rem;text-align:left;vertical-align:top}
.drift{color:#a40000;font-weight:600}.none{color:#146c2e}code{background:#f5f5f5;padding:0 .2rem;word-break:break-all}`;

/** One self-contained page (no script, no outside file): every finding under its operation and field, then the run. */
export function driftHtml(report: DriftReport): string {
  const sections = [...byOperation(report.findings)].map(([operationId, findings]) => {
    const rows = findings.map(
      (f) =>
        `<tr><td><code>${escape(f.field)}</code></td><td class="drift">${escape(f.kind)}</td><td>${escape(f.reference)}</td><td>${escape(f.candidate)}</td><td>${f.occurrences}${f.objectId ? `, e.g. ${escape(f.objectId)}` : ''}</td><td>${f.requests.map((r) => `<code>${escape(r)}</code>`).join('<br>')}</td></tr>`,
    );
    return `<h2 id="${escape(operationId)}">${escape(operationId)}</h2><table><tr><th>field</th><th>drift</th><th>reference</th><th>candidate</th><th>seen</th><th>requests</th></tr>${rows.join('')}</table>`;
  });
  const skipped = skipReasons(report);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ledger-sim drift: ${escape(report.candidate)}</title><style>${STYLE}</style></head><body>
<h1>Drift of ${escape(report.candidate)} from ${escape(report.reference)}</h1>
<p class="${report.findings.length > 0 ? 'drift' : 'none'}">${report.findings.length > 0 ? `${report.findings.length} finding(s) in ${sections.length} operation(s)` : 'No drift: the candidate answered every compared request as the reference did.'}</p>
<p>${escape(runLine(report))}; started ${escape(report.startedAt)}.</p>
${report.stopped ? `<p class="drift">Stopped: ${escape(report.stopped)}</p>` : ''}
${sections.join('\n')}
${skipped.length > 0 ? `<h2>Skipped</h2><table><tr><th>why</th><th>requests</th></tr>${skipped.map(([reason, n]) => `<tr><td>${escape(reason)}</td><td>${n}</td></tr>`).join('')}</table>` : ''}
</body></html>
`;
}
