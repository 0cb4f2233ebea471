import os from 'node:os';
import { defineConfig } from 'vitest/config';

const INCLUDE = ['simulator/**/*.test.ts', 'test/**/*.test.ts', 'contract-tests/**/*.test.ts'];
/** Files that replace a module (vi.mock): a module another file loaded first in the same process would stay unmocked. */
const MOCKING = ['test/regressions/34-account-enumeration.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest leaves one core free by default: on the 2 cores CI has, that ran every file in turn.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      // A process per file loaded the simulator again for each of a hundred files (48 s of a 285 s run
      // on 2 cores); files reuse a worker's loaded modules instead. Each test starts what it needs
      // (sandboxes on port 0, company files in memory or in temporary folders), so files share nothing else.
      { extends: true, test: { name: 'shared', include: INCLUDE, exclude: MOCKING, isolate: false } },
      { extends: true, test: { name: 'own-process', include: MOCKING, isolate: true } },
    ],
  },
});
