import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSandbox, SandboxError, startSandbox, type SandboxHandle } from './index.ts';

const SMALL = { customers: 12, invoices: 20 };

describe('startSandbox in-process: a sandbox a test suite steers with typed controls', () => {
  let sandbox: SandboxHandle;
  beforeAll(async () => {
    sandbox = await startSandbox({ sizes: SMALL });
  });
  afterAll(() => sandbox.close());

  const get = (path: string, endUserId = sandbox.endUserId): Promise<Response> =>
    sandbox.fetch(`${sandbox.baseUrl}${path}`, { headers: { authorization: `Bearer ${sandbox.apiKey}`, 'service-end-user-id': endUserId } });

  it('answers over HTTPS through its fetch, which trusts the sandbox CA, and the global fetch does not', async () => {
    expect(sandbox.ca).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const page = await get('/ledger-desktop/customers?limit=5');
    expect(page.status).toBe(200);
    expect(((await page.json()) as { data: unknown[] }).data).toHaveLength(5);
    await expect(fetch(`${sandbox.baseUrl}/end-users`)).rejects.toThrow();
  });

  it('advances the clock so a cursor expires without waiting, and resets it', async () => {
    const first = (await (await get('/ledger-desktop/customers?limit=5')).json()) as { nextCursor: string };
    const advanced = await sandbox.clock.advance(11);
    expect(advanced.advancedMs).toBe(11_000);
    const late = await get(`/ledger-desktop/customers?limit=5&cursor=${first.nextCursor}`);
    expect(late.status).toBe(400);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe('CURSOR_EXPIRED');
    expect((await sandbox.clock.reset()).advancedMs).toBe(0);
    expect((await sandbox.clock.now()).advancedMs).toBe(0);
  });

  it('switches a fault on for the next request only, then clears faults and resets the machine', async () => {
    const fault = await sandbox.faults.add({ fault: 'status', status: 3175, count: 1, operations: 'customers.list' });
    expect(fault.id).toMatch(/\S/);
    expect((await get('/ledger-desktop/customers?limit=1')).status).toBe(502);
    expect((await get('/ledger-desktop/customers?limit=1')).status).toBe(200);
    await sandbox.faults.add({ fault: 'status', status: 3175 });
    expect((await sandbox.faults.clear()).faults).toEqual([]);
    expect((await sandbox.desktop.set({ connection: 'closed' })).connection).toBe('closed');
    expect((await sandbox.desktop.show()).application).toBe('closed');
    expect((await sandbox.desktop.reset()).connection).toBe('connected');
  });

  it('gives a test its own end user from the demo bytes, or from a fixture, and removes it', async () => {
    const own = await sandbox.endUsers.create();
    const demoCount = ((await (await get('/ledger-desktop/customers?limit=150')).json()) as { data: unknown[]; remainingCount: number }).remainingCount;
    const ownPage = (await (await get('/ledger-desktop/customers?limit=150', own.id)).json()) as { remainingCount: number };
    expect(ownPage.remainingCount).toBe(demoCount);
    // Its own file: a customer added to it is not in the demo end user's.
    const added = await sandbox.fetch(`${sandbox.baseUrl}/ledger-desktop/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.apiKey}`, 'service-end-user-id': own.id, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Only Mine Co' }),
    });
    expect(added.status).toBe(200);
    expect((await (await get('/ledger-desktop/customers?nameContains=Only%20Mine')).json()) as { data: unknown[] }).toMatchObject({ data: [] });

    const exported = await sandbox.fixtures.export({ endUserId: own.id });
    const copy = await sandbox.endUsers.create({ fixture: exported });
    const copied = (await (await get('/ledger-desktop/customers?nameContains=Only%20Mine', copy.id)).json()) as { data: { name: string }[] };
    expect(copied.data.map((c) => c.name)).toEqual(['Only Mine Co']);
    await sandbox.endUsers.delete(copy.id);
    await sandbox.endUsers.delete(own.id);
  });

  it('refuses bad control input with the Service error code, and leaves no end user behind on a bad fixture', async () => {
    const before = ((await (await get('/end-users')).json()) as { data: unknown[] }).data.length;
    const refused = await sandbox.endUsers.create({ fixture: { fixtureVersion: 2, customers: [{ nickname: 'x' }] } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SandboxError);
    expect((refused as SandboxError).code).toBe('INVALID_REQUEST');
    expect(((await (await get('/end-users')).json()) as { data: unknown[] }).data.length).toBe(before);
    await expect(sandbox.faults.add({ fault: 'nonsense' })).rejects.toThrow(/INVALID_REQUEST/);
    await expect(sandbox.desktop.show({ endUserId: 'end_usr_nobody' })).rejects.toMatchObject({ code: 'RESOURCE_MISSING', status: 404 });
  });

  it('is steered the same from elsewhere through connectSandbox, which needs its CA', async () => {
    const remote = connectSandbox({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, ca: sandbox.ca, endUserId: sandbox.endUserId });
    expect((await remote.clock.advance({ milliseconds: 1500 })).advancedMs).toBe(1500);
    expect((await sandbox.clock.now()).advancedMs).toBe(1500);
    await remote.clock.reset();
    expect((await remote.desktop.show()).endUserId).toBe(sandbox.endUserId);
    const untrusting = connectSandbox({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
    await expect(untrusting.clock.now()).rejects.toThrow(/not trusted/);
    const noDefault = connectSandbox({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, ca: sandbox.ca });
    await expect(noDefault.desktop.show()).rejects.toThrow(/say which end user/);
    const wrongKey = connectSandbox({ baseUrl: sandbox.baseUrl, apiKey: 'sk_sandbox_wrong', ca: sandbox.ca });
    await expect(wrongKey.clock.now()).rejects.toMatchObject({ status: 401 });
  });
});

describe('startSandbox as a child process', () => {
  it('starts `ledger-sim serve` on free ports, answers, and stops it at close', async () => {
    const sandbox = await startSandbox({ mode: 'child-process', sizes: SMALL });
    try {
      const health = await sandbox.fetch(`${sandbox.baseUrl}/ledger-desktop/health-check`, { headers: { authorization: `Bearer ${sandbox.apiKey}`, 'service-end-user-id': sandbox.endUserId } });
      expect(health.status).toBe(200);
      expect((await sandbox.clock.advance(3)).advancedMs).toBe(3000);
    } finally {
      await sandbox.close();
    }
    await expect(sandbox.clock.now()).rejects.toThrow(/nothing answers/);
  });

  it('refuses a mode it does not know', async () => {
    await expect(startSandbox({ mode: 'thread' as 'in-process' })).rejects.toThrow(/mode is 'in-process' or 'child-process'/);
  });
});

describe('startSandbox with a today', () => {
  const invoicesOf = async (sandbox: SandboxHandle): Promise<{ id: string; transactionDate: string }[]> => {
    const page = await sandbox.fetch(`${sandbox.baseUrl}/ledger-desktop/invoices?limit=150`, { headers: { authorization: `Bearer ${sandbox.apiKey}`, 'service-end-user-id': sandbox.endUserId } });
    return ((await page.json()) as { data: { id: string; transactionDate: string }[] }).data.map(({ id, transactionDate }) => ({ id, transactionDate }));
  };

  it('dates the demo up to the day before it, the same file in process and in a child, whatever the day', async () => {
    const inProcess = await startSandbox({ sizes: SMALL, today: '2025-07-01' });
    const child = await startSandbox({ mode: 'child-process', sizes: SMALL, today: '2025-07-01' });
    try {
      const invoices = await invoicesOf(inProcess);
      expect(invoices).toHaveLength(SMALL.invoices);
      const dates = invoices.map((i) => i.transactionDate).sort();
      expect(dates.at(-1)! <= '2025-06-30' && dates.at(-1)! >= '2025-05-01', dates.at(-1)).toBe(true);
      // Ids are made from the times they were made at: pinned by the today, they are the same in both.
      expect(await invoicesOf(child)).toEqual(invoices);
    } finally {
      await Promise.all([inProcess.close(), child.close()]);
    }
    await expect(startSandbox({ sizes: SMALL, today: '2025-02-30' })).rejects.toThrow(/today must be a date YYYY-MM-DD, got "2025-02-30"/);
  });
});
