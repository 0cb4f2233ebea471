// An integration's own test suite, run against the sandbox: each test gets an end user (a company
// file) of its own, so tests run in parallel without sharing state, and time is moved by the
// sandbox clock instead of waiting.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from 'ledger-sim';
import { syncCustomers, type ServiceClient } from './customerSync.ts';

let sandbox: SandboxHandle;
let client: ServiceClient;

beforeAll(async () => {
  sandbox = await startSandbox({ sizes: { customers: 120, invoices: 40 } });
});
afterAll(() => sandbox.close());

beforeEach(async () => {
  const endUser = await sandbox.endUsers.create();
  client = { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, endUserId: endUser.id, fetch: sandbox.fetch };
});

describe('syncCustomers', () => {
  it('reads every customer, page by page', async () => {
    const result = await syncCustomers(client);
    // 120 customers seeded, some of them inactive (the list answers active ones by default): 3 pages of 50.
    expect(result.names.length).toBeGreaterThan(100);
    expect(new Set(result.names).size).toBe(result.names.length);
    expect(result).toMatchObject({ retries: 0, restarts: 0 });
  });

  it('starts over when its cursor expires between pages', async () => {
    const whole = await syncCustomers(client);
    // 11 s of sandbox time after the first page: its cursor (10 s of life) is gone.
    const result = await syncCustomers(client, { onPage: (page) => (page === 1 ? sandbox.clock.advance(11).then(() => undefined) : undefined) });
    expect(result.restarts).toBe(1);
    expect(result.names).toEqual(whole.names);
  });

  it('tries a page again when the desktop application fails, and gives up after its attempts', async () => {
    const whole = await syncCustomers(client);
    await sandbox.faults.add({ fault: 'status', status: 3175, count: 2, operations: 'customers.list' }, { endUserId: client.endUserId });
    const result = await syncCustomers(client);
    expect(result.retries).toBe(2);
    expect(result.names).toEqual(whole.names);

    await sandbox.faults.add({ fault: 'status', status: 3175, count: 3, operations: 'customers.list' }, { endUserId: client.endUserId });
    await expect(syncCustomers(client, { attempts: 3 })).rejects.toThrow(/^5\d\d /);
  });
});
