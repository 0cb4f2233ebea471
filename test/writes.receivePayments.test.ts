import { describe, expect, it } from 'vitest';
import { bodyOf, cents, withSaleSandbox, expectDesktopError, expectInvalidRequest, fetchAll, money, type CustomerView, type InvoiceView } from './support/ledgerViews.ts';
import type { TestSandbox } from './support/testClient.ts';

const PAYMENTS = '/ledger-desktop/receive-payments';
const INVOICES = '/ledger-desktop/invoices';

interface Ref {
  id: string | null;
  fullName: string | null;
}
interface AppliedView {
  transactionId: string;
  transactionType: string;
  amount: string | null;
  balanceRemaining: string | null;
}
interface PaymentView {
  id: string;
  revisionNumber: string;
  customer: Ref | null;
  totalAmount: string;
  unusedPayment: string | null;
  depositToAccount: Ref | null;
  receivablesAccount: Ref | null;
  appliedToTransactions: AppliedView[];
}
interface AccountView {
  id: string;
  fullName: string;
  balance: string;
  specialAccountType: string | null;
}
interface LinkedView {
  id: string;
  transactionType: string;
  amount: string | null;
}

let api: TestSandbox;
let customer: CustomerView;
let itemId: string;

withSaleSandbox((s) => ({ api, customer, itemId } = s));

const get = async <T>(path: string): Promise<T> => bodyOf<T>(await api.get(path));
const customerNow = (): Promise<CustomerView> => get(`/ledger-desktop/customers/${customer.id}`);
async function account(special: string): Promise<AccountView> {
  const accounts = bodyOf<{ data: AccountView[] }>(await api.get('/ledger-desktop/accounts')).data;
  const found = accounts.find((a) => a.specialAccountType === special);
  if (!found) throw new Error(`no ${special} account`);
  return found;
}
async function newInvoice(rate: string): Promise<InvoiceView> {
  return bodyOf<InvoiceView>(await api.post(INVOICES, { customerId: customer.id, transactionDate: '2025-06-01', lines: [{ itemId, quantity: 2, rate }] }));
}

describe('receive payments', () => {
  it('pay an invoice: its balance, the customer, receivables and undeposited funds all move by the amount', async () => {
    const invoice = await newInvoice('150.00');
    const before = { customer: await customerNow(), receivable: await account('accounts_receivable'), funds: await account('undeposited_funds') };
    const payment = bodyOf<PaymentView>(
      await api.post(PAYMENTS, { customerId: customer.id, transactionDate: '2025-06-10', totalAmount: '120.00', applyToTransactions: [{ transactionId: invoice.id, paymentAmount: '100.00' }] }),
    );
    expect(payment).toMatchObject({ totalAmount: '120.00', unusedPayment: '20.00', depositToAccount: { id: before.funds.id }, receivablesAccount: { id: before.receivable.id } });
    const due = cents(invoice.balanceRemaining) - 10_000;
    expect(payment.appliedToTransactions).toEqual([expect.objectContaining({ transactionId: invoice.id, transactionType: 'invoice', amount: '100.00', balanceRemaining: money(due) })]);

    const paid = await get<InvoiceView & { linkedTransactions: LinkedView[]; appliedAmount: string }>(`${INVOICES}/${invoice.id}`);
    expect(paid.balanceRemaining).toBe(money(due));
    expect(paid.appliedAmount).toBe('-100.00');
    expect(paid.linkedTransactions).toEqual([expect.objectContaining({ id: payment.id, transactionType: 'receive_payment', amount: '-100.00' })]);
    // The whole payment leaves receivables: 100.00 off the invoice, 20.00 as the customer's credit.
    expect(cents((await customerNow()).balance)).toBe(cents(before.customer.balance) - 12_000);
    expect(cents((await account('accounts_receivable')).balance)).toBe(cents(before.receivable.balance) - 12_000);
    expect(cents((await account('undeposited_funds')).balance)).toBe(cents(before.funds.balance) + 12_000);

    // Listed with its filters, and retrieved as created.
    const listed = bodyOf<{ data: PaymentView[] }>(await api.get(PAYMENTS, { query: { customerIds: [customer.id], ids: [payment.id] } })).data;
    expect(listed.map((p) => p.id)).toEqual([payment.id]);
    expect(await get<PaymentView>(`${PAYMENTS}/${payment.id}`)).toEqual(payment);
  });

  it('refuses more than is open on an invoice, an invoice of another customer, and more than the payment', async () => {
    const invoice = await newInvoice('10.00');
    const other = (await fetchAll<CustomerView>(api, '/ledger-desktop/customers')).find((c) => c.sublevel === 0 && c.id !== customer.id && c.isActive) as CustomerView;
    const send = (body: Record<string, unknown>) => api.post(PAYMENTS, { customerId: customer.id, transactionDate: '2025-06-10', ...body });
    expectDesktopError(await send({ totalAmount: '500.00', applyToTransactions: [{ transactionId: invoice.id, paymentAmount: '500.00' }] }), '3180');
    expectDesktopError(await send({ totalAmount: '5.00', applyToTransactions: [{ transactionId: invoice.id, paymentAmount: '10.00' }] }), '3180');
    expectDesktopError(await api.post(PAYMENTS, { customerId: other.id, transactionDate: '2025-06-10', totalAmount: '5.00', applyToTransactions: [{ transactionId: invoice.id, paymentAmount: '5.00' }] }), '3120');
    expectInvalidRequest(await send({ totalAmount: '5.00', applyToTransactions: [] }), 'applyToTransactions');
    // Nothing was written by the refusals.
    expect((await get<InvoiceView>(`${INVOICES}/${invoice.id}`)).balanceRemaining).toBe(invoice.balanceRemaining);
  });

  it('takes a discount off the invoice too, posted to the discount account', async () => {
    const invoice = await newInvoice('50.00');
    const accounts = bodyOf<{ data: (AccountView & { accountType: string })[] }>(await api.get('/ledger-desktop/accounts')).data;
    const discounts = accounts.find((a) => a.accountType === 'income') as AccountView;
    const before = cents(discounts.balance);
    const payment = bodyOf<PaymentView & { appliedToTransactions: (AppliedView & { discountAmount: string | null; discountAccount: Ref | null })[] }>(
      await api.post(PAYMENTS, {
        customerId: customer.id,
        transactionDate: '2025-06-10',
        totalAmount: '90.00',
        applyToTransactions: [{ transactionId: invoice.id, paymentAmount: '90.00', discountAmount: '5.00', discountAccountId: discounts.id }],
      }),
    );
    expect(payment.appliedToTransactions[0]).toMatchObject({ amount: '90.00', discountAmount: '5.00', discountAccount: { id: discounts.id } });
    expect(cents((await get<InvoiceView>(`${INVOICES}/${invoice.id}`)).balanceRemaining)).toBe(cents(invoice.balanceRemaining) - 9500);
    // A discount given is a debit to an income account: its balance drops by the discount.
    const after = bodyOf<{ data: AccountView[] }>(await api.get('/ledger-desktop/accounts', { query: { ids: [discounts.id] } })).data[0];
    expect(cents(after?.balance)).toBe(before - 500);
    expectDesktopError(
      await api.post(PAYMENTS, { customerId: customer.id, transactionDate: '2025-06-10', totalAmount: '1.00', applyToTransactions: [{ transactionId: invoice.id, paymentAmount: '1.00', discountAmount: '1.00' }] }),
      '3180',
    );
  });

  it('applies itself automatically to the oldest open invoices when asked', async () => {
    const invoice = await newInvoice('1.00');
    const before = cents((await customerNow()).balance);
    const payment = bodyOf<PaymentView>(await api.post(PAYMENTS, { customerId: customer.id, transactionDate: '2025-06-10', totalAmount: '999999.00', isAutoApply: true }));
    expect(payment.appliedToTransactions.some((a) => a.transactionId === invoice.id)).toBe(true);
    // Every open invoice of the customer is paid, and what is left over is its credit.
    const open = (await fetchAll<InvoiceView>(api, INVOICES)).filter((i) => i.customer?.id === customer.id && cents(i.balanceRemaining) > 0);
    expect(open).toEqual([]);
    expect(cents((await customerNow()).balance)).toBe(before - 99_999_900);
    await api.delete(`${PAYMENTS}/${payment.id}`);
  });

  it('changes what it pays on update, and gives it back when deleted', async () => {
    const first = await newInvoice('40.00');
    const second = await newInvoice('60.00');
    const balance = cents((await customerNow()).balance);
    const payment = bodyOf<PaymentView>(await api.post(PAYMENTS, { customerId: customer.id, transactionDate: '2025-06-10', totalAmount: '30.00', applyToTransactions: [{ transactionId: first.id }] }));
    expect(payment.appliedToTransactions.map((a) => [a.transactionId, a.amount])).toEqual([[first.id, '30.00']]);
    const moved = bodyOf<PaymentView>(await api.post(`${PAYMENTS}/${payment.id}`, { revisionNumber: payment.revisionNumber, applyToTransactions: [{ transactionId: second.id, paymentAmount: '30.00' }] }));
    expect(moved.appliedToTransactions.map((a) => a.transactionId)).toEqual([second.id]);
    expect((await get<InvoiceView>(`${INVOICES}/${first.id}`)).balanceRemaining).toBe(first.balanceRemaining);
    expect(cents((await get<InvoiceView>(`${INVOICES}/${second.id}`)).balanceRemaining)).toBe(cents(second.balanceRemaining) - 3000);

    // An invoice with a payment applied can be neither deleted nor voided: the desktop's 3175.
    expectDesktopError(await api.delete(`${INVOICES}/${second.id}`), '3175');
    expectDesktopError(await api.post(`${INVOICES}/${second.id}/void`, undefined), '3175');

    const deleted = bodyOf<Record<string, unknown>>(await api.delete(`${PAYMENTS}/${payment.id}`));
    expect(deleted).toEqual({ id: payment.id, objectType: 'ldg_receive_payment', refNumber: null, deleted: true });
    expect((await get<InvoiceView>(`${INVOICES}/${second.id}`)).balanceRemaining).toBe(second.balanceRemaining);
    expect(cents((await customerNow()).balance)).toBe(balance);
    expectDesktopError(await api.get(`${PAYMENTS}/${payment.id}`), '500');
  });
});

describe('invoices deleted and voided', () => {
  it('a voided invoice stays with nothing to pay and no effect on the books; a deleted one is gone', async () => {
    const balance = cents((await customerNow()).balance);
    const income = await account('accounts_receivable');
    const voidMe = await newInvoice('75.00');
    const deleteMe = await newInvoice('25.00');
    expect(cents((await customerNow()).balance)).toBe(balance + cents(voidMe.balanceRemaining) + cents(deleteMe.balanceRemaining));

    const voided = bodyOf<Record<string, unknown>>(await api.post(`${INVOICES}/${voidMe.id}/void`, undefined));
    expect(voided).toMatchObject({ id: voidMe.id, objectType: 'ldg_invoice', createdAt: voidMe.createdAt, refNumber: voidMe.refNumber, voided: true });
    const kept = await get<InvoiceView & { memo: string | null; subtotal: string }>(`${INVOICES}/${voidMe.id}`);
    expect(kept).toMatchObject({ subtotal: '0.00', balanceRemaining: '0.00', memo: 'VOID:' });
    expect(kept.lines.map((l) => l.amount)).toEqual(['0.00']);

    const deleted = bodyOf<Record<string, unknown>>(await api.delete(`${INVOICES}/${deleteMe.id}`));
    expect(deleted).toEqual({ id: deleteMe.id, objectType: 'ldg_invoice', refNumber: deleteMe.refNumber, deleted: true });
    expectDesktopError(await api.get(`${INVOICES}/${deleteMe.id}`), '500');
    expectDesktopError(await api.delete(`${INVOICES}/${deleteMe.id}`), '500');

    expect(cents((await customerNow()).balance)).toBe(balance);
    expect((await account('accounts_receivable')).balance).toBe(income.balance);
  });
});
