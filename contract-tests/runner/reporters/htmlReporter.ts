import type { CheckResult, RunReport } from '../checkTypes.ts';

const escape = (s: string): string => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1b1b1b}h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.25rem .6rem;text-align:left;vertical-align:top}
.fail{color:#a40000;font-weight:600}.pass{color:#146c2e}.skip{color:#6b6b6b}pre{white-space:pre-wrap;word-break:break-all;background:#f5f5f5;padding:.5rem;margin:.25rem 0}
details{margin:.5rem 0;border-left:3px solid #a40000;padding-left:.75rem}summary{cursor:pointer}`;

const counts = (results: readonly CheckResult[]): Record<CheckResult['status'], number> => {
  const out = { pass: 0, fail: 0, skip: 0 };
  for (const r of results) out[r.status] += 1;
  return out;
};

function summaryBy(results: readonly CheckResult[], keyOf: (r: CheckResult) => string, heading: string): string {
  const keys = [...new Set(results.map(keyOf))].sort();
  const rows = keys.map((key) => {
    const c = counts(results.filter((r) => keyOf(r) === key));
    return `<tr><td>${escape(key)}</td><td class="pass">${c.pass}</td><td class="fail">${c.fail || ''}</td><td class="skip">${c.skip || ''}</td></tr>`;
  });
  return `<table><tr><th>${heading}</th><th>passed</th><th>failed</th><th>skipped</th></tr>${rows.join('')}</table>`;
}

function failure(r: CheckResult, seed: number): string {
  const field = (name: string, value: string | undefined): string => (value === undefined ? '' : `<p><b>${name}</b></p><pre>${escape(value)}</pre>`);
  return `<details open><summary class="fail">${escape(r.id)}${r.operationId ? ` (${escape(r.operationId)})` : ''}</summary>${field('rule', r.rule)}${field('expected', r.expected)}${field('received', r.received)}${field('end user', r.endUserId)}${field('repeat', r.curl)}${field('retries', r.retries?.join('\n'))}${field('seed', String(seed))}</details>`;
}

/** One self-contained page (no script, no outside file) a person reads after a run: summary, coverage, every failure, what the run made and removed. */
export function htmlReport(report: RunReport): string {
  const c = counts(report.results);
  const failures = report.results.filter((r) => r.status === 'fail');
  const skipped = report.results.filter((r) => r.status === 'skip');
  const retried = report.results.filter((r) => (r.retries?.length ?? 0) > 0);
  const made = report.cleanup.map((s) => `<tr><td>${escape(s.objectType)}</td><td>${escape(s.id)}</td><td>${escape(s.label ?? '')}</td><td>${escape(s.action)}${s.why ? `: ${escape(s.why)}` : ''}</td></tr>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ledger-sim contract: ${escape(report.target)}</title><style>${STYLE}</style></head><body>
<h1>Contract run against ${escape(report.target)}</h1>
<p><span class="pass">${c.pass} passed</span>, <span class="fail">${c.fail} failed</span>, <span class="skip">${c.skip} skipped</span> in ${(report.ms / 1000).toFixed(1)} s; seed ${report.seed}; run ${escape(report.runId)}; ${report.sandboxClock ? 'sandbox clock' : 'real time'}${report.budgetMs === undefined ? '' : `; budget ${Math.round(report.budgetMs / 1000)} s`}; started ${escape(report.startedAt)}.</p>
${report.stopped ? `<p class="fail">Stopped: ${escape(report.stopped)}</p>` : ''}
<h2>By area</h2>${summaryBy(report.results, (r) => r.area, 'area')}
<h2>Coverage</h2><p>${report.coverage.covered.length} of ${report.coverage.covered.length + report.coverage.notCovered.length} operations exercised.</p>
${report.coverage.notCovered.length > 0 ? `<p>Not exercised: ${report.coverage.notCovered.map(escape).join(', ')}</p>` : ''}
<h2>Failures (${failures.length})</h2>${failures.map((r) => failure(r, report.seed)).join('\n') || '<p>None.</p>'}
<h2>Retried on the target's advice (${retried.length})</h2>${retried.length > 0 ? `<table><tr><th>check</th><th>retries</th></tr>${retried.map((r) => `<tr><td>${escape(r.id)}${r.operationId ? ` (${escape(r.operationId)})` : ''}</td><td><pre>${escape(r.retries?.join('\n') ?? '')}</pre></td></tr>`).join('')}</table>` : '<p>None.</p>'}
<h2>Made on the target, and what cleanup did (${made.length})</h2>${made.length > 0 ? `<table><tr><th>type</th><th>id</th><th>name</th><th>cleanup</th></tr>${made.join('')}</table>` : '<p>Nothing.</p>'}${report.clock && report.clock.movedMs > 0 ? `<p>The run moved the project's sandbox clock ${(report.clock.movedMs / 1000).toFixed(1)} s and set it back to where it found it.</p>` : ''}
<h2>By operation</h2>${summaryBy(report.results, (r) => r.operationId ?? '(the target as a whole)', 'operation')}
<h2>Skipped (${skipped.length})</h2><table><tr><th>check</th><th>why</th></tr>${skipped.map((r) => `<tr><td>${escape(r.id)}${r.operationId ? ` (${escape(r.operationId)})` : ''}</td><td>${escape(r.reason ?? '')}</td></tr>`).join('')}</table>
</body></html>
`;
}
