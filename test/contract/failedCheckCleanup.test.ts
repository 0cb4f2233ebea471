import { afterAll, beforeAll, expect, it } from 'vitest';
import { runContract } from '../../contract-tests/runner/runContract.ts';
import { startPlantedBugProxy, type PlantedBugProxy } from '../support/plantedBugProxy.ts';
import { runningTestClock, startTestSandbox, type TestSandbox } from '../support/testClient.ts';
import { throughProxy } from './plantedBugHarness.ts';

let api: TestSandbox;
let proxy: PlantedBugProxy;
beforeAll(async () => {
  api = await startTestSandbox({ sizes: { customers: 2, invoices: 2 }, clock: runningTestClock() });
  proxy = await startPlantedBugProxy(api.sandbox);
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

it('a request-timeout check that fails still lets the desktop finish: nothing is left in its queue for the next request', async () => {
  proxy.plant('timeout-without-error-shape');
  const report = await runContract({ ...throughProxy(proxy, api), allowWrites: false, fuzz: 0, seed: 1, only: ['desktop.request-timeout'] });
  expect(report.results.map((r) => r.status)).toEqual(['fail']);
  const desktop = await api.control('GET', `/_sandbox/end-users/${api.endUser}/desktop`);
  expect(desktop.body['queuedRequests']).toBe(0);
});
