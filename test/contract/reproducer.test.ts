import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContract } from '../../contract-tests/runner/runContract.ts';
import { throughProxy } from './plantedBugHarness.ts';
import { startPlantedBugProxy, type PlantedBugProxy } from '../support/plantedBugProxy.ts';
import type { BugName } from '../support/plantedBugs/index.ts';
import { runningTestClock, startTestSandbox, type TestSandbox } from '../support/testClient.ts';

let api: TestSandbox;
let proxy: PlantedBugProxy;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-repro-'));
const caPath = path.join(dir, 'proxy-ca.pem');

beforeAll(async () => {
  api = await startTestSandbox({ sizes: { customers: 40, invoices: 60 }, clock: runningTestClock() });
  proxy = await startPlantedBugProxy(api.sandbox);
  fs.writeFileSync(caPath, proxy.caCert);
});
afterAll(async () => {
  await proxy.close();
  await api.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The reproducer of the one failure a planted bug causes in a check, and what running it prints (the key put back in). */
async function reproduce(bug: BugName, only: string): Promise<{ script: string; received: string; output: string }> {
  proxy.plant(bug);
  try {
    const report = await runContract({ ...throughProxy(proxy, api), caCertPath: caPath, allowWrites: false, fuzz: 0, seed: 35, only: [only] });
    const failed = report.results.filter((r) => r.status === 'fail');
    expect(failed.length).toBe(1);
    const script = failed[0]?.curl ?? '';
    // Asynchronously: the sandbox and the proxy answering the script live in this process.
    const { stdout: output } = await promisify(execFile)('bash', ['-c', `set -euo pipefail\n${script.replaceAll('sk_REDACTED', api.sandbox.secretKey)}`], { encoding: 'utf8', timeout: 30_000 });
    return { script, received: failed[0]?.received ?? '', output };
  } finally {
    proxy.plant(undefined);
  }
}

describe("a failing page's reproducer is the whole walk as a script, which still works after the run", () => {
  it('walks from the first page to the failing one, keeping the cursor the first page gave', async () => {
    const { script, output } = await reproduce('limit-ignored-on-later-pages', 'pagination.page-size@customers.list');
    const limit = Number(/\/customers\?limit=(\d+)' \| sed /.exec(script.split('\n')[1] ?? '')?.[1]);
    expect(limit).toBeGreaterThan(0);
    expect(script.split('\n').at(-1)).toContain('cursor=${cursor}');
    // The later page asked for again shows the bug: more objects than the limit asked for.
    const page = JSON.parse(output) as { data: unknown[] };
    expect(page.data.length).toBeGreaterThan(limit);
  });

  it('keeps the time that passed between pages: the sandbox clock moves again where the run moved it', async () => {
    const { script, output } = await reproduce('cursor-never-expires', 'pagination.cursor-expiry@customers.list');
    expect(script).toMatch(/_sandbox\/clock\/advance/);
    // The bug answers the late page instead of CURSOR_EXPIRED; the script shows it again.
    const page = JSON.parse(output) as { data?: unknown[]; error?: unknown };
    expect([Array.isArray(page.data), page.error]).toEqual([true, undefined]);
  });
});
