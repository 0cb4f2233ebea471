import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../simulator/service/serviceIds.ts';
import { send, startTestSandbox, type TestSandbox } from './support/testClient.ts';

let api: TestSandbox;

beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.close());

describe('transport', () => {
  it.each([
    ['GET', '/ledger-desktop/customers'],
    ['GET', '/end-users'],
    ['POST', '/ledger-desktop/customers'],
  ])('answers %s %s over plain HTTP with 403 HTTPS_REQUIRED and no data, even with a valid key', async (method, path) => {
    const url = new URL(`${api.sandbox.httpUrl}${path}`);
    const res = await send(http, url, method, { authorization: `Bearer ${api.sandbox.secretKey}`, 'service-end-user-id': api.endUser }, method === 'POST' ? '{"name":"x"}' : undefined);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'HTTPS_REQUIRED', type: 'INVALID_REQUEST_ERROR', httpStatusCode: 403 });
    expect(res.body.error?.['requestId']).toBe(res.headers['service-request-id']);
    expect(res.body['data']).toBeUndefined();
  });

  it('serves HTTPS with a certificate signed by the printed CA', async () => {
    const res = await api.get('/ledger-desktop/health-check');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok' });
  });

  it('says it is a sandbox on every response', async () => {
    const res = await api.get('/end-users');
    expect(res.headers['service-sandbox']).toMatch(/^ledger-sim/);
  });
});

describe('authentication', () => {
  it.each([
    ['no key', null],
    ['a malformed key', 'not-a-key'],
    ['an unknown key', 'sk_sandbox_thisisnotarealkeyatall0000'],
    ['a publishable key', 'pk_sandbox_abcdefghijkl'],
  ])('refuses %s with 401 API_KEY_INVALID', async (_name, key) => {
    for (const path of ['/end-users', '/ledger-desktop/customers']) {
      const res = await api.get(path, { key });
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'API_KEY_INVALID', type: 'AUTHENTICATION_ERROR', httpStatusCode: 401 });
      expect(res.body.error?.['userFacingMessage']).toBe('An internal server error occurred. Please try again.');
    }
  });

  it('never shows a whole key in an error message', async () => {
    const key = 'sk_sandbox_secretpart0123456789abcdef';
    const res = await api.get('/end-users', { key });
    expect(res.text).not.toContain('secretpart0123456789');
    expect(res.body.error?.['message']).toContain('cdef');
  });

  it('keeps keys only as hashes and never logs them', () => {
    const db = api.sandbox.deps.state as unknown as { db: { prepare(sql: string): { all(): { hash: string }[] } } };
    const hashes = db.db.prepare('SELECT hash FROM api_keys').all().map((r) => r.hash);
    expect(hashes).toContain(hashKey(api.sandbox.secretKey));
    expect(hashes).not.toContain(api.sandbox.secretKey);
    expect(api.logLines.length).toBeGreaterThan(0);
    expect(api.logLines.join('\n')).not.toContain(api.sandbox.secretKey);
  });

  it("shows a key only its own project's end users", async () => {
    const state = api.sandbox.deps.state;
    state.ensureProject({ id: 'proj_other', name: 'other', organization: 'Other org' });
    const otherKey = 'sk_sandbox_otherprojectkey000000000000';
    state.addKey('proj_other', 'secret', otherKey, 0);
    const list = await api.get('/end-users', { key: otherKey });
    expect(list.body['data']).toEqual([]);
    const retrieve = await api.get(`/end-users/${api.endUser}`, { key: otherKey });
    expect(retrieve.status).toBe(404);
    expect(retrieve.body.error?.['code']).toBe('RESOURCE_MISSING');
    const data = await api.get('/ledger-desktop/customers', { key: otherKey });
    expect(data.status).toBe(404);
  });
});

describe('the end-user header', () => {
  it('is required on ledger-desktop requests', async () => {
    const res = await api.get('/ledger-desktop/customers', { endUser: null });
    expect(res.status).toBe(400);
    expect(res.body.error?.['code']).toBe('END_USER_ID_MISSING');
  });

  it('must name an end user of the project', async () => {
    const res = await api.get('/ledger-desktop/invoices', { endUser: 'end_usr_doesnotexist' });
    expect(res.status).toBe(404);
    expect(res.body.error?.['code']).toBe('RESOURCE_MISSING');
  });

  it('answers 409 INTEGRATION_CONNECTION_NOT_SET_UP for an end user that never connected', async () => {
    const created = await api.post('/end-users', { companyName: 'Unconnected', sourceId: 'unconnected', email: 'u@unconnected.test' });
    const res = await api.get('/ledger-desktop/health-check', { endUser: String(created.body['id']) });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'INTEGRATION_CONNECTION_NOT_SET_UP', type: 'INTEGRATION_CONNECTION_ERROR' });
  });
});

describe('routing', () => {
  it('accepts ledger_desktop as an alias', async () => {
    const res = await api.get('/ledger_desktop/customers', { query: { limit: 2 } });
    expect(res.status).toBe(200);
    expect(res.body['data']).toHaveLength(2);
  });

  it('answers unknown paths and methods in the error shape', async () => {
    expect((await api.get('/ledger-desktop/unicorns')).status).toBe(404);
    expect((await api.request('DELETE', '/ledger-desktop/customers')).status).toBe(405);
  });

  it('answers a request line too large for the server in the error shape', async () => {
    const ok = await api.get('/ledger-desktop/customers', { query: { nameContains: 'ÿ'.repeat(4000) } });
    expect(ok.status).toBe(200);
    const res = await api.get('/ledger-desktop/customers', { query: { nameContains: 'x'.repeat(70_000) } });
    expect(res.status).toBe(431);
    expect(res.body.error?.['code']).toBe('HEADERS_TOO_LARGE');
  });

  it('answers a body that is not JSON with a 400', async () => {
    const res = await api.request('POST', '/ledger-desktop/customers', { rawBody: '{"name": ' });
    expect(res.status).toBe(400);
    expect(res.body.error?.['code']).toBe('INVALID_REQUEST');
  });
});
