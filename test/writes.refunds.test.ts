import { describe, expect, it } from 'vitest';
import { bodyOf, cents, expectDesktopError, withSaleSandbox, type CustomerView, type LinkedTransactionView } from './support/ledgerViews.ts';
import type { TestSandbox } from './support/testClient.ts';

/** Credit card refunds: a customer's credit (a credit memo's, a payment's unused part) given back. */
interface RefundView {
  id: string;
  totalAmount: string;
  refundFromAccount: { id: string; fullName: string } | null;
  refundAppliedToTransactions: { transactionId: string; transactionType: string; creditRemaining: string | null; refundAmount: string }[];
}

let api: TestSandbox;
let customer: CustomerView;
let itemId: string;
withSaleSandbox((s) => ({ api, customer, itemId } = s));

const REFUNDS = '/ledger-desktop/credit-card-refunds';
const balance = async (): Promise<number> => cents(bodyOf<CustomerView>(await api.get(`/ledger-desktop/customers/${customer.id}`)).balance);
const memoNow = async (id: string): Promise<{ creditRemaining: string; linkedTransactions: LinkedTransactionView[] }> => bodyOf(await api.get(`/ledger-desktop/credit-memos/${id}`));
const unusedOf = async (id: string): Promise<string> => bodyOf<{ unusedPayment: string }>(await api.get(`/ledger-desktop/receive-payments/${id}`)).unusedPayment;

describe('credit card refunds', () => {
  it("give back a credit memo's credit and a payment's unused part: the customer owes that much more; a void and a delete take it back", async () => {
    const memo = bodyOf<{ id: string; creditRemaining: string }>(await api.post('/ledger-desktop/credit-memos', { customerId: customer.id, transactionDate: '2026-03-01', lines: [{ itemId, quantity: 1, rate: '80.00' }] }));
    const payment = bodyOf<{ id: string; unusedPayment: string }>(await api.post('/ledger-desktop/receive-payments', { customerId: customer.id, transactionDate: '2026-03-02', totalAmount: '50.00' }));
    expect(payment.unusedPayment).toBe('50.00');
    const before = await balance();

    const refund = bodyOf<RefundView>(
      await api.post(REFUNDS, {
        customerId: customer.id,
        transactionDate: '2026-03-05',
        refundAppliedToTransactions: [
          { transactionId: memo.id, refundAmount: '30.00' },
          { transactionId: payment.id, refundAmount: '50.00' },
        ],
      }),
    );
    expect(refund).toMatchObject({ totalAmount: '80.00' });
    // Paid from the first bank account when the request names none.
    const bank = bodyOf<{ data: { id: string }[] }>(await api.get('/ledger-desktop/accounts', { query: { accountType: 'bank' } })).data[0]?.id;
    expect(refund.refundFromAccount?.id).toBe(bank);
    expect(refund.refundAppliedToTransactions.map((r) => [r.transactionType, r.refundAmount, r.creditRemaining])).toEqual([
      ['credit_memo', '30.00', '50.00'],
      ['receive_payment', '50.00', '0.00'],
    ]);
    expect(await balance()).toBe(before + 8000);
    const used = await memoNow(memo.id);
    expect(used.creditRemaining).toBe('50.00');
    expect(used.linkedTransactions).toEqual([expect.objectContaining({ id: refund.id, transactionType: 'ar_refund_credit_card', amount: '-30.00' })]);
    expect(await unusedOf(payment.id)).toBe('0.00');
    const listed = bodyOf<{ data: { id: string }[] }>(await api.get(REFUNDS, { query: { customerIds: customer.id } })).data;
    expect(listed.map((r) => r.id)).toContain(refund.id);

    // What a refund gave back is held: neither the memo nor the payment can go (3175), nor can the payment drop below it.
    expectDesktopError(await api.delete(`/ledger-desktop/credit-memos/${memo.id}`), '3175');
    expectDesktopError(await api.delete(`/ledger-desktop/receive-payments/${payment.id}`), '3175');

    expect(bodyOf(await api.post(`${REFUNDS}/${refund.id}/void`, {}))).toMatchObject({ id: refund.id, voided: true });
    expect(bodyOf<RefundView>(await api.get(`${REFUNDS}/${refund.id}`))).toMatchObject({ totalAmount: '0.00', refundAppliedToTransactions: [] });
    expect((await memoNow(memo.id)).creditRemaining).toBe('80.00');
    expect(await unusedOf(payment.id)).toBe('50.00');
    expect(await balance()).toBe(before);

    const again = bodyOf<RefundView>(await api.post(REFUNDS, { customerId: customer.id, transactionDate: '2026-03-06', refundAppliedToTransactions: [{ transactionId: payment.id, refundAmount: '20.00' }] }));
    expect(await unusedOf(payment.id)).toBe('30.00');
    expect(bodyOf(await api.delete(`${REFUNDS}/${again.id}`))).toMatchObject({ id: again.id, deleted: true });
    expect(await unusedOf(payment.id)).toBe('50.00');
  });

  it('refuses more than is left, another customer\'s credit, and a credit listed twice, writing nothing', async () => {
    const memo = bodyOf<{ id: string }>(await api.post('/ledger-desktop/credit-memos', { customerId: customer.id, transactionDate: '2026-03-01', lines: [{ itemId, quantity: 1, rate: '10.00' }] }));
    const others = bodyOf<{ data: CustomerView[] }>(await api.get('/ledger-desktop/customers')).data.filter((c) => c.id !== customer.id && c.isActive);
    const refund = (customerId: string, refundAppliedToTransactions: unknown[]): ReturnType<TestSandbox['post']> => api.post(REFUNDS, { customerId, transactionDate: '2026-03-05', refundAppliedToTransactions });
    expectDesktopError(await refund(customer.id, [{ transactionId: memo.id, refundAmount: '10.01' }]), '3180');
    expectDesktopError(await refund(String(others[0]?.id), [{ transactionId: memo.id, refundAmount: '1.00' }]), '3120');
    expectDesktopError(
      await refund(customer.id, [
        { transactionId: memo.id, refundAmount: '1.00' },
        { transactionId: memo.id, refundAmount: '1.00' },
      ]),
      '3180',
    );
    expect((await memoNow(memo.id)).creditRemaining).toBe('10.00');
  });
});

describe('refunds by check', () => {
  it("give back a customer's credit from the bank: the memo's credit goes down, the customer owes more, the check shows the memo; an update changes it, a void takes it back", async () => {
    const memo = bodyOf<{ id: string; refNumber: string }>(await api.post('/ledger-desktop/credit-memos', { customerId: customer.id, transactionDate: '2026-03-10', lines: [{ itemId, quantity: 1, rate: '60.00' }] }));
    const bank = bodyOf<{ data: { id: string; balance: string }[] }>(await api.get('/ledger-desktop/accounts', { query: { accountType: 'bank' } })).data[0];
    const bankBalance = async (): Promise<number> => cents(bodyOf<{ balance: string }>(await api.get(`/ledger-desktop/accounts/${String(bank?.id)}`)).balance);
    const before = { customer: await balance(), bank: await bankBalance() };

    const check = bodyOf<{ id: string; revisionNumber: string; amount: string; linkedTransactions: LinkedTransactionView[] }>(
      await api.post('/ledger-desktop/checks', { payeeId: customer.id, bankAccountId: bank?.id, transactionDate: '2026-03-11', applyToTransactions: [{ transactionId: memo.id, amount: '25.00' }] }),
    );
    expect(check.amount).toBe('25.00');
    expect(check.linkedTransactions).toEqual([expect.objectContaining({ id: memo.id, transactionType: 'credit_memo', amount: '-25.00' })]);
    expect(await memoNow(memo.id)).toMatchObject({ creditRemaining: '35.00', linkedTransactions: [expect.objectContaining({ id: check.id, transactionType: 'check', amount: '-25.00' })] });
    expect(await balance()).toBe(before.customer + 2500);
    expect(await bankBalance()).toBe(before.bank - 2500);
    expectDesktopError(await api.delete(`/ledger-desktop/credit-memos/${memo.id}`), '3175');

    const changed = bodyOf<{ amount: string }>(await api.post(`/ledger-desktop/checks/${check.id}`, { revisionNumber: check.revisionNumber, applyToTransactions: [{ transactionId: memo.id, amount: '60.00' }] }));
    expect(changed.amount).toBe('60.00');
    expect((await memoNow(memo.id)).creditRemaining).toBe('0.00');
    expect(await balance()).toBe(before.customer + 6000);

    await api.post(`/ledger-desktop/checks/${check.id}/void`, {});
    expect((await memoNow(memo.id)).creditRemaining).toBe('60.00');
    expect(await balance()).toBe(before.customer);
    expect(await bankBalance()).toBe(before.bank);
  });

  it('refuses a check to a vendor that names a customer credit, and more than is left, writing nothing', async () => {
    const memo = bodyOf<{ id: string }>(await api.post('/ledger-desktop/credit-memos', { customerId: customer.id, transactionDate: '2026-03-12', lines: [{ itemId, quantity: 1, rate: '10.00' }] }));
    const vendor = bodyOf<{ data: { id: string }[] }>(await api.get('/ledger-desktop/vendors')).data[0]?.id;
    const bank = bodyOf<{ data: { id: string }[] }>(await api.get('/ledger-desktop/accounts', { query: { accountType: 'bank' } })).data[0]?.id;
    const count = bodyOf<{ data: unknown[] }>(await api.get('/ledger-desktop/checks', { query: { payeeIds: customer.id } })).data.length;
    expectDesktopError(await api.post('/ledger-desktop/checks', { payeeId: vendor, bankAccountId: bank, transactionDate: '2026-03-12', applyToTransactions: [{ transactionId: memo.id, amount: '5.00' }] }), '3120');
    expectDesktopError(await api.post('/ledger-desktop/checks', { payeeId: customer.id, bankAccountId: bank, transactionDate: '2026-03-12', applyToTransactions: [{ transactionId: memo.id, amount: '10.01' }] }), '3180');
    expect((await memoNow(memo.id)).creditRemaining).toBe('10.00');
    expect(bodyOf<{ data: unknown[] }>(await api.get('/ledger-desktop/checks', { query: { payeeIds: customer.id } })).data.length).toBe(count);
  });
});
