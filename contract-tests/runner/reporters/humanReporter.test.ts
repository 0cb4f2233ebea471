import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../checkTypes.ts';
import type { RunPlan } from '../runContract.ts';
import { progressReporter } from './humanReporter.ts';

const plan: RunPlan = { checks: 3, byArea: { auth: 2, pagination: 1 }, readMs: 490, estimatedMs: 90_000, budgetMs: 90_000, sandboxClock: false, endUsers: 1 };
const result = (id: string, area: CheckResult['area'], status: CheckResult['status']): CheckResult => ({ id, area, rule: id, operationId: undefined, status, ms: 5 });
const results = [result('auth.no-key', 'auth', 'pass'), result('pagination.page-size', 'pagination', 'fail'), result('auth.unknown-key', 'auth', 'skip')];

function watched(terminal: boolean): string[] {
  const lines: string[] = [];
  const progress = progressReporter((line) => lines.push(line), terminal);
  progress.plan(plan);
  for (const r of results) progress.result(r);
  return lines;
}

describe('progress as a run goes', () => {
  it('in a CI log: the plan, each failure as it happens, and one line per area once it is done', () => {
    const lines = watched(false);
    expect(lines[0]).toMatch(/^plan: 3 checks, about 1\.5 min \(reads measured at 490 ms\); budget 1\.5 min/);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^FAIL pagination\.page-size/),
      'area pagination: 0 passed, 1 failed, 0 skipped (2 of 3 checks done)',
      'area auth: 1 passed, 0 failed, 1 skipped (3 of 3 checks done)',
    ]);
  });

  it('on a terminal: a line per check with how many are done and the time left', () => {
    const lines = watched(true);
    expect(lines.slice(1).map((l) => /\[(\d+\/\d+), about \d+:\d\d left\]$/.exec(l)?.[1])).toEqual(['1/3', '2/3', '3/3']);
  });
});
