import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../simulator/desktop/values/json.ts';
import { parseFixtureText, serializeFixture } from '../simulator/fixtures/fixtureFile.ts';
import { FIXTURE_SCHEMA_PATH } from '../simulator/fixtures/fixtureSchemaFile.ts';
import { runCli } from './support/cliProcess.ts';
import { startTestSandbox, walk, type TestSandbox } from './support/testClient.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-https-fixtures-'));
const SAMPLE = path.join(path.dirname(FIXTURE_SCHEMA_PATH), 'sample-company.yaml');
let api: TestSandbox;
beforeAll(async () => {
  api = await startTestSandbox({ sizes: { customers: 5, invoices: 5 } });
});
afterAll(async () => {
  await api.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function sample(): JsonObject {
  return parseFixtureText(fs.readFileSync(SAMPLE, 'utf8'), 'yaml').root as JsonObject;
}

/** Target options as CI would pass them; the key travels in the environment, not on the command line. */
function target(): { args: string[]; env: NodeJS.ProcessEnv } {
  return {
    args: ['--base-url', api.sandbox.baseUrl, '--ca-cert', api.sandbox.caCertPath],
    env: { ...process.env, LEDGER_SIM_API_KEY: api.sandbox.secretKey },
  };
}

async function endUserCount(): Promise<number> {
  return ((await api.get('/end-users')).body['data'] as unknown[]).length;
}

describe('fixtures into a running sandbox over HTTPS', () => {
  it('loads through the CLI into a new end user, whose customers then list through /v1', async () => {
    const { args, env } = target();
    const run = await runCli(['fixtures', 'load', SAMPLE, ...args], { env });
    expect(run.code, run.stderr).toBe(0);
    const endUser = run.stdout.trim();
    expect(endUser).toMatch(/^end_usr_/);
    expect(run.stdout + run.stderr).not.toContain(api.sandbox.secretKey);

    // The demo end user's company file is another one: the fixture went only to the new end user.
    const demo = (await walk(api, '/ledger-desktop/customers', { status: 'all' })).flatMap((p) => p['data'] as JsonObject[]);
    expect(demo.map((c) => c['fullName'])).not.toContain('Alder Creek Dental');
    const theirs = await api.get('/ledger-desktop/customers', { endUser, query: { status: 'all', limit: 150 } });
    expect(theirs.status, theirs.text).toBe(200);
    const names = (theirs.body['data'] as JsonObject[]).map((c) => c['fullName']);
    expect(names).toHaveLength(10);
    expect(names).toEqual(expect.arrayContaining(['Alder Creek Dental', 'Juniper Row Apartments:Annual service:Spring inspection', 'Heron Bay Café']));
    const invoice = await api.get('/ledger-desktop/invoices', { endUser, query: { refNumbers: '2003', includeLinkedTransactions: true } });
    expect((invoice.body['data'] as JsonObject[])[0]).toMatchObject({ isPaid: true, balanceRemaining: '0.00' });

    const out = path.join(dir, 'exported.yaml');
    const exported = await runCli(['fixtures', 'export', '--end-user', endUser, '--out', out, ...args], { env });
    expect(exported.code, exported.stderr).toBe(0);
    const viaControl = await api.control('GET', `/_sandbox/end-users/${endUser}/fixture`);
    expect(parseFixtureText(fs.readFileSync(out, 'utf8'), 'yaml').root).toEqual(viaControl.body);
  });

  it('reports a bad fixture with every problem and leaves no end user behind', async () => {
    const before = await endUserCount();
    const bad = path.join(dir, 'bad.json');
    const fixture = sample();
    const [first, second] = fixture['customers'] as JsonObject[];
    Object.assign(first ?? {}, { terms: 'Net 45' });
    Object.assign(second ?? {}, { salesRepresentative: 'Nobody Here' });
    fs.writeFileSync(bad, JSON.stringify(fixture));
    const { args, env } = target();
    const run = await runCli(['fixtures', 'load', bad, ...args], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${bad}: customers[0] (name "Alder Creek Dental") field "terms": no standard term or date driven term with the full name or key "Net 45"`);
    expect(run.stderr).toContain(`${bad}: customers[1] (name "Juniper Row Apartments") field "salesRepresentative": no sales representative with the full name or key "Nobody Here"`);
    expect(await endUserCount()).toBe(before);
  });

  it('tells a YAML file\'s problems with their line numbers, in the order of its lines', async () => {
    const fixture = sample();
    const customers = fixture['customers'] as JsonObject[];
    Object.assign(customers[3] ?? {}, { terms: 'Net 45' });
    Object.assign(customers[1] ?? {}, { salesRepresentative: 'Nobody Here' });
    (fixture['invoices'] as JsonObject[]).push({ customer: 'Ghost', transactionDate: '2025-01-01', colour: 'red' });
    const bad = path.join(dir, 'bad.yaml');
    const text = serializeFixture(fixture, 'yaml');
    fs.writeFileSync(bad, text);
    const parsed = parseFixtureText(text, 'yaml');
    const expected = [
      { object: ['customers', 1], field: 'salesRepresentative' },
      { object: ['customers', 3], field: 'terms' },
      { object: ['invoices', 14], field: 'customer' },
      { object: ['invoices', 14], field: 'colour' },
    ].map((p) => ({ ...p, line: parsed.lineOf({ ...p, message: '' }) }));
    const { args, env } = target();
    const run = await runCli(['fixtures', 'load', bad, ...args], { env });
    expect(run.code).toBe(1);
    for (const p of expected) expect(run.stderr).toMatch(new RegExp(`^${escape(bad)}:${p.line}: ${escape(p.object[0] as string)}\\[${p.object[1]}\\][^\\n]* field "${p.field}": `, 'm'));
    const lines = [...run.stderr.matchAll(new RegExp(`^${escape(bad)}:(\\d+): `, 'gm'))].map((m) => Number(m[1]));
    expect(lines).toHaveLength(expected.length);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(run.stderr).toContain(`${bad}: not loaded`);
  });
});

const escape = (text: string): string => text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the fixture controls', () => {
  it('answer 400 in the error shape with every problem, and change nothing', async () => {
    const fixture = sample();
    (fixture['invoices'] as JsonObject[]).push({ customer: 'Ghost', transactionDate: '2025-01-01', colour: 'red' });
    const res = await api.control('POST', `/_sandbox/end-users/${api.endUser}/fixture`, fixture);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', type: 'INVALID_REQUEST_ERROR' });
    const message = String(res.body.error?.['message']);
    expect(message).toContain('fixture: invoices[14] field "colour": is not a known field');
    expect(message).toContain('fixture: invoices[14] field "customer": no customer with the full name or key "Ghost" in the fixture or in the company file');
    expect(message).toContain('the company file is unchanged');
  });

  it('add to the connected company file of an existing end user, referring to its objects by name', async () => {
    const demo = await api.get('/ledger-desktop/customers', { query: { limit: 1 } });
    const existing = (demo.body['data'] as JsonObject[])[0];
    const more = { fixtureVersion: 2, company: { name: 'Demo' }, invoices: [{ customer: String(existing?.['fullName']), transactionDate: '2025-06-01', refNumber: 'FX-1', lines: [{ item: 'Consulting', quantity: 2 }] }] };
    const res = await api.control('POST', `/_sandbox/end-users/${api.endUser}/fixture`, more);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ objectType: 'sandbox_fixture_load', endUserId: api.endUser, objects: 1, newCompanyFile: false });
    const listed = await api.get('/ledger-desktop/invoices', { query: { refNumbers: 'FX-1' } });
    expect((listed.body['data'] as JsonObject[])[0]).toMatchObject({ customer: { id: existing?.['id'] }, subtotal: '300.00' });
  });

  it('answer 404 for an unknown end user and 409 for one without a company file', async () => {
    expect((await api.control('GET', '/_sandbox/end-users/end_usr_nobody/fixture')).status).toBe(404);
    const created = await api.post('/end-users', { companyName: 'Unconnected', sourceId: 'fixture-unconnected', email: 'u@example.test' });
    expect((await api.control('GET', `/_sandbox/end-users/${String(created.body['id'])}/fixture`)).status).toBe(409);
  });
});
