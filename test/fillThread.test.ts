import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CACHE_DIR, demoCacheKey } from '../simulator/fixtures/demoCache.ts';
import { FIXTURE_VERSION } from '../simulator/fixtures/fixtureCollections.ts';
import { todayOf } from '../simulator/fixtures/seedCompanyFile.ts';
import { startTestSandbox, TEST_EPOCH_MS, type TestSandbox } from './support/testClient.ts';

let api: TestSandbox;
beforeAll(async () => {
  // Any seeding of 1,000 objects or more goes to its own thread here (20,000 by default).
  api = await startTestSandbox({ seedThreadMinObjects: 1_000 });
});
afterAll(() => api.close());

const SEEDING = { seed: 4_117, sizes: { customers: 300, invoices: 1_500 } };

describe('a large seeding, on a thread of its own', () => {
  it('leaves the sandbox answering meanwhile, connects the end user once, and refuses a fixture for it until then', async () => {
    // Not from kept bytes: this seeding is timed, as a new one is.
    fs.rmSync(path.join(DEMO_CACHE_DIR, `${demoCacheKey({ ...SEEDING, today: todayOf(TEST_EPOCH_MS) })}.sqlite`), { force: true });
    const created = await api.post('/end-users', { companyName: 'Large Co', sourceId: 'large-co', email: 'owner@large.test' });
    const endUser = String(created.body['id']);

    const order: string[] = [];
    const seeded = api.control('POST', `/_sandbox/end-users/${endUser}/company-file`, SEEDING).then((res) => {
      order.push('seeded');
      return res;
    });
    const again = api.control('POST', `/_sandbox/end-users/${endUser}/company-file`, SEEDING);
    const clock = await api.control('GET', '/_sandbox/clock');
    order.push('clock');
    expect(clock.status).toBe(200);
    const fixture = await api.control('POST', `/_sandbox/end-users/${endUser}/fixture`, { customers: [{ name: 'Early' }] });
    expect(fixture.status).toBe(400);
    expect(String(fixture.body.error?.['message'])).toMatch(/is being seeded/);

    const [first, second] = await Promise.all([seeded, again]);
    // Seeding here, the clock's answer waited for the whole seeding.
    expect(order).toEqual(['clock', 'seeded']);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body['companyFileId']).toBe(first.body['companyFileId']);
    expect([first.body['created'], second.body['created']]).toEqual([true, true]);

    const customers = await api.get('/ledger-desktop/customers', { endUser, query: { limit: 150 } });
    expect(customers.status).toBe(200);
    expect((customers.body['data'] as unknown[]).length).toBe(150);
    const invoices = await api.get('/ledger-desktop/invoices', { endUser, query: { limit: 1 } });
    expect(invoices.status).toBe(200);
  });
});

describe('a large seeding or fixture of a sandbox on disk', () => {
  it('is in the company file on disk once answered, and after a restart; a half-written one is removed at the start', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-seed-thread-disk-'));
    const seeding = { seed: 4_118, sizes: { customers: 200, invoices: 1_000 } };
    fs.rmSync(path.join(DEMO_CACHE_DIR, `${demoCacheKey({ ...seeding, today: todayOf(TEST_EPOCH_MS) })}.sqlite`), { force: true });
    try {
      const first = await startTestSandbox({ dataDir, memory: false, seedThreadMinObjects: 1_000, fixtureThreadMinBytes: 1_000 });
      const created = await first.post('/end-users', { companyName: 'Disk Co', sourceId: 'disk-co', email: 'owner@disk.test' });
      const endUser = String(created.body['id']);
      const loadedUser = String((await first.post('/end-users', { companyName: 'Loaded Co', sourceId: 'loaded-co', email: 'owner@loaded.test' })).body['id']);
      const fixture = { fixtureVersion: FIXTURE_VERSION, company: { name: 'Loaded Co' }, customers: Array.from({ length: 80 }, (_, i) => ({ name: `Loaded customer ${i + 1}` })) };
      expect(JSON.stringify(fixture).length).toBeGreaterThan(1_000);
      let seededIds: unknown[];
      try {
        // A fixture loaded on the thread is on disk the same way.
        expect((await first.control('POST', `/_sandbox/end-users/${loadedUser}/fixture`, fixture)).status).toBe(200);
        expect((await first.control('POST', `/_sandbox/end-users/${endUser}/company-file`, seeding)).status).toBe(200);
        const files = fs.readdirSync(path.join(dataDir, 'company-files'));
        expect(files).toContain(`company_${endUser}.sqlite`);
        expect(files.filter((name) => name.endsWith('.seeding'))).toEqual([]);
        seededIds = ((await first.get('/ledger-desktop/invoices', { endUser, query: { limit: 20 } })).body['data'] as { id: unknown }[]).map((i) => i.id);
        expect(seededIds).toHaveLength(20);
      } finally {
        await first.close();
      }
      // What a seeding left half written when its process died: removed at the next start, and said.
      const halfWritten = path.join(dataDir, 'company-files', 'company_end_usr_gone.sqlite.seeding');
      fs.writeFileSync(halfWritten, 'not a whole company file');
      const again = await startTestSandbox({ dataDir, memory: false });
      try {
        expect(fs.existsSync(halfWritten)).toBe(false);
        expect(again.logLines.some((line) => line.includes('left half written') && line.includes('company_end_usr_gone.sqlite.seeding'))).toBe(true);
        const ids = ((await again.get('/ledger-desktop/invoices', { endUser, query: { limit: 20 } })).body['data'] as { id: unknown }[]).map((i) => i.id);
        expect(ids).toEqual(seededIds);
        const loaded = (await again.get('/ledger-desktop/customers', { endUser: loadedUser, query: { limit: 150 } })).body['data'] as { name: string }[];
        expect(loaded.map((c) => c.name).sort()).toEqual(fixture.customers.map((c) => c.name).sort());
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a large fixture, loaded on a thread of its own', () => {
  let small: TestSandbox;
  beforeAll(async () => {
    // Any fixture of 1,000 bytes or more for an end user without a company file (16 MiB by default).
    small = await startTestSandbox({ fixtureThreadMinBytes: 1_000 });
  });
  afterAll(() => small.close());

  const FIXTURE = { fixtureVersion: FIXTURE_VERSION, company: { name: 'Thread Co' }, customers: Array.from({ length: 60 }, (_, i) => ({ name: `Thread customer ${i + 1}`, companyName: `Thread customer ${i + 1} Ltd` })) };

  async function newEndUser(sourceId: string): Promise<string> {
    const created = await small.post('/end-users', { companyName: 'Thread Co', sourceId, email: `${sourceId}@thread.test` });
    return String(created.body['id']);
  }

  it('leaves the sandbox answering meanwhile, connects the end user, and refuses a second fixture for it until then', async () => {
    const endUser = await newEndUser('thread-co');
    const order: string[] = [];
    const loading = small.control('POST', `/_sandbox/end-users/${endUser}/fixture`, FIXTURE).then((res) => {
      order.push('loaded');
      return res;
    });
    const clock = await small.control('GET', '/_sandbox/clock');
    order.push('clock');
    expect(clock.status).toBe(200);
    const second = await small.control('POST', `/_sandbox/end-users/${endUser}/fixture`, FIXTURE);
    expect(second.status).toBe(400);
    expect(String(second.body.error?.['message'])).toMatch(/is being seeded or loaded/);

    const loaded = await loading;
    expect(order).toEqual(['clock', 'loaded']);
    expect(loaded.status).toBe(200);
    expect(loaded.body).toMatchObject({ objectType: 'sandbox_fixture_load', endUserId: endUser, newCompanyFile: true, added: { customers: 60 } });
    const customers = await small.get('/ledger-desktop/customers', { endUser, query: { limit: 150 } });
    expect((customers.body['data'] as { name: string }[]).map((c) => c.name).sort()).toEqual(FIXTURE.customers.map((c) => c.name).sort());
  });

  it('answers a bad fixture or a body that is not JSON as a load here does, and leaves the end user unconnected', async () => {
    const endUser = await newEndUser('thread-bad');
    const bad = await small.control('POST', `/_sandbox/end-users/${endUser}/fixture`, { ...FIXTURE, customers: [...FIXTURE.customers, { nickname: 'no name' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.['code']).toBe('INVALID_REQUEST');
    expect(String(bad.body.error?.['message'])).toMatch(/the fixture was not loaded \(2 problems in the fixture\).*\n.*customers\[60\] field "name": is required\n/);

    const notJson = await small.controlRaw('POST', `/_sandbox/end-users/${endUser}/fixture`, `{"customers": [${'{"name": "x"},'.repeat(100)}`);
    expect(notJson.status).toBe(400);
    expect(String(notJson.body.error?.['message'])).toBe('Invalid request: the body is not valid JSON.');

    const unconnected = await small.get('/ledger-desktop/customers', { endUser, query: { limit: 1 } });
    expect(unconnected.body.error?.['code']).toBe('INTEGRATION_CONNECTION_NOT_SET_UP');
    // Nothing was left behind: the same end user then loads on the thread as a new one would.
    const good = await small.control('POST', `/_sandbox/end-users/${endUser}/fixture`, FIXTURE);
    expect(good.status).toBe(200);
    expect(good.body['newCompanyFile']).toBe(true);
  });
});
