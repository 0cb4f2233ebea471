import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCommand, DEFAULT_SPEC } from '../../contract-tests/runner/contractCommand.ts';
import { runContract } from '../../contract-tests/runner/runContract.ts';
import { runInProcess } from '../support/cliInProcess.ts';
import { runningTestClock, startTestSandbox, type TestSandbox } from '../support/testClient.ts';

let api: TestSandbox;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-contract-'));

beforeAll(async () => {
  // A clock that runs: the runner moves it through the sandbox control, as against a live sandbox.
  api = await startTestSandbox({ sizes: { customers: 200, invoices: 260 }, clock: runningTestClock() });
});
afterAll(async () => {
  await api.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function target() {
  return {
    baseUrl: api.sandbox.baseUrl,
    apiKey: api.sandbox.secretKey,
    endUserId: api.endUser,
    specPath: DEFAULT_SPEC,
    ca: api.sandbox.caCert,
    caCertPath: api.sandbox.caCertPath,
    httpUrl: api.sandbox.httpUrl,
  };
}

/** What contract runs left in the demo company file, by id: marked transactions that still count (not voided), marked list objects still active. */
function leftOver(runId = 'ledger-sim contract run'): Set<string> {
  const db = api.sandbox.deps.host.application(`company_${api.endUser}`).file.store.db;
  const docs = (db.prepare('SELECT doc FROM objects').pluck().all() as Buffer[]).map((d) => JSON.parse(d.toString('utf8')) as Record<string, unknown>);
  // A run's id is in every name and memo it writes, an update's new values included.
  const marked = docs.filter((d) => JSON.stringify(d).includes(runId) || String(d['name'] ?? d['fullName'] ?? '').startsWith('CT '));
  const counts = (d: Record<string, unknown>): boolean => (typeof d['transactionDate'] === 'string' ? !String(d['memo'] ?? '').startsWith('VOID:') : d['isActive'] !== false);
  return new Set(marked.filter(counts).map((d) => String(d['id'])));
}

const endUsers = (): number => api.sandbox.deps.state.endUsers(api.sandbox.deps.state.projectNamed('testing')?.id ?? '').length;

describe('the contract runner against the sandbox', () => {
  it('with --allow-writes marks what it makes and leaves nothing behind that the API can remove: transactions deleted or voided, list objects inactive, its end user gone; the record keeps the rest', async () => {
    const before = leftOver();
    const endUsersBefore = endUsers();
    const recordDir = path.join(dir, 'records');
    const report = await runContract({ ...target(), allowWrites: true, fuzz: 0, seed: 35, only: ['writes', 'isolation'], recordDir });
    expect(report.results.filter((r) => r.status === 'fail')).toEqual([]);
    expect(report.created.length).toBeGreaterThan(20);
    expect(report.created.some((c) => c.objectType === 'end_user')).toBe(true);
    // On a sandbox it also makes what the API cannot remove (a customer type, a term): only those are left, and say why.
    const left = report.cleanup.filter((s) => s.action === 'left');
    expect(left.filter((s) => !/the API cannot remove it/.test(s.why ?? ''))).toEqual([]);
    const actions = new Set(report.cleanup.map((s) => s.action));
    expect([actions.has('deleted'), actions.has('made inactive')]).toEqual([true, true]);
    // Of what the run made (the desktop also makes item sites for its items, which go with them), only what it says it left still counts.
    const made = new Set(report.created.map((c) => c.id));
    const added = [...leftOver(report.runId)].filter((id) => !before.has(id) && made.has(id));
    expect(added.sort()).toEqual(left.map((s) => s.id).sort());
    expect(endUsers()).toBe(endUsersBefore);
    // The record keeps what is left, for `ledger-sim contract cleanup` (which can do no more for these, and says so).
    const records = fs.readdirSync(recordDir);
    expect(records).toEqual([`${report.runId}.json`]);
    const record = JSON.parse(fs.readFileSync(path.join(recordDir, records[0] ?? ''), 'utf8')) as { created: { id: string; gone?: boolean }[] };
    const kept = new Set(report.cleanup.filter((s) => s.action !== 'left').map((s) => s.id));
    expect(record.created.filter((c) => !kept.has(c.id) && !c.gone).map((c) => c.id).sort()).toEqual(left.map((s) => s.id).sort());
  });

  it('passes every check, writes included, using the sandbox clock, and leaves the clock where it found it', async () => {
    const clockBefore = (await api.control('GET', '/_sandbox/clock')).body['advancedMs'];
    const report = await runContract({ ...target(), allowWrites: true, fuzz: 80, seed: 20261121 });
    expect((await api.control('GET', '/_sandbox/clock')).body['advancedMs']).toBe(clockBefore);
    expect(report.clock).toEqual({ movedMs: expect.any(Number), restoredTo: clockBefore });
    expect(report.clock?.movedMs).toBeGreaterThan(10_000);
    const failed = report.results.filter((r) => r.status === 'fail');
    expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
    expect(report.sandboxClock).toBe(true);
    // Small lists of the demo file are too short to page or filter by, and read-only lists every file
    // holds (item sites of the standard items) cannot tell a leak from a shared id; anything else skipped is a gap.
    const fine = /^the list has \d+ objects; (more than|at least|at most) \d+ are needed|^fewer than \d+ |has its own object/;
    const skipped = report.results.filter((r) => r.status === 'skip' && !fine.test(r.reason ?? '')).map((r) => `${r.id}@${r.operationId ?? ''}`);
    // Auth sessions need a publishable key the runner does not have; the second end user is removed after the last check.
    expect(skipped.sort()).toEqual(['schema.responses@authSessions.create', 'schema.responses@endUsers.delete'].sort());
    const exercised = new Set(report.results.filter((r) => r.status === 'pass').map((r) => r.operationId));
    const missed = [...api.sandbox.deps.operations.values()].filter((op) => op.path.startsWith('/ledger-desktop/') && !exercised.has(op.operationId));
    expect(missed.map((op) => op.operationId)).toEqual([]);
    expect(report.results.length).toBeGreaterThan(50);
    expect(report.ms).toBeLessThan(30_000);
  });

  it('is read-only by default and says which checks it skipped and why', async () => {
    // The writes beside a read area: the whole read-only run is the one a real deployment gets (realTargets.test.ts).
    const report = await runContract({ ...target(), allowWrites: false, fuzz: 20, seed: 7, only: ['writes', 'auth', 'negative'] });
    expect(report.results.filter((r) => r.area !== 'writes' && r.status === 'pass').length).toBeGreaterThan(3);
    const writes = report.results.filter((r) => r.area === 'writes');
    expect(writes.length).toBeGreaterThan(0);
    for (const r of writes) expect(r).toMatchObject({ status: 'skip', reason: expect.stringContaining('--allow-writes') });
    expect(report.results.filter((r) => r.status === 'fail')).toEqual([]);
  });

  it('runs only the checks asked for', async () => {
    const report = await runContract({ ...target(), allowWrites: false, fuzz: 5, seed: 1, only: ['auth', 'pagination.cursor-stable'], skip: ['auth.no-key'] });
    const ids = [...new Set(report.results.map((r) => r.id))].sort();
    expect(ids).toEqual(['auth.end-user-missing', 'auth.end-user-unknown', 'auth.malformed-key', 'auth.unknown-key', 'pagination.cursor-stable']);
  });
});

describe('ledger-sim contract', () => {
  function args(extra: string[]): string[] {
    const t = target();
    fs.writeFileSync(path.join(dir, 'ca.pem'), t.ca);
    return ['--base-url', t.baseUrl, '--api-key', t.apiKey, '--end-user-id', t.endUserId, '--ca-cert', path.join(dir, 'ca.pem'), '--http-url', t.httpUrl, ...extra];
  }

  it('exits 0 and writes JUnit and JSON reports', async () => {
    const junit = path.join(dir, 'report.xml');
    expect(await contractCommand(args(['--seed', '3', '--fuzz', '10', '--reporter', 'junit', '--out', junit, '--only', 'auth,pagination.cursor-stable,writes.create-retrieve-list']))).toBe(0);
    const xml = fs.readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuites name="ledger-sim contract" tests="\d+"/);
    expect(xml).toContain('<testcase classname="pagination" name="pagination.cursor-stable (customers.list)"');
    expect(xml).toContain('<skipped message="changes data');
    const json = path.join(dir, 'report.json');
    expect(await contractCommand(args(['--seed', '3', '--fuzz', '10', '--reporter', 'json', '--out', json, '--only', 'auth']))).toBe(0);
    const report = JSON.parse(fs.readFileSync(json, 'utf8')) as { seed: number; results: { status: string }[] };
    expect(report.seed).toBe(3);
    expect(report.results.every((r) => r.status === 'pass')).toBe(true);
  });

  it('exits 1 when a check fails, naming what was expected and the curl to repeat it, key redacted', async () => {
    // Pointing --http-url at the HTTPS API itself: the "plain" side then serves data.
    const run = await runInProcess((a) => contractCommand(a), args(['--seed', '4', '--only', 'transport', '--http-url', api.sandbox.baseUrl]));
    expect(run.code).toBe(1);
    const text = run.stdout;
    expect(text).toContain('transport.plain-http-refused');
    expect(text).toContain('expected: a refused connection or an error status without data');
    expect(text).toContain('sk_REDACTED');
    expect(text).not.toContain(api.sandbox.secretKey);
  });

  it('exits 2 on a missing option', async () => {
    const run = await runInProcess((a) => contractCommand(a, {}), ['--base-url', 'https://localhost:1/v1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('missing --api-key, --end-user-id');
  });
});
