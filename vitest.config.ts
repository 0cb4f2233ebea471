import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['simulator/**/*.test.ts', 'test/**/*.test.ts', 'contract-tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
