import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const INCLUDE = ['simulator/**/*.test.ts', 'test/**/*.test.ts', 'contract-tests/**/*.test.ts'];
/** Files that replace a module (vi.mock): a module another file loaded first in the same process would stay unmocked. */
const MOCKING = ['test/regressions/34-account-enumeration.test.ts'];
/**
 * The exhaustive suites, run by `npm run test:deep` (CI runs it after `npm test`): the books' and
 * reports' randomized write sequences checked after every step, every planted bug's baseline, and
 * every list operation with every filter. Together about a third of the suite's time on 2 cores.
 */
const DEEP = [
  'simulator/desktop/books/books.test.ts',
  'simulator/desktop/reports/reports.test.ts',
  'test/contract/plantedBugs.test.ts',
  'test/contract/plantedBugs.more.test.ts',
  'test/everyListOperation.test.ts',
];
const deepRun = process.env['LEDGER_SIM_DEEP'] === '1';

/**
 * Files that take many seconds, slowest first. Vitest starts files it has timed before longest first,
 * but a clean clone (CI) has no timings and starts them by size: a 4-line file of 14 s started last
 * and the run ended with one core idle. These start first; the rest follow in vitest's order.
 */
const SLOW_FILES = [
  // The exhaustive suites (npm run test:deep).
  'test/contract/plantedBugs.test.ts',
  'simulator/desktop/books/books.test.ts',
  'simulator/desktop/reports/reports.test.ts',
  'test/everyListOperation.test.ts',
  // npm test, by their seconds in a whole run on 2 cores (vitest --reporter=json, 2026-11-29).
  'test/browser/dashboardFlow.test.ts',
  'test/fillThread.test.ts',
  'simulator/fixtures/FillThread.test.ts',
  'test/cliFixtures.test.ts',
  'test/cliLauncher.test.ts',
  'test/regressions/34-signin-throttle.test.ts',
  'test/capture.test.ts',
  'test/contract/sandboxContract.test.ts',
  'simulator/desktop/reportThread/ReportThread.test.ts',
  'test/fixturesOverHttps.test.ts',
  'test/contract/realTargets.test.ts',
  'test/drift/drift.test.ts',
  'simulator/api/startSandbox.test.ts',
  'test/cliServe.test.ts',
  'test/dashboard.test.ts',
  'simulator/fixtures/generateFixture.test.ts',
  'simulator/spec/spec.test.ts',
  'simulator/fixtures/ShapeCheckThread.test.ts',
];

class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const i = SLOW_FILES.findIndex((slow) => file.moduleId.endsWith(slow));
      return i < 0 ? SLOW_FILES.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Every sandbox the suite starts (in this process or as `ledger-sim serve`) checks its answers
    // against the spec: a body that breaks it fails the test that met it as a marked sandbox bug.
    // LEDGER_SIM_CHECK_RESPONSES=0 npx vitest ... runs without, to measure what the check costs.
    env: { LEDGER_SIM_CHECK_RESPONSES: process.env['LEDGER_SIM_CHECK_RESPONSES'] ?? '1' },
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest leaves one core free by default: on the 2 cores CI has, that ran every file in turn.
    maxWorkers: Math.max(2, os.availableParallelism()),
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      // A process per file loaded the simulator again for each of a hundred files (48 s of a 285 s run
      // on 2 cores); files reuse a worker's loaded modules instead. Each test starts what it needs
      // (sandboxes on port 0, company files in memory or in temporary folders), so files share nothing else.
      deepRun
        ? { extends: true as const, test: { name: 'deep', include: DEEP, isolate: false } }
        : { extends: true as const, test: { name: 'shared', include: INCLUDE, exclude: [...MOCKING, ...DEEP], isolate: false } },
      ...(deepRun ? [] : [{ extends: true as const, test: { name: 'own-process', include: MOCKING, isolate: true } }]),
    ],
  },
});
