import type { CheckResult, RunReport } from '../checkTypes.ts';
import { cleanupLines } from '../cleanupCommand.ts';
import type { RunPlan } from '../runContract.ts';

const MARK = { pass: 'ok  ', fail: 'FAIL', skip: 'skip' } as const;

function label(r: { id: string; operationId?: string | undefined }): string {
  return r.operationId ? `${r.id} (${r.operationId})` : r.id;
}

/** One line per check as it finishes, for a person watching a run. */
export function progressLine(result: CheckResult): string {
  return `${MARK[result.status]} ${label(result).padEnd(58)} ${String(result.ms).padStart(6)} ms${result.status === 'skip' && result.reason ? `  ${result.reason}` : ''}`;
}

const minutes = (ms: number): string => (ms >= 60_000 ? `${(ms / 60_000).toFixed(1)} min` : `${Math.round(ms / 1000)} s`);

/** The plan, said before the first check: how many checks, how long they should take, within what. */
export function planLine(plan: RunPlan): string {
  const time = plan.sandboxClock ? 'the sandbox clock moved, not waited for' : `reads measured at ${plan.readMs} ms`;
  const budget = plan.budgetMs === undefined ? 'no budget' : `budget ${minutes(plan.budgetMs)}, breadth first: every operation once, then deeper; what does not fit is skipped ("budget")`;
  const side = plan.endUsers > 1 ? `, reads on ${plan.endUsers} end users' company files side by side` : '';
  return `plan: ${plan.checks} checks, about ${minutes(plan.estimatedMs)} (${time}${side}); ${budget}`;
}

const clockTime = (ms: number): string => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

/**
 * What a person watching a run sees. On a terminal: a line per check, with how many are done and
 * the time left at the pace so far. In a CI log: every failure as it happens, and one line per area
 * once its last check is done, instead of a thousand lines.
 */
export function progressReporter(write: (line: string) => void, terminal: boolean): { plan(plan: RunPlan): void; result(result: CheckResult): void } {
  let plan: RunPlan | undefined;
  const started = performance.now();
  let done = 0;
  const areas = new Map<string, { pass: number; fail: number; skip: number }>();
  return {
    plan(p) {
      plan = p;
      write(planLine(p));
    },
    result(r) {
      done += 1;
      const area = areas.get(r.area) ?? { pass: 0, fail: 0, skip: 0 };
      area[r.status] += 1;
      areas.set(r.area, area);
      if (terminal) {
        const left = plan ? ((performance.now() - started) / done) * (plan.checks - done) : 0;
        write(`${progressLine(r)}  [${done}/${plan?.checks ?? '?'}, about ${clockTime(left)} left]`);
        return;
      }
      if (r.status === 'fail') write(progressLine(r));
      if (area.pass + area.fail + area.skip === plan?.byArea[r.area]) write(`area ${r.area}: ${area.pass} passed, ${area.fail} failed, ${area.skip} skipped (${done} of ${plan.checks} checks done)`);
    },
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd()).join('\n');
}

/** The summary a person reads at the end: a table, then every failure with how to reproduce it. */
export function humanSummary(report: RunReport): string {
  const counts = { pass: 0, fail: 0, skip: 0 };
  for (const r of report.results) counts[r.status] += 1;
  const rows = [['check', 'operation', 'result', 'time'], ...report.results.map((r) => [r.id, r.operationId ?? '-', r.status, `${r.ms} ms`])];
  const failures = report.results.filter((r) => r.status === 'fail');
  const details = failures.map((r, i) =>
    [
      `${i + 1}) ${label(r)}`,
      `   rule:     ${r.rule}`,
      `   expected: ${r.expected ?? ''}`,
      `   received: ${r.received ?? ''}`,
      ...(r.endUserId ? [`   end user: ${r.endUserId} (the other end user's company file)`] : []),
      ...(r.curl ? [`   repeat:   ${r.curl.replaceAll('\n', '\n             ')}`] : []),
      `   seed:     ${report.seed}`,
    ].join('\n'),
  );
  const skipped = report.results.filter((r) => r.status === 'skip' && r.reason);
  return [
    table(rows),
    '',
    ...(details.length > 0 ? ['Failures:', ...details, ''] : []),
    ...(skipped.length > 0 ? ['Skipped:', ...skipped.map((r) => `  ${label(r)}: ${r.reason ?? ''}`), ''] : []),
    ...(report.cleanup.length > 0 ? [`Made on the target by run ${report.runId}, and what cleanup did:`, ...cleanupLines(report.cleanup), ''] : []),
    ...(report.clock && report.clock.movedMs > 0 ? [`The run moved the project's sandbox clock ${(report.clock.movedMs / 1000).toFixed(1)} s and set it back to where it found it.`] : []),
    `${report.coverage.covered.length} of ${report.coverage.covered.length + report.coverage.notCovered.length} operations exercised${report.coverage.notCovered.length > 0 && report.coverage.notCovered.length <= 20 ? ` (not: ${report.coverage.notCovered.join(', ')})` : ''}`,
    `${counts.pass} passed, ${counts.fail} failed, ${counts.skip} skipped in ${(report.ms / 1000).toFixed(1)} s against ${report.target} (seed ${report.seed}${report.sandboxClock ? ', sandbox clock' : ', real time'}${report.budgetMs === undefined ? '' : `, budget ${minutes(report.budgetMs)}`})`,
  ].join('\n');
}
