// A test file of a suite whose global setup started the sandbox: it connects to it, and every test
// takes an end user of its own, so files running in parallel never see each other's changes.
import { beforeEach, expect, inject, it } from 'vitest';
import { connectSandbox } from 'ledger-sim';

const { baseUrl, apiKey, ca } = inject('sandbox');
const sandbox = connectSandbox({ baseUrl, apiKey, ca });
let endUserId: string;

beforeEach(async () => {
  endUserId = (await sandbox.endUsers.create()).id;
});

const call = (method: string, path: string, body?: unknown) =>
  sandbox.fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'service-end-user-id': endUserId, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

it("adds a customer to this test's own company file", async () => {
  const created = await call('POST', '/ledger-desktop/customers', { name: 'Global Setup Co' });
  expect(created.status).toBe(200);
  const found = (await (await call('GET', '/ledger-desktop/customers?nameContains=Global%20Setup')).json()) as { data: unknown[] };
  expect(found.data).toHaveLength(1);
});

it('does not see what another test added', async () => {
  const found = (await (await call('GET', '/ledger-desktop/customers?nameContains=Global%20Setup')).json()) as { data: unknown[] };
  expect(found.data).toEqual([]);
});

it('steers the desktop of its own end user', async () => {
  await sandbox.desktop.set({ connection: 'closed', startupSeconds: 0 }, { endUserId });
  expect((await sandbox.desktop.show({ endUserId })).application).toBe('closed');
});
