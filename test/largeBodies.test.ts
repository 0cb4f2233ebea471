import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_VERSION } from '../simulator/fixtures/fixtureCollections.ts';
import { rawExchange, rawTarget } from './support/rawHttp.ts';
import { startTestSandbox, type TestSandbox } from './support/testClient.ts';

// A fixture's body is read chunk by chunk into one buffer sized by its Content-Length
// (readLargeBodyBytes): what a client that keeps to its Content-Length, or does not, gets.
let api: TestSandbox;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.close());

const FIXTURE = JSON.stringify({ fixtureVersion: FIXTURE_VERSION, company: { name: 'Sized Co' }, customers: Array.from({ length: 400 }, (_, i) => ({ name: `Sized customer ${i + 1}` })) });

async function newEndUser(sourceId: string): Promise<string> {
  const created = await api.post('/end-users', { companyName: 'Sized Co', sourceId, email: `${sourceId}@sized.test` });
  return String(created.body['id']);
}

function fixturePost(endUser: string, length: number): string {
  const host = new URL(api.sandbox.baseUrl).host;
  return `POST /_sandbox/end-users/${endUser}/fixture HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${api.sandbox.secretKey}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
}

function clock(): string {
  const host = new URL(api.sandbox.baseUrl).host;
  return `GET /_sandbox/clock HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${api.sandbox.secretKey}\r\n\r\n`;
}

describe('a fixture sent with its Content-Length', () => {
  it('is read whole, in pieces as it comes, and the connection goes on answering', async () => {
    const endUser = await newEndUser('sized-whole');
    const body = Buffer.from(FIXTURE);
    // Split where a TLS record would not: the reader copies each piece to its place.
    const parts = [fixturePost(endUser, body.length), body.subarray(0, 1_000), body.subarray(1_000, 30_000), body.subarray(30_000), clock()];
    const exchange = await rawExchange(rawTarget(api.sandbox.baseUrl, api.sandbox.caCert), parts, { expect: 2, waitMs: 20_000 });
    const [loaded, next] = exchange.responses;
    expect(loaded?.status, loaded?.body).toBe(200);
    expect(JSON.parse(loaded?.body ?? '{}')).toMatchObject({ objectType: 'sandbox_fixture_load', added: { customers: 400 } });
    expect(next?.status).toBe(200);
  });

  it('cut off before its end loads nothing, and the sandbox answers the next client', async () => {
    const endUser = await newEndUser('sized-cut');
    const body = Buffer.from(FIXTURE);
    const cut = await rawExchange(rawTarget(api.sandbox.baseUrl, api.sandbox.caCert), [fixturePost(endUser, body.length), body.subarray(0, body.length / 2)], { destroyAfterSend: true });
    expect(cut.responses).toEqual([]);
    expect((await api.control('GET', '/_sandbox/clock')).status).toBe(200);
    const unconnected = await api.get('/ledger-desktop/customers', { endUser, query: { limit: 1 } });
    expect(unconnected.body.error?.['code']).toBe('INTEGRATION_CONNECTION_NOT_SET_UP');
  });
});
