import { describe, expect, it } from 'vitest';
import { advance, machineSandbox, settled } from './machineSupport.ts';

const t = machineSandbox();

async function customerNamed(name: string): Promise<Record<string, unknown> | undefined> {
  const res = await t.api.get('/ledger-desktop/customers', { query: { nameStartsWith: name, status: 'all' } });
  return (res.body['data'] as Record<string, unknown>[])[0];
}

describe('latency on the sandbox clock', () => {
  it('holds a list page for the latency set for lists, and nothing else', async () => {
    await t.m.set({ latency: { list: 2_000 } });
    const page = t.api.get('/ledger-desktop/customers', { query: { limit: 2 } });
    await t.m.queued(1);
    await advance(t.api, 1.999);
    expect(await settled(page)).toBe(false);
    await advance(t.api, 0.001);
    expect((await page).status).toBe(200);
    // Retrieves have no latency of their own here.
    const id = String(((await page).body['data'] as { id: string }[])[0]?.id);
    await t.m.set({ latency: { list: 60_000 } });
    expect((await t.api.get(`/ledger-desktop/customers/${id}`)).status).toBe(200);
  });

  it('queues requests in arrival order: a slow one delays those behind it', async () => {
    await t.m.set({ latency: { create: 3_000, retrieve: 1_000 } });
    const order: string[] = [];
    const create = t.api.post('/ledger-desktop/customers', { name: 'Queued first' }).then((r) => (order.push('create'), r));
    await t.m.queued(1);
    const health = t.api.get('/ledger-desktop/health-check').then((r) => (order.push('health'), r));
    await t.m.queued(2);
    await advance(t.api, 3);
    expect((await create).status).toBe(200);
    expect((await health).status).toBe(200);
    expect(order).toEqual(['create', 'health']);
    // The health check was answered when the create was: 3 s after it was sent, though its own latency is 0.
    expect((await health).body['duration']).toBe(3_000);
  });

  it('realistic latency: about the real figures, with seeded jitter, the same for the same seed', async () => {
    const waits = async (): Promise<number[]> => {
      // A minute and more of quiet: the connector is cold again.
      await advance(t.api, 120);
      await t.m.set({ latency: 'realistic', seed: 42 });
      const out: number[] = [];
      for (let i = 0; i < 4; i++) {
        const health = t.api.get('/ledger-desktop/health-check');
        await t.m.queued(1);
        const [queued] = (await t.m.state())['queue'] as { waitMs: number; operationId: string; kind: string }[];
        expect(queued).toMatchObject({ operationId: 'healthCheck.retrieve', kind: 'health' });
        await advance(t.api, (queued?.waitMs ?? 0) / 1000);
        expect((await health).body['duration']).toBe(queued?.waitMs);
        out.push(queued?.waitMs ?? 0);
      }
      return out;
    };
    const first = await waits();
    await t.m.reset();
    expect(await waits()).toEqual(first);
    // The first after a minute of quiet is cold (~5.7 s), the next ones warm (~1 s): each within the 20% jitter.
    expect(first[0]).toBeGreaterThanOrEqual(5_700 * 0.8);
    expect(first[0]).toBeLessThanOrEqual(5_700 * 1.2);
    for (const warm of first.slice(1)) {
      expect(warm).toBeGreaterThanOrEqual(800);
      expect(warm).toBeLessThanOrEqual(1_200);
    }
    expect(new Set(first).size).toBe(4);
  });
});

describe('Service-Timeout-Seconds', () => {
  it('answers 504 LDG_REQUEST_TIMEOUT when the desktop takes longer; a timed-out write still completes afterwards', async () => {
    await t.m.set({ latency: { create: 10_000 } });
    const create = t.api.post('/ledger-desktop/customers', { name: 'Late but written' }, { headers: { 'Service-Timeout-Seconds': '5' } });
    await t.m.queued(1);
    await advance(t.api, 5);
    const res = await create;
    expect(res.status).toBe(504);
    expect(res.body.error).toMatchObject({ code: 'LDG_REQUEST_TIMEOUT', type: 'INTEGRATION_CONNECTION_ERROR' });
    expect(String(res.body.error?.['message'])).toContain('may still be carried out');
    // A write sent again could be done twice: the client is told not to retry blindly.
    expect(res.headers['x-should-retry']).toBe('false');
    // The desktop is still busy with the write: a read sent now waits behind it and sees it done.
    const after = customerNamed('Late but written');
    await t.m.queued(2);
    await advance(t.api, 5);
    expect(await after).toMatchObject({ name: 'Late but written' });
  });

  it('drops a timed-out write when the machine is set so', async () => {
    await t.m.set({ latency: { create: 10_000 }, writesCompleteAfterTimeout: false });
    const create = t.api.post('/ledger-desktop/customers', { name: 'Never carried out' }, { headers: { 'Service-Timeout-Seconds': '2' } });
    await t.m.queued(1);
    await advance(t.api, 2);
    expect((await create).status).toBe(504);
    const after = customerNamed('Never carried out');
    await t.m.queued(2);
    await advance(t.api, 8);
    expect(await after).toBeUndefined();
  });

  it('waits 90 s by default and 60 s for the health check; reads timed out may be retried', async () => {
    await t.m.set({ latency: { list: 100_000, health: 100_000 } });
    const health = t.api.get('/ledger-desktop/health-check');
    await t.m.queued(1);
    await advance(t.api, 59.999);
    expect(await settled(health)).toBe(false);
    await advance(t.api, 0.001);
    const timedOut = await health;
    expect(timedOut.status).toBe(504);
    expect(timedOut.headers['x-should-retry']).toBe('true');
    await advance(t.api, 40);
    const list = t.api.get('/ledger-desktop/customers');
    await t.m.queued(1);
    await advance(t.api, 89.999);
    expect(await settled(list)).toBe(false);
    await advance(t.api, 0.001);
    expect((await list).status).toBe(504);
    await advance(t.api, 10);
  });

  it('refuses a Service-Timeout-Seconds that is not a whole number of at least 1', async () => {
    const res = await t.api.get('/ledger-desktop/customers', { headers: { 'Service-Timeout-Seconds': '0' } });
    expect(res.status).toBe(400);
    expect(String(res.body.error?.['message'])).toContain('Service-Timeout-Seconds');
  });
});
