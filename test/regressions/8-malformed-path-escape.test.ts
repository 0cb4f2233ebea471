import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathEscapeFamily } from '../hostile/families/pathEscapeFamily.ts';
import { startTestSandbox, type TestSandbox } from '../support/testClient.ts';
import { expectFamilyRefused } from './regressionKit.ts';

let api: TestSandbox;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.close());

describe('issue 8.2: a malformed %-escape in a path id is a 400 naming it, not a 500', () => {
  it.each([
    ['GET', '/ledger-desktop/customers/%zz'],
    ['POST', '/ledger-desktop/customers/%zz'],
    ['GET', '/ledger-desktop/invoices/%zz'],
    ['POST', '/ledger-desktop/invoices/%zz'],
    ['GET', '/end-users/%zz'],
    ['DELETE', '/end-users/%zz'],
  ])('%s /v1%s', async (method, path) => {
    const res = await api.request(method, path, method === 'POST' ? { body: { revisionNumber: '1' } } : {});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', message: 'Invalid request at "id": "%zz" is not valid percent-encoding' });
  });

  it.each([
    ['POST', '/_sandbox/end-users/%zz/company-file'],
    ['GET', '/_sandbox/end-users/%zz/fixture'],
    ['POST', '/_sandbox/end-users/%zz/fixture'],
  ])('%s %s (a sandbox control)', async (method, path) => {
    const res = await api.control(method, path, method === 'POST' ? {} : undefined);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', message: 'Invalid request at "id": "%zz" is not valid percent-encoding' });
  });

  it('refuses seeded variants of broken escapes on every path with an id', async () => {
    await expectFamilyRefused(api, pathEscapeFamily);
  });
});
