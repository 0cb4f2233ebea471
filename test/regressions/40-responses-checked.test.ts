import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, startTestSandbox, type TestSandbox } from '../support/testClient.ts';

/**
 * Issue 40: with `--check-responses` (on in the whole suite) an answer that breaks the spec is never
 * sent. A customer is broken in the company file behind the rules' back (its `isActive` a string),
 * and the same request is asked of a sandbox that checks and of one that does not: the one that does
 * not proves the plant breaks the answer, so the checking one's 500 is the check's doing.
 */
async function plantBrokenCustomer(api: TestSandbox): Promise<string> {
  const listed = await api.get('/ledger-desktop/customers', { query: { limit: 1 } });
  const id = String((listed.body['data'] as { id: string }[])[0]?.id);
  const store = api.sandbox.deps.host.application(`company_${api.endUser}`).file.store;
  const row = store.docs.row('ldg_customer', id);
  if (!row) throw new Error(`customer ${id} is not stored`);
  const doc = { ...(JSON.parse(row.doc.toString('utf8')) as Record<string, unknown>), isActive: 'yes' };
  store.updateAmounts('ldg_customer', id, row, JSON.stringify(doc), row.linked);
  return id;
}

function rawGet(api: TestSandbox, path: string): ReturnType<typeof send> {
  const headers = { authorization: `Bearer ${api.sandbox.secretKey}`, 'service-end-user-id': api.endUser };
  return send(https, new URL(`${api.sandbox.baseUrl}${path}`), 'GET', headers, undefined, new https.Agent({ ca: api.sandbox.caCert }));
}

describe('responses checked against the spec (issue 40)', () => {
  let checking: TestSandbox;
  let trusting: TestSandbox;
  let checkedId: string;
  let trustedId: string;

  beforeAll(async () => {
    [checking, trusting] = await Promise.all([startTestSandbox({ checkResponses: true }), startTestSandbox({ checkResponses: false })]);
    [checkedId, trustedId] = await Promise.all([plantBrokenCustomer(checking), plantBrokenCustomer(trusting)]);
  });
  afterAll(async () => {
    await Promise.all([checking.close(), trusting.close()]);
  });

  it('without the check, the planted customer goes out as stored, breaking the spec', async () => {
    const res = await rawGet(trusting, `/ledger-desktop/customers/${trustedId}`);
    expect(res.status).toBe(200);
    expect(res.body['isActive']).toBe('yes');
  });

  it.each([
    ['customers.retrieve', (id: string) => `/ledger-desktop/customers/${id}`, '"isActive"'],
    ['customers.list', (id: string) => `/ledger-desktop/customers?ids=${id}`, '"data[0].isActive"'],
  ])('with it, %s answers a marked sandbox bug naming the field, and logs it', async (operationId, path, field) => {
    const res = await rawGet(checking, path(checkedId));
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ code: 'SIMULATOR_BUG', type: 'INTERNAL_ERROR', httpStatusCode: 500, requestId: res.headers['service-request-id'] });
    const message = String(res.body.error?.['message']);
    expect(message).toMatch(/^Sandbox bug: /);
    expect(message).toContain(operationId);
    expect(message).toContain(field);
    expect(res.text).not.toContain('"yes"');
    const logged = checking.logLines.find((line) => line.includes('response breaks the spec') && line.includes(String(res.headers['service-request-id'])));
    expect(logged, checking.logLines.slice(-5).join('\n')).toContain(field.replaceAll('"', ''));
  });

  it('answers that keep the spec go out unchanged', async () => {
    const res = await checking.get('/ledger-desktop/vendors', { query: { limit: 3 } });
    expect(res.status).toBe(200);
    expect((res.body['data'] as unknown[]).length).toBe(3);
  });
});

describe('what the check found (issue 40)', () => {
  let api: TestSandbox;
  beforeAll(async () => {
    api = await startTestSandbox({ checkResponses: true });
  });
  afterAll(() => api.close());

  it.each([
    ['sales-orders', 'customers', 'customerId', 'subtotal'],
    // Purchase orders once took line groups and kept none of them.
    ['purchase-orders', 'vendors', 'vendorId', 'totalAmount'],
  ])('%s made with line groups expand each group, count its lines in the total, and say of each grouped line whether it is closed (false), never null', async (resource, parties, partyField, totalField) => {
    const groups = (await api.get('/ledger-desktop/item-groups')).body['data'] as { id: string; lines: unknown[] }[];
    const group = groups.find((g) => g.lines.length > 0);
    const party = ((await api.get(`/ledger-desktop/${parties}`, { query: { limit: 1 } })).body['data'] as { id: string }[])[0];
    if (!group || !party) throw new Error(`the demo file has an item group and one of ${parties}`);
    const res = await api.post(`/ledger-desktop/${resource}`, { [partyField]: party.id, transactionDate: '2026-04-20', lineGroups: [{ itemGroupId: group.id, quantity: 2 }] });
    expect(res.status, res.text).toBe(200);
    const lines = (res.body['lineGroups'] as { lines: { isManuallyClosed: unknown; amount: string | null }[] }[]).flatMap((g) => g.lines);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.map((l) => l.isManuallyClosed)).toEqual(lines.map(() => false));
    const cents = lines.reduce((sum, l) => sum + Math.round(Number(l.amount ?? 0) * 100), 0);
    expect(Math.round(Number(res.body[totalField]) * 100)).toBe(cents);
  });
});
