import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['simulator/**/*.test.ts', 'test/**/*.test.ts', 'contract-tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest leaves one core free by default: on the 2 cores CI has, that ran every file in turn.
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
