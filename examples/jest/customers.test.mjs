// A jest test file: it connects to the sandbox the global setup started, and each test takes an
// end user of its own (a fresh company file), so files running in parallel never share state.
import { beforeEach, expect, it } from '@jest/globals';
// The client entry: it steers the sandbox over HTTP and loads none of the simulator into jest's module system.
import { connectSandbox } from 'ledger-sim/client';

const baseUrl = process.env.SERVICE_BASE_URL;
const apiKey = process.env.SERVICE_API_KEY;
const sandbox = connectSandbox({ baseUrl, apiKey, ca: process.env.SERVICE_CA_CERT_PEM });
let endUserId;

beforeEach(async () => {
  endUserId = (await sandbox.endUsers.create()).id;
});

const call = (method, path, body) =>
  sandbox.fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'service-end-user-id': endUserId, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

it("adds a customer to this test's own company file", async () => {
  expect((await call('POST', '/ledger-desktop/customers', { name: 'Jest Setup Co' })).status).toBe(200);
  const found = await (await call('GET', '/ledger-desktop/customers?nameContains=Jest%20Setup')).json();
  expect(found.data).toHaveLength(1);
});

it('does not see what another test added', async () => {
  const found = await (await call('GET', '/ledger-desktop/customers?nameContains=Jest%20Setup')).json();
  expect(found.data).toEqual([]);
});

it('moves the sandbox clock instead of waiting', async () => {
  const before = (await sandbox.clock.now()).advancedMs;
  expect((await sandbox.clock.advance(11)).advancedMs - before).toBe(11_000);
});
