import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOTYPE_NAMES, queryKeyFamily } from '../hostile/families/queryKeyFamily.ts';
import { startTestSandbox, type TestSandbox } from '../support/testClient.ts';
import { expectFamilyRefused } from './regressionKit.ts';

let api: TestSandbox;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.close());

describe('issue 8.4: every unknown query key is a 400, whatever its name', () => {
  it.each(['foo', ...PROTOTYPE_NAMES])('refuses ?%s=x on a list, naming the key', async (key) => {
    const res = await api.get(`/ledger-desktop/customers?${encodeURIComponent(key)}=x`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', message: `Invalid request at "${key}": is not a known query parameter of this operation` });
  });

  it('still reads declared keys (the refusal is about the name, not about having a query)', async () => {
    const res = await api.get('/ledger-desktop/customers?limit=3&nameContains=a');
    expect(res.status).toBe(200);
  });

  it('refuses seeded variants on lists, retrieves, end users and updates', async () => {
    await expectFamilyRefused(api, queryKeyFamily);
  });
});
