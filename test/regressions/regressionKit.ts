import { expect } from 'vitest';
import type { HostileFamily } from '../hostile/hostileCase.ts';
import { formatReport, hostileContext, runHostile } from '../hostile/runHostile.ts';
import { storedStateOf } from '../support/storedState.ts';
import type { TestSandbox } from '../support/testClient.ts';

/** Variants per family in `npm test`; the hostile run sends many more. */
export const VARIANTS = 150;

/** Sends `count` seeded variants of one family and demands that all of them came back as they must, changing nothing. */
export async function expectFamilyRefused(api: TestSandbox, family: HostileFamily, count = VARIANTS, seed = 8): Promise<void> {
  const ctx = await hostileContext(api);
  const before = storedStateOf(api);
  const report = await runHostile(api, ctx, [family], { seed, perFamily: count });
  expect(report.failures, formatReport(report)).toEqual([]);
  expect(storedStateOf(api)).toBe(before);
}
