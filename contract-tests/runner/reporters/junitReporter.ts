import type { RunReport } from '../checkTypes.ts';

// XML 1.0 cannot carry most control characters, even escaped; response text may contain them.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

const escape = (s: string): string =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c).replace(CONTROL_CHARACTERS, '');

/** JUnit XML: a test suite per area, a test case per check, so CI systems show the checks by name. */
export function junitReport(report: RunReport): string {
  const areas = [...new Set(report.results.map((r) => r.area))];
  const suites = areas.map((area) => {
    const results = report.results.filter((r) => r.area === area);
    const cases = results.map((r) => {
      const name = escape(r.operationId ? `${r.id} (${r.operationId})` : r.id);
      const time = (r.ms / 1000).toFixed(3);
      if (r.status === 'pass') return `    <testcase classname="${area}" name="${name}" time="${time}"/>`;
      if (r.status === 'skip') return `    <testcase classname="${area}" name="${name}" time="${time}"><skipped message="${escape(r.reason ?? '')}"/></testcase>`;
      const body = [`rule: ${r.rule}`, `expected: ${r.expected ?? ''}`, `received: ${r.received ?? ''}`, ...(r.endUserId ? [`end user: ${r.endUserId}`] : []), ...(r.curl ? [`repeat: ${r.curl}`] : []), `seed: ${report.seed}`].join('\n');
      return `    <testcase classname="${area}" name="${name}" time="${time}"><failure message="${escape(`expected ${r.expected ?? ''}`)}">${escape(body)}</failure></testcase>`;
    });
    const failures = results.filter((r) => r.status === 'fail').length;
    const skipped = results.filter((r) => r.status === 'skip').length;
    const time = (results.reduce((s, r) => s + r.ms, 0) / 1000).toFixed(3);
    return `  <testsuite name="contract.${area}" tests="${results.length}" failures="${failures}" skipped="${skipped}" time="${time}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="ledger-sim contract" tests="${report.results.length}" time="${(report.ms / 1000).toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
