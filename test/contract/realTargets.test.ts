import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allChecks } from '../../contract-tests/checks/index.ts';
import { contractCommand, DEFAULT_SPEC } from '../../contract-tests/runner/contractCommand.ts';
import type { CheckResult } from '../../contract-tests/runner/checkTypes.ts';
import { runContract } from '../../contract-tests/runner/runContract.ts';
import { loadSpecModel } from '../../contract-tests/runner/specModel.ts';
import { throughProxy } from './plantedBugHarness.ts';
import { startPlantedBugProxy, type PlantedBugProxy } from '../support/plantedBugProxy.ts';
import { runningTestClock, startTestSandbox, type TestSandbox } from '../support/testClient.ts';
import { runInProcess } from '../support/cliInProcess.ts';
import type { CliRun } from '../support/cliProcess.ts';

let api: TestSandbox;
let proxy: PlantedBugProxy;

/**
 * The same few checks run calm, then with 12% "record in use" and 5% one-second-late answers, on a
 * sandbox of their own. Each retry waits the second the target asks for, in real time: the runs
 * start with the file and are judged by their test, so the other tests use the time they wait.
 */
async function calmAndMoodyRuns(): Promise<{ calm: CheckResult[]; moody: CheckResult[] }> {
  const own = await startTestSandbox({ sizes: { customers: 40, invoices: 60 }, clock: runningTestClock() });
  const ownProxy = await startPlantedBugProxy(own.sandbox, { latencyMs: 5 });
  ownProxy.plant('without-sandbox-controls');
  try {
    const only = ['pagination@customers.list', 'filters@customers.list', 'filters@invoices.list', 'schema.responses@customers.list', 'writes.create-retrieve-list@customers.create'];
    const run = (): Promise<CheckResult[]> => runContract({ ...throughProxy(ownProxy, own), specPath: DEFAULT_SPEC, allowWrites: true, fuzz: 0, seed: 35, only, skip: ['pagination.cursor-expiry'] }).then((r) => r.results);
    const calm = await run();
    const faults = `/_sandbox/end-users/${own.endUser}/faults`;
    await own.control('POST', faults, { fault: 'status', status: 3175, share: 0.12 });
    await own.control('POST', faults, { fault: 'slow', seconds: 1, share: 0.05 });
    return { calm, moody: await run() };
  } finally {
    await ownProxy.close();
    await own.close();
  }
}
let moodyRuns: Promise<{ calm: CheckResult[]; moody: CheckResult[] }>;

beforeAll(async () => {
  moodyRuns = calmAndMoodyRuns();
  // Judged by its test; until then a failure must not count as unhandled.
  moodyRuns.catch(() => undefined);
  api = await startTestSandbox({ sizes: { customers: 40, invoices: 60 }, clock: runningTestClock() });
  // What a real deployment looks like to the runner: no sandbox controls, and a little latency.
  proxy = await startPlantedBugProxy(api.sandbox, { latencyMs: 5 });
  proxy.plant('without-sandbox-controls');
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

/** Runs `ledger-sim contract` as a user would, catching what it writes to standard error. */
const contract = (args: string[]): Promise<CliRun> => runInProcess((a) => contractCommand(a, {}), args);

const sandboxArgs = (): string[] => ['--base-url', api.sandbox.baseUrl, '--api-key', api.sandbox.secretKey, '--end-user-id', api.endUser, '--ca-cert', api.sandbox.caCertPath, '--seed', '35'];

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('issue 35: the runner against a target without a sandbox clock', () => {
  it('refuses --only or --skip naming no check, with the closest names (exit 2), and never calls a run of no check green', async () => {
    const typo = await contract([...sandboxArgs(), '--only', 'paginaton.cursor-expiry']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('--only paginaton.cursor-expiry names no check; closest: pagination.cursor-expiry');
    const unknownSkip = await contract([...sandboxArgs(), '--skip', 'nosuchcheck']);
    expect([unknownSkip.code, unknownSkip.stderr.includes('--skip nosuchcheck names no check')]).toEqual([2, true]);
    // Read-only, the write checks all skip: nothing was shown, so it is not a pass.
    const nothing = await contract([...sandboxArgs(), '--only', 'writes.create-retrieve-list@customers.create']);
    expect([nothing.code, nothing.stderr.includes('no check ran')]).toEqual([2, true]);
  });

  it.each([
    ['an unreachable base URL', async (): Promise<string[]> => ['--base-url', `https://127.0.0.1:${await closedPort()}/v1`, '--api-key', 'sk_sandbox_x', '--end-user-id', 'end_usr_x'], /cannot reach the target: .*ECONNREFUSED/],
    ['a self-signed target without --ca-cert', (): Promise<string[]> => Promise.resolve(['--base-url', api.sandbox.baseUrl, '--api-key', api.sandbox.secretKey, '--end-user-id', api.endUser]), /TLS certificate is not trusted .*--ca-cert/],
    ['a refused key', (): Promise<string[]> => Promise.resolve([...sandboxArgs(), '--api-key', 'sk_sandbox_notakey000000']), /refused the API key/],
    ['an unknown end user', (): Promise<string[]> => Promise.resolve([...sandboxArgs(), '--end-user-id', 'end_usr_nobody00000000']), /does not know end user end_usr_nobody00000000/],
  ] as const)('stops on %s before any check, with one message and exit 3', async (_name, args, message) => {
    const run = await contract(await args());
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(message);
    // One message, not a failure per check.
    expect(run.stderr.split('\n').filter((l) => l.startsWith('FAIL')).length).toBe(0);
    expect(run.stderr.match(/target unavailable/g)?.length).toBe(1);
  });

  it('keeps to its budget without a sandbox clock, breadth first: calls every GET operation before it spends time on depth, what does not fit is skipped as "budget"', async () => {
    const budgetMs = 12_000;
    const report = await runContract({ ...throughProxy(proxy, api), specPath: DEFAULT_SPEC, allowWrites: false, fuzz: 0, seed: 35, budgetMs });
    expect(report.ms).toBeLessThanOrEqual(budgetMs * 1.1);
    expect(report.results.filter((r) => r.status === 'fail')).toEqual([]);
    expect(report.results.filter((r) => r.reason?.startsWith('budget')).length).toBeGreaterThan(0);
    const spec = await loadSpecModel(DEFAULT_SPEC);
    const gets = new Set(spec.operations.filter((o) => o.method === 'GET').map((o) => o.operationId));
    const uncalled = report.coverage.notCovered.filter((o) => gets.has(o));
    // Depth: a check of one operation besides the last ones, which judge each operation's answers.
    const lastIds = new Set(allChecks(spec, { httpUrl: undefined }).filter((c) => c.last).map((c) => c.id));
    const depthRan = report.results.filter((r) => r.operationId !== undefined && !lastIds.has(r.id) && r.status !== 'skip');
    // A quiet machine calls every GET operation within this budget and spends the rest on depth; a
    // loaded one may not call them all in 12 s, and then spends none of it on depth.
    if (uncalled.length > 0) expect(depthRan.map((r) => `${r.id}@${r.operationId ?? ''}`)).toEqual([]);
    // Too loaded to call them all, it may have judged none in the time: nothing to count then.
    if (uncalled.length === 0) expect(report.coverage.covered.filter((o) => gets.has(o)).length).toBeGreaterThan(100);
  }, 60_000);

  it('on someone\'s books makes nothing the API cannot remove, and removes what it made', async () => {
    const report = await runContract({ ...throughProxy(proxy, api), specPath: DEFAULT_SPEC, allowWrites: true, fuzz: 0, seed: 35, only: ['writes.create-retrieve-list@customerTypes.create', 'writes.create-retrieve-list@invoices.create', 'writes.create-retrieve-list@customers.create'] });
    const byOp = new Map(report.results.map((r) => [r.operationId, r]));
    expect(byOp.get('customerTypes.create')).toMatchObject({ status: 'skip', reason: expect.stringContaining('cannot delete, void or deactivate') });
    expect([byOp.get('invoices.create')?.status, byOp.get('customers.create')?.status]).toEqual(['pass', 'pass']);
    expect(report.cleanup.map((s) => s.action).sort()).toEqual(expect.arrayContaining(['deleted', 'made inactive']));
    expect(report.cleanup.filter((s) => s.action === 'left')).toEqual([]);
  });

  it('finishes an interrupted run\'s cleanup later from its record (ledger-sim contract cleanup)', async () => {
    const recordDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-records-'));
    try {
      const customer = await api.get('/ledger-desktop/customers', { query: { limit: 1 } });
      const customerId = String((customer.body['data'] as { id: string }[])[0]?.id);
      const invoice = await api.post('/ledger-desktop/invoices', { customerId, transactionDate: '2026-03-16', lines: [{ description: 'left by a run', amount: '5.00' }] });
      const id = String(invoice.body['id']);
      const record = { runId: 'feedbeef', target: api.sandbox.baseUrl, endUserId: api.endUser, startedAt: '2026-03-16T14:30:00.000Z', created: [{ id, objectType: 'ldg_invoice', path: '/ledger-desktop/invoices', label: null }] };
      fs.writeFileSync(path.join(recordDir, 'feedbeef.json'), JSON.stringify(record));
      const run = await contract(['cleanup', '--base-url', api.sandbox.baseUrl, '--api-key', api.sandbox.secretKey, '--ca-cert', api.sandbox.caCertPath, '--record-dir', recordDir]);
      expect(run.code).toBe(0);
      expect((await api.get(`/ledger-desktop/invoices/${id}`)).status).toBe(502);
      expect(fs.readdirSync(recordDir)).toEqual([]);
      expect((await contract(['cleanup', '--base-url', api.sandbox.baseUrl, '--api-key', api.sandbox.secretKey, '--record-dir', recordDir])).code).toBe(0);
    } finally {
      fs.rmSync(recordDir, { recursive: true, force: true });
    }
  });

  it("reads another end user's company file beside the first (--other-end-user-id): every check once, writes and isolation on the run's own", async () => {
    const created = await api.post('/end-users', { companyName: 'Beside Co', sourceId: 'beside-co', email: 'qa@beside.test' });
    const other = String(created.body['id']);
    expect((await api.control('POST', `/_sandbox/end-users/${other}/company-file`, { seed: 36, sizes: { customers: 40, invoices: 60 } })).status).toBe(200);
    const only = ['pagination@customers.list', 'pagination@invoices.list', 'filters@customers.list', 'filters@invoices.list', 'isolation@customers.list', 'schema.responses@customers.retrieve', 'writes.create-retrieve-list@customers.create'];
    const options = { ...throughProxy(proxy, api), specPath: DEFAULT_SPEC, allowWrites: true, fuzz: 0, seed: 35, only, skip: ['pagination.cursor-expiry'] };
    const alone = await runContract(options);
    const beside = await runContract({ ...options, otherEndUserId: other });
    try {
      expect(beside.results.filter((r) => r.status === 'fail')).toEqual([]);
      const key = (r: CheckResult): string => `${r.id}@${r.operationId ?? ''}`;
      // The same checks, each once, in the planned order.
      expect(beside.results.map(key).filter((k) => !k.startsWith('isolation'))).toEqual(alone.results.map(key).filter((k) => !k.startsWith('isolation')));
      const onOther = beside.results.filter((r) => r.endUserId === other);
      expect(onOther.length).toBeGreaterThan(0);
      expect(onOther.filter((r) => r.area === 'writes' || r.area === 'isolation')).toEqual([]);
      // A resource's reads stay in one company file: a retrieve finds its ids in the list its lane walked.
      const resourceOf = (r: CheckResult): string => (r.operationId ?? '').split('.')[0] ?? '';
      for (const resource of ['customers', 'invoices']) {
        const reads = beside.results.filter((r) => resourceOf(r) === resource && r.area !== 'writes' && r.area !== 'isolation');
        expect(new Set(reads.map((r) => r.endUserId ?? 'own')).size, resource).toBe(1);
      }
      expect(beside.created.length).toBeGreaterThan(0);
      expect(beside.cleanup.every((step) => step.action !== 'left')).toBe(true);
    } finally {
      await api.request('DELETE', `/end-users/${other}`);
    }
  }, 90_000);

  it('retries the desktop\'s "record in use" as the official clients do, visibly, and fails no check for it, late answers and writes included', async () => {
    const { calm, moody } = await moodyRuns;
    expect(calm.filter((r) => r.status === 'fail')).toEqual([]);
    expect(moody.filter((r) => r.status === 'fail')).toEqual([]);
    const retried = moody.filter((r) => (r.retries?.length ?? 0) > 0);
    expect(retried.length).toBeGreaterThan(0);
    expect(retried[0]?.retries?.[0]).toMatch(/409|502 3175, waited 1000 ms/);
    // What passed without the faults passes with them, or (the desktop busy through every retry) says so.
    const statusOf = new Map(moody.map((r) => [`${r.id}@${r.operationId ?? ''}`, r]));
    for (const r of calm.filter((c) => c.status === 'pass')) {
      const now = statusOf.get(`${r.id}@${r.operationId ?? ''}`);
      expect(now?.status === 'pass' || (now?.status === 'skip' && /stayed busy/.test(now.reason ?? '')), `${r.id}@${r.operationId ?? ''}: ${JSON.stringify(now)}`).toBe(true);
    }
  }, 90_000);
});
