import { describe, expect, it } from 'vitest';
import { bodyOf, expectDesktopError, withSaleSandbox, type Ref, accountOfType, balanceIn, type Named } from './support/ledgerViews.ts';
import type { TestSandbox } from './support/testClient.ts';

/** What is paid at once: checks from a bank account, charges and credits on a company card. */
interface PaidView {
  id: string;
  revisionNumber: string;
  refNumber: string | null;
  amount: string | null;
  memo: string | null;
  payee: Ref | null;
  expenseLines: { id: string; account: Ref | null; amount: string | null }[];
}
let api: TestSandbox;
withSaleSandbox((s) => ({ api } = s));

const accountOf = async (type: string): Promise<Named> => accountOfType(api, type);
const balanceOf = async (resource: string, id: string): Promise<number> => balanceIn(api, resource, id);
const ids = async (resource: string, query: Record<string, string>): Promise<string[]> => bodyOf<{ data: { id: string }[] }>(await api.get(`/ledger-desktop/${resource}`, { query })).data.map((d) => d.id);

describe('checks', () => {
  it('take the money from the bank at once, to the lines\' accounts, leaving the vendor owed nothing; a void and a delete take it back', async () => {
    const vendor = bodyOf<Named>(await api.post('/ledger-desktop/vendors', { name: 'Counter Sale Hardware' })).id;
    const bank = (await accountOf('bank')).id;
    const expense = (await accountOf('expense')).id;
    const before = { bank: await balanceOf('accounts', bank), expense: await balanceOf('accounts', expense) };

    const check = bodyOf<PaidView>(
      await api.post('/ledger-desktop/checks', { bankAccountId: bank, payeeId: vendor, transactionDate: '2026-03-03', expenseLines: [{ accountId: expense, amount: '64.20' }, { accountId: expense, amount: '10.00' }] }),
    );
    expect(check).toMatchObject({ amount: '74.20', payee: { id: vendor } });
    expect(check.refNumber).toMatch(/^\d+$/);
    expect(await balanceOf('accounts', bank)).toBe(before.bank - 7420);
    expect(await balanceOf('accounts', expense)).toBe(before.expense + 7420);
    expect(await balanceOf('vendors', vendor)).toBe(0);
    expect(await ids('checks', { payeeIds: vendor })).toEqual([check.id]);
    expect(await ids('checks', { accountIds: bank })).toContain(check.id);

    const changed = bodyOf<PaidView>(await api.post(`/ledger-desktop/checks/${check.id}`, { revisionNumber: check.revisionNumber, expenseLines: [{ id: check.expenseLines[0]?.id, amount: '60.00' }] }));
    expect(changed.amount).toBe('60.00');
    expect(await balanceOf('accounts', bank)).toBe(before.bank - 6000);

    expect(bodyOf(await api.post(`/ledger-desktop/checks/${check.id}/void`, {}))).toMatchObject({ id: check.id, refNumber: check.refNumber, voided: true });
    expect(bodyOf<PaidView>(await api.get(`/ledger-desktop/checks/${check.id}`))).toMatchObject({ amount: '0.00' });
    expect(await balanceOf('accounts', bank)).toBe(before.bank);
    expect(await balanceOf('accounts', expense)).toBe(before.expense);
    expect(bodyOf(await api.delete(`/ledger-desktop/checks/${check.id}`))).toMatchObject({ id: check.id, deleted: true });
  });

  it('refuses to apply a check to a transaction (refunds of credits are not served yet) and writes nothing', async () => {
    const bank = (await accountOf('bank')).id;
    const count = (await ids('checks', {})).length;
    const res = await api.post('/ledger-desktop/checks', { bankAccountId: bank, transactionDate: '2026-03-03', applyToTransactions: [{ transactionId: 'ABC-123', amount: '1.00' }] });
    expectDesktopError(res, '3120');
    expect((await ids('checks', {})).length).toBe(count);
  });
});

describe('credit card charges and credits', () => {
  it('a charge raises what the company owes on the card, a credit lowers it', async () => {
    const card = (await accountOf('credit_card')).id;
    const expense = (await accountOf('expense')).id;
    const before = await balanceOf('accounts', card);
    const charge = bodyOf<PaidView>(await api.post('/ledger-desktop/credit-card-charges', { accountId: card, transactionDate: '2026-03-04', refNumber: 'CC-77', expenseLines: [{ accountId: expense, amount: '250.00' }] }));
    expect(charge).toMatchObject({ amount: '250.00', refNumber: 'CC-77' });
    expect(await balanceOf('accounts', card)).toBe(before + 25_000);
    const credit = bodyOf<PaidView>(await api.post('/ledger-desktop/credit-card-credits', { accountId: card, transactionDate: '2026-03-05', expenseLines: [{ accountId: expense, amount: '40.00' }] }));
    expect(credit.amount).toBe('40.00');
    expect(await balanceOf('accounts', card)).toBe(before + 21_000);
    expect(await ids('credit-card-charges', { accountIds: card })).toContain(charge.id);
    expect(await ids('credit-card-credits', { accountIds: card })).toContain(credit.id);

    expect(bodyOf(await api.post(`/ledger-desktop/credit-card-credits/${credit.id}/void`, {}))).toMatchObject({ id: credit.id, voided: true });
    expect(bodyOf(await api.delete(`/ledger-desktop/credit-card-charges/${charge.id}`))).toMatchObject({ id: charge.id, deleted: true });
    expect(await balanceOf('accounts', card)).toBe(before);
  });
});
