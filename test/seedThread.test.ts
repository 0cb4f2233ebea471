import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CACHE_DIR, demoCacheKey } from '../simulator/fixtures/demoCache.ts';
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

describe('a large seeding of a sandbox on disk', () => {
  it('is in the company file on disk once answered, and after a restart; a half-written one is removed at the start', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-seed-thread-disk-'));
    const seeding = { seed: 4_118, sizes: { customers: 200, invoices: 1_000 } };
    fs.rmSync(path.join(DEMO_CACHE_DIR, `${demoCacheKey({ ...seeding, today: todayOf(TEST_EPOCH_MS) })}.sqlite`), { force: true });
    try {
      const first = await startTestSandbox({ dataDir, memory: false, seedThreadMinObjects: 1_000 });
      const created = await first.post('/end-users', { companyName: 'Disk Co', sourceId: 'disk-co', email: 'owner@disk.test' });
      const endUser = String(created.body['id']);
      let seededIds: unknown[];
      try {
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
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
