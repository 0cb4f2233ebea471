import type { UserConfig } from 'vitest/config';

export default { test: { globalSetup: ['./globalSetup.ts'] } } satisfies UserConfig;
