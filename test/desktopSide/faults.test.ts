import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withRetries } from '../support/retryingClient.ts';
import { startTestSandbox, type ApiResponse } from '../support/testClient.ts';
import { advance, machine, machineSandbox } from './machineSupport.ts';

const t = machineSandbox();

const health = (): Promise<ApiResponse> => t.api.get('/ledger-desktop/health-check');
const codeOf = (res: ApiResponse): string => (res.status === 200 ? 'ok' : String(res.body.error?.['integrationCode'] ?? res.body.error?.['code']));

describe('faults on demand', () => {
  it('for the next N requests: a desktop status code, then the fault is gone', async () => {
    const added = await t.m.fault({ fault: 'status', status: 3175, count: 2 });
    expect(added.body).toMatchObject({ objectType: 'sandbox_fault', id: 'fault_1', fault: 'status', status: 3175, remaining: 2 });
    const answers = [await health(), await health(), await health()];
    expect(answers.map(codeOf)).toEqual(['3175', '3175', 'ok']);
    expect(answers[0]?.body.error).toMatchObject({ code: 'LDG_REQUEST_ERROR', httpStatusCode: 502 });
    expect(String(answers[0]?.body.error?.['message'])).toMatch(/^Desktop Request Error \(3175\): /);
    expect(answers[0]?.headers['x-should-retry']).toBe('true');
    expect(answers[0]?.headers['retry-after']).toBe('1');
    expect((await t.m.state())['faults']).toEqual([]);
  });

  it('for a seeded share of requests: the same requests fail for the same seed', async () => {
    const pattern = async (seed: number): Promise<string> => {
      await t.m.reset();
      await t.m.set({ seed });
      await t.m.fault({ fault: 'status', status: 3180, share: 0.5 });
      let out = '';
      for (let i = 0; i < 24; i++) out += codeOf(await health()) === 'ok' ? '.' : 'x';
      return out;
    };
    const first = await pattern(7);
    expect(await pattern(7)).toBe(first);
    expect(await pattern(8)).not.toBe(first);
    const failures = first.split('x').length - 1;
    expect(failures).toBeGreaterThan(4);
    expect(failures).toBeLessThan(20);
  });

  it('for a window of sandbox time', async () => {
    await t.m.fault({ fault: 'modal_dialog', afterSeconds: 10, forSeconds: 20 });
    expect(codeOf(await health())).toBe('ok');
    await advance(t.api, 10);
    expect(codeOf(await health())).toBe('0x80040414');
    await advance(t.api, 19.999);
    expect(codeOf(await health())).toBe('0x80040414');
    await advance(t.api, 0.001);
    expect(codeOf(await health())).toBe('ok');
  });

  it('only for operations matching an operationId pattern', async () => {
    await t.m.fault({ fault: 'not_polling', operations: 'invoices.*' });
    expect((await t.api.get('/ledger-desktop/invoices', { query: { limit: 1 } })).body.error?.['code']).toBe('INTEGRATION_CONNECTION_NOT_ACTIVE');
    expect((await t.api.get('/ledger-desktop/customers', { query: { limit: 1 } })).status).toBe(200);
    await t.m.clearFaults();
    await t.m.fault({ fault: 'status', status: 3260, operations: '*.create' });
    expect(codeOf(await t.api.post('/ledger-desktop/customers', { name: 'Refused create' }))).toBe('3260');
    expect(codeOf(await t.api.get('/ledger-desktop/customers', { query: { limit: 1 } }))).toBe('ok');
  });

  it('slow: the seconds asked for on top of the latency; timeout: an answer just after the Service stops waiting', async () => {
    await t.m.fault({ fault: 'slow', seconds: 7, count: 1 });
    const slow = health();
    await t.m.queued(1);
    expect(((await t.m.state())['queue'] as { waitMs: number }[])[0]?.waitMs).toBe(7_000);
    await advance(t.api, 7);
    expect((await slow).body['duration']).toBe(7_000);
    await t.m.fault({ fault: 'timeout', count: 1 });
    const late = t.api.get('/ledger-desktop/customers', { headers: { 'Service-Timeout-Seconds': '3' } });
    await t.m.queued(1);
    await advance(t.api, 3);
    expect((await late).body.error?.['code']).toBe('LDG_REQUEST_TIMEOUT');
    await advance(t.api, 1);
  });

  it('two updates of one record close together: the second is "in use" (3175) when that fault is on', async () => {
    await t.m.set({ inUseSeconds: 2 });
    const created = (await t.api.post('/ledger-desktop/customers', { name: 'Busy record' })).body;
    const first = await t.api.post(`/ledger-desktop/customers/${String(created['id'])}`, { revisionNumber: created['revisionNumber'], companyName: 'One' });
    expect(first.status).toBe(200);
    const second = await t.api.post(`/ledger-desktop/customers/${String(created['id'])}`, { revisionNumber: first.body['revisionNumber'], companyName: 'Two' });
    expect(codeOf(second)).toBe('3175');
    await advance(t.api, 2);
    expect((await t.api.post(`/ledger-desktop/customers/${String(created['id'])}`, { revisionNumber: first.body['revisionNumber'], companyName: 'Two' })).status).toBe(200);
  });

  it('clears one fault by id or all; refuses bad fault bodies naming the field', async () => {
    const a = String((await t.m.fault({ fault: 'slow', seconds: 1 })).body['id']);
    await t.m.fault({ fault: 'access_denied' });
    const afterOne = await t.api.control('DELETE', `/_sandbox/end-users/${t.api.endUser}/faults/${a}`);
    expect((afterOne.body['faults'] as { fault: string }[]).map((f) => f.fault)).toEqual(['access_denied']);
    expect((await t.api.control('DELETE', `/_sandbox/end-users/${t.api.endUser}/faults/${a}`)).status).toBe(404);
    expect((await t.m.clearFaults()).body['faults']).toEqual([]);
    for (const [body, field] of [
      [{ fault: 'explode' }, 'fault'],
      [{ fault: 'status' }, 'status'],
      [{ fault: 'status', status: 1234 }, 'status'],
      [{ fault: 'slow' }, 'seconds'],
      [{ fault: 'timeout', count: 0 }, 'count'],
      [{ fault: 'timeout', share: 2 }, 'share'],
      [{ fault: 'timeout', operations: 'a b' }, 'operations'],
      [{ fault: 'timeout', when: 'now' }, 'when'],
    ] as const) {
      const res = await t.m.fault(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.body.error?.['message'])).toContain(`"${field}"`);
    }
  });
});

describe('a client that retries as the official clients do', () => {
  const retrying = (send: () => Promise<ApiResponse>) => withRetries(send, (ms) => advance(t.api, ms / 1000));

  it('recovers from a transient fault (record in use), waiting what retry-after says', async () => {
    await t.m.fault({ fault: 'status', status: 3175, count: 2 });
    const { response, attempts, delays } = await retrying(() => t.api.post('/ledger-desktop/customers', { name: 'Retried into place' }));
    expect(response.status).toBe(200);
    expect(attempts).toBe(3);
    expect(delays).toEqual([1_000, 1_000]);
  });

  it('recovers when the application was still starting: retry-after covers the rest of the start-up', async () => {
    await t.m.set({ connection: 'starting', startupSeconds: 12 });
    const { response, attempts, delays } = await retrying(health);
    expect(response.status).toBe(200);
    expect(attempts).toBe(2);
    expect(delays).toEqual([12_000]);
  });

  it('gives up at once on a permanent fault the answer says not to retry', async () => {
    await t.m.set({ connection: 'modal_dialog' });
    const modal = await retrying(health);
    expect([modal.attempts, modal.response.status]).toEqual([1, 502]);
    await t.m.set({ connection: 'not_polling' });
    const asleep = await retrying(health);
    expect([asleep.attempts, asleep.response.status]).toEqual([1, 409]);
  });

  it('gives up after two retries with back-off on a fault that does not clear', async () => {
    await t.m.set({ connection: 'not_reachable' });
    const { response, attempts, delays } = await retrying(health);
    expect(response.body.error?.['integrationCode']).toBe('0x80040401');
    expect(attempts).toBe(3);
    expect(delays).toEqual([500, 1_000]);
  });
});

describe('the machine is kept with the end user', () => {
  it('survives a restart of an on-disk sandbox', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-machine-'));
    try {
      const first = await startTestSandbox({ memory: false, dataDir, sizes: { customers: 2, invoices: 2 } });
      const mm = machine(first);
      await mm.fault({ fault: 'status', status: 3170, count: 3, operations: 'customers.*' });
      expect(codeOf(await first.get('/ledger-desktop/customers', { query: { limit: 1 } }))).toBe('3170');
      await mm.set({ latency: { list: 1_500 }, startupSeconds: 12 });
      const before = await mm.state();
      await first.close();
      const second = await startTestSandbox({ memory: false, dataDir, secretKey: first.sandbox.secretKey, sizes: { customers: 2, invoices: 2 } });
      try {
        const after = await machine(second).state();
        expect(after['latency']).toEqual(before['latency']);
        expect(after['faults']).toEqual(before['faults']);
        expect(after['startupSeconds']).toBe(12);
        expect((after['faults'] as { remaining: number }[])[0]?.remaining).toBe(2);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
