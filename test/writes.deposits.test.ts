import { describe, expect, it } from 'vitest';
import { bodyOf, cents, withSaleSandbox, expectDesktopError, expectInvalidRequest, type CustomerView, type Ref } from './support/ledgerViews.ts';
import type { TestSandbox } from './support/testClient.ts';

/** Deposits of what waits in undeposited funds, and the payments-to-deposit list that shows what waits. */
interface DepositView {
  id: string;
  revisionNumber: string;
  totalAmount: string;
  depositToAccount: Ref | null;
  cashBack: { account: Ref; amount: string | null } | null;
  lines: { id: string; paymentTransactionId: string | null; transactionType: string | null; entity: Ref | null; account: Ref | null; amount: string | null }[];
}
interface WaitingView {
  paymentTransactionId: string;
  transactionType: string;
  amount: string;
}
interface AccountView {
  id: string;
  accountType: string;
  balance: string;
  specialAccountType: string | null;
}

const DEPOSITS = '/ledger-desktop/deposits';

let api: TestSandbox;
let customer: CustomerView;
let itemId: string;

withSaleSandbox((s) => ({ api, customer, itemId } = s));

const accounts = async (): Promise<AccountView[]> => bodyOf<{ data: AccountView[] }>(await api.get('/ledger-desktop/accounts')).data;
const balanceOf = async (id: string): Promise<number> => cents((await accounts()).find((a) => a.id === id)?.balance);
const waiting = async (): Promise<string[]> => bodyOf<{ data: WaitingView[] }>(await api.get('/ledger-desktop/payments-to-deposit')).data.map((w) => w.paymentTransactionId);

async function newPayment(amount: string): Promise<{ id: string; revisionNumber: string }> {
  return bodyOf(await api.post('/ledger-desktop/receive-payments', { customerId: customer.id, transactionDate: '2025-06-10', totalAmount: amount }));
}
async function newCashSale(body: Record<string, unknown> = {}): Promise<{ id: string; totalAmount: string }> {
  return bodyOf(await api.post('/ledger-desktop/sales-receipts', { customerId: customer.id, transactionDate: '2025-06-11', lines: [{ itemId, quantity: 1, rate: '30.00' }], ...body }));
}

describe('deposits', () => {
  it('deposit payments and cash sales waiting in undeposited funds, with another line and cash back', async () => {
    const all = await accounts();
    const bank = all.find((a) => a.accountType === 'bank') as AccountView;
    const funds = all.find((a) => a.specialAccountType === 'undeposited_funds') as AccountView;
    const fees = all.find((a) => a.accountType === 'expense') as AccountView;
    const owner = all.find((a) => a.accountType === 'equity') as AccountView;
    const payment = await newPayment('200.00');
    const sale = await newCashSale();
    expect(await waiting()).toEqual(expect.arrayContaining([payment.id, sale.id]));
    const before = { bank: await balanceOf(bank.id), funds: await balanceOf(funds.id), fees: await balanceOf(fees.id), owner: await balanceOf(owner.id) };

    const deposit = bodyOf<DepositView>(
      await api.post(DEPOSITS, {
        transactionDate: '2025-06-12',
        depositToAccountId: bank.id,
        lines: [{ paymentTransactionId: payment.id }, { paymentTransactionId: sale.id, overrideMemo: 'Counter sale' }, { accountId: owner.id, amount: '50.00', memo: 'Owner top-up' }],
        cashBack: { accountId: fees.id, amount: '5.00', memo: 'Bank fee' },
      }),
    );
    const sold = cents(sale.totalAmount);
    expect(deposit.lines.map((l) => [l.transactionType, l.entity?.id ?? null, l.account?.id, l.amount])).toEqual([
      ['receive_payment', customer.id, funds.id, '200.00'],
      ['sales_receipt', customer.id, funds.id, sale.totalAmount],
      [null, null, owner.id, '50.00'],
    ]);
    expect(cents(deposit.totalAmount)).toBe(20_000 + sold + 5000 - 500);
    expect(await balanceOf(bank.id)).toBe(before.bank + cents(deposit.totalAmount));
    expect(await balanceOf(funds.id)).toBe(before.funds - 20_000 - sold);
    expect(await balanceOf(fees.id)).toBe(before.fees + 500);
    // Equity grows with a credit.
    expect(await balanceOf(owner.id)).toBe(before.owner + 5000);
    expect(await waiting()).not.toEqual(expect.arrayContaining([payment.id]));
    expect(await waiting()).not.toContain(sale.id);

    // A deposited payment is held: it can be neither deleted nor changed in amount.
    expectDesktopError(await api.delete(`/ledger-desktop/receive-payments/${payment.id}`), '3175');
    expectDesktopError(await api.post(`/ledger-desktop/receive-payments/${payment.id}`, { revisionNumber: payment.revisionNumber, totalAmount: '1.00' }), '3175');
    expectDesktopError(await api.post(`/ledger-desktop/sales-receipts/${sale.id}/void`, {}), '3175');

    // Taking the payment out of the deposit (lines replaced) lets it wait again; voiding the deposit frees the rest.
    const kept = deposit.lines.filter((l) => l.paymentTransactionId !== payment.id).map((l) => ({ id: l.id }));
    const smaller = bodyOf<DepositView>(await api.post(`${DEPOSITS}/${deposit.id}`, { revisionNumber: deposit.revisionNumber, lines: kept }));
    expect(cents(smaller.totalAmount)).toBe(sold + 5000 - 500);
    expect(await waiting()).toContain(payment.id);
    bodyOf(await api.post(`${DEPOSITS}/${deposit.id}/void`, {}));
    expect(await waiting()).toEqual(expect.arrayContaining([payment.id, sale.id]));
    expect(await balanceOf(bank.id)).toBe(before.bank);
    expect(await balanceOf(funds.id)).toBe(before.funds);
    expect(await balanceOf(fees.id)).toBe(before.fees);
  });

  it('refuses what is not waiting, a payment twice, a line without an account, and more cash back than the lines', async () => {
    const bank = (await accounts()).find((a) => a.accountType === 'bank') as AccountView;
    const banked = await newCashSale({ depositToAccountId: bank.id });
    const payment = await newPayment('10.00');
    const send = (body: Record<string, unknown>) => api.post(DEPOSITS, { transactionDate: '2025-06-12', depositToAccountId: bank.id, ...body });
    expect(await waiting()).not.toContain(banked.id);
    expectDesktopError(await send({ lines: [{ paymentTransactionId: banked.id }] }), '3120');
    expectDesktopError(await send({ lines: [{ paymentTransactionId: payment.id }, { paymentTransactionId: payment.id }] }), '3180');
    expectInvalidRequest(await send({ lines: [{ amount: '5.00' }] }), 'lines[0].accountId');
    expectInvalidRequest(await send({ lines: [{ paymentTransactionId: payment.id, amount: '3.00' }] }), 'lines[0].amount');
    expectDesktopError(await send({ lines: [{ paymentTransactionId: payment.id }], cashBack: { accountId: bank.id, amount: '11.00' } }), '3180');
    // Nothing was written by the refusals.
    expect(await waiting()).toContain(payment.id);
  });

  it('deletes a deposit, which gives its payments back to undeposited funds', async () => {
    const bank = (await accounts()).find((a) => a.accountType === 'bank') as AccountView;
    const payment = await newPayment('12.34');
    const deposit = bodyOf<DepositView>(await api.post(DEPOSITS, { transactionDate: '2025-06-12', depositToAccountId: bank.id, lines: [{ paymentTransactionId: payment.id }] }));
    expect(await waiting()).not.toContain(payment.id);
    expect(bodyOf(await api.delete(`${DEPOSITS}/${deposit.id}`))).toMatchObject({ id: deposit.id, deleted: true });
    expect(await waiting()).toContain(payment.id);
    expect(bodyOf(await api.delete(`/ledger-desktop/receive-payments/${payment.id}`))).toMatchObject({ deleted: true });
  });
});
