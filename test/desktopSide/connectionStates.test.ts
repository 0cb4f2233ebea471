import { describe, expect, it } from 'vitest';
import { CONNECTION_STATES, type RefusingState } from '../../simulator/desktop/machine/machineStates.ts';
import { advance, machineSandbox, settled } from './machineSupport.ts';

const t = machineSandbox();

const APPLICATION_STATES = (Object.entries(CONNECTION_STATES) as [string, RefusingState | undefined][]).filter(([, s]) => s?.side === 'application');

describe('connection states of the end user\'s machine', () => {
  it('starts connected, open and instant', async () => {
    expect(await t.m.state()).toMatchObject({ objectType: 'sandbox_desktop', endUserId: t.api.endUser, connection: 'connected', application: 'open', queuedRequests: 0, faults: [] });
    expect((await t.api.get('/ledger-desktop/health-check')).status).toBe(200);
  });

  it('answers 409 INTEGRATION_CONNECTION_NOT_ACTIVE at once while the connector is not polling, and says retrying will not help', async () => {
    await t.m.set({ connection: 'not_polling' });
    const res = await t.api.get('/ledger-desktop/customers');
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'INTEGRATION_CONNECTION_NOT_ACTIVE', type: 'INTEGRATION_CONNECTION_ERROR', httpStatusCode: 409 });
    expect(res.body.error).not.toHaveProperty('integrationCode');
    expect(res.headers['x-should-retry']).toBe('false');
  });

  it('answers 409 INTEGRATION_CONNECTION_NOT_SET_UP when the connect flow is set back to unfinished', async () => {
    await t.m.set({ connection: 'not_set_up' });
    const res = await t.api.post('/ledger-desktop/customers', { name: 'Never written' });
    expect(res.status).toBe(409);
    expect(res.body.error?.['code']).toBe('INTEGRATION_CONNECTION_NOT_SET_UP');
    await t.m.reset();
    const names = (await t.api.get('/ledger-desktop/customers', { query: { fullNames: 'Never written' } })).body;
    expect(names.error?.['integrationCode']).toBe('500');
  });

  it.each(APPLICATION_STATES)('answers 502 LDG_CONNECTION_ERROR with the HRESULT in state %s', async (state, refusal) => {
    await t.m.set({ connection: state, startupSeconds: 30 });
    const res = await t.api.get('/ledger-desktop/customers', { query: { limit: 1 } });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: 'LDG_CONNECTION_ERROR', type: 'INTEGRATION_CONNECTION_ERROR', integrationCode: refusal?.hresult });
    expect(String(res.body.error?.['message'])).toContain(refusal?.hresult);
    expect(res.headers['x-should-retry']).toBe(String(refusal?.retry));
  });

  it('starts a closed application on the next request: that request waits the start-up on the sandbox clock, then succeeds', async () => {
    await t.m.set({ connection: 'closed', startupSeconds: 25 });
    expect(await t.m.state()).toMatchObject({ application: 'closed' });
    const health = t.api.get('/ledger-desktop/health-check');
    await t.m.queued(1);
    expect(await t.m.state()).toMatchObject({ application: 'starting', connection: 'connected' });
    await advance(t.api, 24.9);
    expect(await settled(health)).toBe(false);
    await advance(t.api, 0.1);
    const res = await health;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ duration: 25_000, status: 'ok' });
    expect(await t.m.state()).toMatchObject({ application: 'open' });
    expect((await t.api.get('/ledger-desktop/customers', { query: { limit: 1 } })).status).toBe(200);
  });

  it('answers 0x80040424 with retry-after while the application is starting, then serves once its start-up is over', async () => {
    await t.m.set({ connection: 'starting', startupSeconds: 20 });
    await advance(t.api, 5);
    const early = await t.api.get('/ledger-desktop/customers');
    expect(early.body.error?.['integrationCode']).toBe('0x80040424');
    expect(early.headers['retry-after']).toBe('15');
    await advance(t.api, 15);
    expect((await t.api.get('/ledger-desktop/customers')).status).toBe(200);
    expect(await t.m.state()).toMatchObject({ connection: 'connected' });
  });

  it('keeps lastRequestAt and lastSuccessfulRequestAt truthful', async () => {
    const connection = async () => ((await t.api.get(`/end-users/${t.api.endUser}`)).body['integrationConnections'] as Record<string, unknown>[])[0];
    await t.api.get('/ledger-desktop/health-check');
    const ok = await connection();
    await advance(t.api, 60);
    await t.m.set({ connection: 'modal_dialog' });
    await t.api.get('/ledger-desktop/health-check');
    const failed = await connection();
    expect(Date.parse(String(failed?.['lastRequestAt'])) - Date.parse(String(ok?.['lastRequestAt']))).toBe(60_000);
    expect(failed?.['lastSuccessfulRequestAt']).toBe(ok?.['lastSuccessfulRequestAt']);
  });

  it('refuses bad control input with a 400 naming the field, and unknown end users with 404', async () => {
    for (const [body, field] of [
      [{ connection: 'asleep' }, 'connection'],
      [{ startupSeconds: -1 }, 'startupSeconds'],
      [{ latency: { list: 'slow' } }, 'latency.list'],
      [{ latency: { lists: 5 } }, 'latency.lists'],
      [{ latency: 'fast' }, 'latency'],
      [{ writesCompleteAfterTimeout: 'yes' }, 'writesCompleteAfterTimeout'],
      [{ color: 'red' }, 'color'],
    ] as const) {
      const res = await t.m.set(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.body.error?.['message'])).toContain(`"${field}"`);
    }
    expect(await t.m.state()).toMatchObject({ connection: 'connected' });
    expect((await t.api.control('GET', '/_sandbox/end-users/end_usr_nobody/desktop')).status).toBe(404);
    expect((await t.api.control('PUT', `/_sandbox/end-users/${t.api.endUser}/desktop`, {})).status).toBe(405);
  });

  it('lists the machine controls in GET /_sandbox', async () => {
    const paths = ((await t.api.control('GET', '/_sandbox')).body['controls'] as { path: string }[]).map((c) => c.path);
    expect(paths).toEqual(expect.arrayContaining(['/_sandbox/end-users/{id}/desktop', '/_sandbox/end-users/{id}/faults', '/_sandbox/end-users/{id}/faults/{faultId}']));
  });
});
