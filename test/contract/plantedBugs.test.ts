import { beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../contract-tests/runner/checkTypes.ts';
import { runContract } from '../../contract-tests/runner/runContract.ts';
import { startPlantedBugProxy } from '../support/plantedBugProxy.ts';
import { runningTestClock, startTestSandbox } from '../support/testClient.ts';
import { describePlantedBugs, failures, ROWS, SEED, throughProxy } from './plantedBugHarness.ts';

/**
 * A run against a target without sandbox controls waits 10 s of real time for its cursors to
 * expire: it starts before the rows and is judged after them, so the rows use the time it waits.
 */
async function realTimeRun(): Promise<RunReport> {
  const api = await startTestSandbox({ sizes: { customers: 30, invoices: 40 }, clock: runningTestClock() });
  const proxy = await startPlantedBugProxy(api.sandbox);
  try {
    proxy.plant('without-sandbox-controls');
    return await runContract({
      ...throughProxy(proxy, api),
      allowWrites: false,
      fuzz: 10,
      seed: SEED,
      // Two lists are enough to show real time is waited only where expiry needs it.
      only: ['pagination@customers.list', 'pagination@invoices.list', 'auth'],
    });
  } finally {
    await proxy.close();
    await api.close();
  }
}

let realTime: Promise<RunReport>;
beforeAll(() => {
  realTime = realTimeRun();
  // Judged by the last test; until then a failure must not count as unhandled.
  realTime.catch(() => undefined);
});

// The first half of the rows; plantedBugs.more.test.ts runs the rest.
describePlantedBugs('first half', ROWS.slice(0, Math.ceil(ROWS.length / 2)));

describe('a target without sandbox controls', () => {
  it('is checked in real time, waiting the 10 s once for every expiry check, and only for them', async () => {
    const report = await realTime;
    expect(report.sandboxClock).toBe(false);
    expect(failures(report)).toEqual([]);
    const expiry = report.results.filter((r) => r.id === 'pagination.cursor-expiry');
    expect(expiry.map((r) => r.status)).toEqual(['pass', 'pass']);
    // Both sequences expire during one wait: the run takes 10.5 s of waiting, not 21.
    expect(report.ms).toBeGreaterThanOrEqual(10_500);
    expect(report.ms).toBeLessThan(10_500 + 5_000);
    expect(report.results.reduce((sum, r) => sum + r.ms, 0)).toBeLessThan(5_000);
  }, 60_000);
});
