import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyFamily } from '../hostile/families/moneyFamily.ts';
import { storedStateOf } from '../support/storedState.ts';
import { startTestSandbox, type TestSandbox } from '../support/testClient.ts';
import { expectFamilyRefused } from './regressionKit.ts';

let api: TestSandbox;
let customerId: string;
beforeAll(async () => {
  api = await startTestSandbox();
  const list = await api.get('/ledger-desktop/customers', { query: { limit: 1 } });
  customerId = (list.body['data'] as { id: string }[])[0]?.id ?? '';
});
afterAll(() => api.close());

async function customerBalances(): Promise<unknown[]> {
  const res = await api.get(`/ledger-desktop/customers/${customerId}`);
  return [res.body['balance'], res.body['totalBalance'], res.body['revisionNumber']];
}

describe('issue 8.1: money that is not a number is never stored', () => {
  it.each([
    ['rate "abc"', { rate: 'abc', quantity: 1 }, 'lines[0].rate'],
    ['rate "NaN"', { rate: 'NaN', quantity: 1 }, 'lines[0].rate'],
    ['rate "Infinity"', { rate: 'Infinity', quantity: 1 }, 'lines[0].rate'],
    ['quantity 1e308', { rate: '10.00', quantity: 1e308 }, 'lines[0].quantity'],
  ])('refuses an invoice line with %s, naming the field, and changes nothing', async (_name, line, field) => {
    const before = storedStateOf(api);
    const balances = await customerBalances();
    const res = await api.post('/ledger-desktop/invoices', { customerId, transactionDate: '2025-02-03', lines: [line] });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(String(res.body.error?.['message'])).toContain(`"${field}"`);
    expect(await customerBalances()).toEqual(balances);
    expect(storedStateOf(api)).toBe(before);
  });

  it('refuses quantity x rate beyond what the desktop holds, though each alone is in range', async () => {
    const before = storedStateOf(api);
    const res = await api.post('/ledger-desktop/invoices', { customerId, transactionDate: '2025-02-03', lines: [{ quantity: 999_999_999_999, rate: '999999999999.00' }] });
    expect(res.status).toBe(400);
    expect(String(res.body.error?.['message'])).toContain('"lines[0]"');
    expect(storedStateOf(api)).toBe(before);
  });

  it('computes amounts exactly: no float drift in quantity x rate, tax or totals', async () => {
    const res = await api.post('/ledger-desktop/invoices', {
      customerId,
      transactionDate: '2025-02-03',
      lines: [
        { quantity: 3, rate: '0.10' },
        { quantity: 0.1, rate: '0.70' },
        { quantity: 1.005, rate: '1000.00' },
        { quantity: 2.5, rate: '19.99999' },
        { quantity: 999_999, rate: '999999.99999' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const amounts = (res.body['lines'] as { amount: string }[]).map((l) => l.amount);
    // 49.999975 rounds half away from zero; 999999 x 999999.99999 = 999998999990.00001 exactly.
    expect(amounts).toEqual(['0.30', '0.07', '1005.00', '50.00', '999998999990.00']);
    expect(res.body['subtotal']).toBe('999999001045.37');
  });

  it('refuses seeded variants of the family: bad rates, amounts, quantities, balances and filters', async () => {
    await expectFamilyRefused(api, moneyFamily);
  });
});
