import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, TEST_EPOCH_MS, type TestSandbox } from './support/testClient.ts';

let api: TestSandbox;

beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.close());

describe('end users', () => {
  it('creates, lists, retrieves and deletes', async () => {
    const created = await api.post('/end-users', { companyName: 'Harbor Bakery', sourceId: 'hb-1', email: 'owner@harbor.test' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ objectType: 'end_user', companyName: 'Harbor Bakery', sourceId: 'hb-1', integrationConnections: [] });
    expect(created.body['createdAt']).toBe(new Date(TEST_EPOCH_MS).toISOString());
    const id = String(created.body['id']);
    const list = await api.get('/end-users');
    expect((list.body['data'] as { id: string }[]).map((u) => u.id)).toEqual([api.endUser, id]);
    expect((await api.get(`/end-users/${id}`)).body).toEqual(created.body);
    const deleted = await api.request('DELETE', `/end-users/${id}`);
    expect(deleted.body).toEqual({ id, objectType: 'end_user', deleted: true });
    expect((await api.get(`/end-users/${id}`)).status).toBe(404);
    expect((await api.request('DELETE', `/end-users/${id}`)).status).toBe(404);
  });

  it('lists the demo end user with its connection', async () => {
    const res = await api.get(`/end-users/${api.endUser}`);
    const [connection] = res.body['integrationConnections'] as Record<string, unknown>[];
    expect(connection).toMatchObject({ objectType: 'integration_connection', integrationSlug: 'ledger_desktop' });
  });

  it('deletes an end user with its connections and its company file: its data is no longer reachable, nor kept', async () => {
    const created = await api.post('/end-users', { companyName: 'Gone', sourceId: 'gone', email: 'g@gone.test' });
    const id = String(created.body['id']);
    await api.control('POST', `/_sandbox/end-users/${id}/company-file`, { sizes: { customers: 5, invoices: 5 } });
    expect((await api.get('/ledger-desktop/customers', { endUser: id })).status).toBe(200);
    const files = api.sandbox.deps.state.connections(id).flatMap((c) => c.company_file_id ?? []);
    expect(files.map((f) => api.sandbox.deps.host.exists(f))).toEqual([true]);
    await api.request('DELETE', `/end-users/${id}`);
    expect((await api.get('/ledger-desktop/customers', { endUser: id })).status).toBe(404);
    expect(files.map((f) => api.sandbox.deps.host.exists(f))).toEqual([false]);
  });

  it.each([
    ['a missing field', { companyName: 'X', sourceId: 'x' }, 'email'],
    ['an unknown field', { companyName: 'X', sourceId: 'x', email: 'x@x.test', phone: '1' }, 'phone'],
    ['a wrong type', { companyName: 5, sourceId: 'x', email: 'x@x.test' }, 'companyName'],
  ])('refuses %s with a 400 naming it', async (_name, body, field) => {
    const res = await api.post('/end-users', body);
    expect(res.status).toBe(400);
    expect(res.body.error?.['message']).toContain(`"${field}"`);
  });

  it('refuses a second end user with the same sourceId', async () => {
    await api.post('/end-users', { companyName: 'A', sourceId: 'dup', email: 'a@a.test' });
    const res = await api.post('/end-users', { companyName: 'B', sourceId: 'dup', email: 'b@b.test' });
    expect(res.status).toBe(400);
    expect(res.body.error?.['message']).toContain('sourceId');
  });
});

describe('auth sessions', () => {
  it('creates a session with a 30 minute default link and a flow URL holding the secret and key', async () => {
    const res = await api.post('/auth-sessions', { publishableKey: api.sandbox.publishableKey, endUserId: api.endUser });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ objectType: 'auth_session', endUserId: api.endUser, redirectUrl: null });
    const created = Date.parse(String(res.body['createdAt']));
    expect(Date.parse(String(res.body['expiresAt'])) - created).toBe(30 * 60_000);
    const flow = String(res.body['authFlowUrl']);
    expect(flow).toContain(String(res.body['clientSecret']));
    expect(flow).toContain(api.sandbox.publishableKey);
  });

  it('honours linkExpiryMins and redirectUrl', async () => {
    const res = await api.post('/auth-sessions', {
      publishableKey: api.sandbox.publishableKey,
      endUserId: api.endUser,
      linkExpiryMins: 15,
      redirectUrl: 'https://app.example.test/done',
    });
    expect(Date.parse(String(res.body['expiresAt'])) - Date.parse(String(res.body['createdAt']))).toBe(15 * 60_000);
    expect(res.body['redirectUrl']).toBe('https://app.example.test/done');
  });

  it.each([14, 10081])('refuses linkExpiryMins %i', async (minutes) => {
    const res = await api.post('/auth-sessions', { publishableKey: api.sandbox.publishableKey, endUserId: api.endUser, linkExpiryMins: minutes });
    expect(res.status).toBe(400);
    expect(res.body.error?.['message']).toContain('linkExpiryMins');
  });

  it('refuses an unknown publishable key and an unknown end user', async () => {
    const badKey = await api.post('/auth-sessions', { publishableKey: 'pk_sandbox_nope', endUserId: api.endUser });
    expect(badKey.status).toBe(401);
    const badUser = await api.post('/auth-sessions', { publishableKey: api.sandbox.publishableKey, endUserId: 'end_usr_nope' });
    expect(badUser.status).toBe(404);
    expect(badUser.body.error?.['code']).toBe('RESOURCE_MISSING');
  });
});

describe('sandbox controls', () => {
  it('describe the sandbox and its controls', async () => {
    const res = await api.control('GET', '/_sandbox');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sandbox: true, name: 'ledger-sim' });
    expect((res.body['controls'] as { path: string }[]).map((c) => c.path)).toContain('/_sandbox/clock/advance');
  });

  it('move the one clock, which the Service then uses', async () => {
    const before = await api.control('GET', '/_sandbox/clock');
    const advanced = await api.control('POST', '/_sandbox/clock/advance', { seconds: 3600 });
    expect(Number(advanced.body['now']) - Number(before.body['now'])).toBe(3_600_000);
    const created = await api.post('/end-users', { companyName: 'Later', sourceId: 'later', email: 'l@l.test' });
    expect(Date.parse(String(created.body['createdAt']))).toBe(Number(advanced.body['now']));
  });

  it.each([
    [{ seconds: -1 }, 'seconds'],
    [{ seconds: 'ten' }, 'seconds'],
    [{ hours: 1 }, 'hours'],
  ])('refuse a bad clock body %j naming the field', async (body, field) => {
    const res = await api.control('POST', '/_sandbox/clock/advance', body);
    expect(res.status).toBe(400);
    expect(res.body.error?.['message']).toContain(field);
  });

  it('need a secret key', async () => {
    const res = await api.control('POST', '/_sandbox/clock/advance', { seconds: 1 }, null);
    expect(res.status).toBe(401);
  });
});
