import { describe, expect, it } from 'vitest';
import { withRetries } from '../support/retryingClient.ts';
import { walk, type ApiResponse } from '../support/testClient.ts';
import { advance, machineSandbox } from './machineSupport.ts';

const t = machineSandbox();

/**
 * Issue 40, the `lost_answer` fault: the desktop carries out the write, and the Service answers a
 * retryable connection error (502, `x-should-retry: true`), as when the connection drops after the
 * commit. A client that retries blindly, as the official clients do, makes the invoice twice; one
 * that reads before it sends again makes it once.
 */
describe('a write whose answer was lost (issue 40)', () => {
  const retrying = (send: () => Promise<ApiResponse>) => withRetries(send, (ms) => advance(t.api, ms / 1000));

  async function invoiceBody(memo: string): Promise<Record<string, unknown>> {
    const first = async (path: string): Promise<string> => String(((await t.api.get(path, { query: { limit: 1 } })).body['data'] as { id: string }[])[0]?.id);
    return { customerId: await first('/ledger-desktop/customers'), transactionDate: '2026-03-10', memo, lines: [{ itemId: await first('/ledger-desktop/service-items'), quantity: 1, rate: '10.00' }] };
  }

  /** What a careful integration reads before it sends a write again: the invoices changed today, by their memo. */
  async function invoicesWith(memo: string): Promise<number> {
    const pages = await walk(t.api, '/ledger-desktop/invoices', { updatedAfter: '2026-03-16' });
    return pages.flatMap((page) => page['data'] as { memo: string | null }[]).filter((i) => i.memo === memo).length;
  }

  it('answers 502 LDG_CONNECTION_ERROR, retryable, once the write was made', async () => {
    await t.m.fault({ fault: 'lost_answer', count: 1, operations: 'invoices.create' });
    const memo = 'lost answer: plain';
    const res = await t.api.post('/ledger-desktop/invoices', await invoiceBody(memo));
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: 'LDG_CONNECTION_ERROR', type: 'INTEGRATION_CONNECTION_ERROR', integrationCode: '0x80040401' });
    expect(res.headers['x-should-retry']).toBe('true');
    expect(await invoicesWith(memo)).toBe(1);
  });

  it('a client that retries blindly makes the invoice twice', async () => {
    await t.m.fault({ fault: 'lost_answer', count: 1, operations: 'invoices.create' });
    const memo = 'lost answer: blind retry';
    const body = await invoiceBody(memo);
    const { response, attempts } = await retrying(() => t.api.post('/ledger-desktop/invoices', body));
    expect([response.status, attempts]).toEqual([200, 2]);
    expect(await invoicesWith(memo)).toBe(2);
  });

  it('a client that reads before it sends again makes it once', async () => {
    await t.m.fault({ fault: 'lost_answer', count: 1, operations: 'invoices.create' });
    const memo = 'lost answer: careful';
    const body = await invoiceBody(memo);
    const careful = async (): Promise<ApiResponse> => {
      if ((await invoicesWith(memo)) > 0) return { status: 200, headers: {}, text: '', body: {} };
      return t.api.post('/ledger-desktop/invoices', body);
    };
    const { response, attempts } = await retrying(careful);
    expect([response.status, attempts]).toEqual([200, 2]);
    expect(await invoicesWith(memo)).toBe(1);
  });
});
