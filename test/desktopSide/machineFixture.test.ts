import { describe, expect, it } from 'vitest';
import { advance, machine, machineSandbox } from './machineSupport.ts';

const t = machineSandbox();

const DESKTOP = {
  connection: 'connected',
  startupSeconds: 45,
  latency: { list: 1200, create: 800, jitter: 0.1 },
  writesCompleteAfterTimeout: false,
  inUseSeconds: 3,
  seed: 9,
  faults: [
    { fault: 'status', status: 3175, count: 2, operations: 'customers.*' },
    { fault: 'not_polling', afterSeconds: 60, forSeconds: 30 },
  ],
};

async function newEndUser(sourceId: string): Promise<string> {
  return String((await t.api.post('/end-users', { companyName: 'Machine fixture', sourceId, email: 'm@fixture.test' })).body['id']);
}

describe("a fixture carries its desktop's state", () => {
  it('sets the machine of the end user it is loaded for, and exports it again', async () => {
    const endUser = await newEndUser('machine-fixture-1');
    const loaded = await t.api.control('POST', `/_sandbox/end-users/${endUser}/fixture`, { fixtureVersion: 2, company: { name: 'Machine fixture' }, desktop: DESKTOP });
    expect(loaded.status, loaded.text).toBe(200);
    const state = await machine(t.api, endUser).state();
    expect(state).toMatchObject({ startupSeconds: 45, writesCompleteAfterTimeout: false, inUseSeconds: 3, seed: 9 });
    expect(state['latency']).toEqual({ profile: 'custom', ms: { list: 1200, retrieve: 0, create: 800, update: 0, health: 0 }, jitter: 0.1 });
    expect((state['faults'] as { fault: string }[]).map((f) => f.fault)).toEqual(['status', 'not_polling']);
    // The fault applies as loaded: the first customers request meets it.
    const refused = t.api.get('/ledger-desktop/customers', { endUser, query: { limit: 1 } });
    await machine(t.api, endUser).queued(1);
    const [queued] = (await machine(t.api, endUser).state())['queue'] as { waitMs: number }[];
    // 1.2 s, give or take the 10% jitter.
    expect(Math.abs((queued?.waitMs ?? 0) - 1200)).toBeLessThanOrEqual(120);
    await advance(t.api, (queued?.waitMs ?? 0) / 1000);
    expect((await refused).body.error?.['integrationCode']).toBe('3175');
    const exported = (await t.api.control('GET', `/_sandbox/end-users/${endUser}/fixture`)).body;
    expect(exported['desktop']).toEqual({
      ...DESKTOP,
      latency: { list: 1200, retrieve: 0, create: 800, update: 0, health: 0, jitter: 0.1 },
      faults: [
        { fault: 'status', status: 3175, count: 1, operations: 'customers.*' },
        // The window is counted from now: the clock moved by the request's wait since the load.
        { fault: 'not_polling', afterSeconds: (60_000 - (queued?.waitMs ?? 0)) / 1000, forSeconds: 30 },
      ],
    });
  });

  it('clears the machine with an empty desktop section', async () => {
    const endUser = await newEndUser('machine-fixture-4');
    const load = (desktop: unknown) => t.api.control('POST', `/_sandbox/end-users/${endUser}/fixture`, { fixtureVersion: 2, company: { name: 'Cleared' }, desktop });
    await load({ connection: 'modal_dialog', faults: [{ fault: 'timeout' }] });
    expect(await machine(t.api, endUser).state()).toMatchObject({ connection: 'modal_dialog', faults: [{ fault: 'timeout' }] });
    await load({});
    expect(await machine(t.api, endUser).state()).toMatchObject({ connection: 'connected', faults: [] });
    expect((await t.api.get('/ledger-desktop/health-check', { endUser })).status).toBe(200);
  });

  it('counts fault windows from the load', async () => {
    const endUser = await newEndUser('machine-fixture-2');
    await t.api.control('POST', `/_sandbox/end-users/${endUser}/fixture`, { fixtureVersion: 2, company: { name: 'Window' }, desktop: { faults: [{ fault: 'modal_dialog', afterSeconds: 10 }] } });
    expect((await t.api.get('/ledger-desktop/health-check', { endUser })).status).toBe(200);
    await advance(t.api, 10);
    expect((await t.api.get('/ledger-desktop/health-check', { endUser })).body.error?.['integrationCode']).toBe('0x80040414');
  });

  it('refuses a bad desktop section with the field named, and loads nothing', async () => {
    const endUser = await newEndUser('machine-fixture-3');
    for (const [desktop, where] of [
      [{ connection: 'asleep' }, 'fixture: desktop field "connection"'],
      [{ faults: [{ fault: 'status', status: 1 }] }, 'fixture: desktop field "faults[0].status"'],
      [{ faults: [{ fault: 'slow', seconds: 2, operations: 'a b' }] }, 'fixture: desktop field "faults[0].operations"'],
    ] as const) {
      const res = await t.api.control('POST', `/_sandbox/end-users/${endUser}/fixture`, { fixtureVersion: 2, company: { name: 'Bad machine' }, desktop });
      expect(res.status, JSON.stringify(desktop)).toBe(400);
      expect(String(res.body.error?.['message'])).toContain(where);
    }
    expect((await t.api.control('GET', `/_sandbox/end-users/${endUser}/desktop`)).body.error?.['code']).toBe('INTEGRATION_CONNECTION_NOT_SET_UP');
  });
});
