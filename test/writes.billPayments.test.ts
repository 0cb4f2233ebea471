import { describe, expect, it } from 'vitest';
import { bodyOf, expectDesktopError, expectInvalidRequest, withSaleSandbox, type LinkedTransactionView, type Ref, accountOfType, balanceIn, type Named } from './support/ledgerViews.ts';
import type { TestSandbox } from './support/testClient.ts';

/** Bills paid by check and by card, vendor credits applied with them, and the bills-to-pay list. */
interface BillView {
  id: string;
  revisionNumber: string;
  refNumber: string | null;
  amountDue: string | null;
  openAmount: string | null;
  isPaid: boolean | null;
  linkedTransactions: LinkedTransactionView[];
}
interface PaymentView {
  id: string;
  revisionNumber: string;
  refNumber: string | null;
  amount: string | null;
  memo: string | null;
  payablesAccount: Ref | null;
  appliedToTransactions: { transactionId: string; transactionType: string; amount: string | null; balanceRemaining: string | null; linkedTransactions: LinkedTransactionView[] }[];
}
interface ToPay {
  bill: { billId: string; amountDue: string } | null;
  credit: { creditTransactionId: string; creditRemaining: string } | null;
}
let api: TestSandbox;
withSaleSandbox((s) => ({ api } = s));

const accountOf = async (type: string): Promise<Named> => accountOfType(api, type);
const balanceOf = async (resource: string, id: string): Promise<number> => balanceIn(api, resource, id);
const billNow = async (id: string): Promise<BillView> => bodyOf<BillView>(await api.get(`/ledger-desktop/bills/${id}`));
const openCreditOf = async (id: string): Promise<string | null> => bodyOf<{ openAmount: string | null }>(await api.get(`/ledger-desktop/vendor-credits/${id}`)).openAmount;
const toPay = async (vendorId: string): Promise<ToPay[]> => bodyOf<{ data: ToPay[] }>(await api.get('/ledger-desktop/bills-to-pay', { query: { vendorId } })).data;

/** A vendor of its own for each test, with two bills and a credit. */
async function vendorWithBills(name: string): Promise<{ vendor: string; bills: BillView[]; credit: string; expense: string }> {
  const vendor = bodyOf<Named>(await api.post('/ledger-desktop/vendors', { name })).id;
  const expense = (await accountOf('expense')).id;
  const bill = async (amount: string, date: string): Promise<BillView> =>
    bodyOf<BillView>(await api.post('/ledger-desktop/bills', { vendorId: vendor, transactionDate: date, expenseLines: [{ accountId: expense, amount }] }));
  const bills = [await bill('100.00', '2026-01-05'), await bill('50.00', '2026-02-05')];
  const credit = bodyOf<Named>(await api.post('/ledger-desktop/vendor-credits', { vendorId: vendor, transactionDate: '2026-01-20', expenseLines: [{ accountId: expense, amount: '30.00' }] })).id;
  return { vendor, bills, credit, expense };
}

describe('bill check payments', () => {
  it('pay bills with credits applied: balances, links, bills-to-pay, held bills; an update pays more; a void gives everything back', async () => {
    const { vendor, bills, credit } = await vendorWithBills('Paid By Check Supply');
    const [first, second] = bills as [BillView, BillView];
    const bank = await accountOf('bank');
    const before = { bank: await balanceOf('accounts', bank.id), vendor: await balanceOf('vendors', vendor) };
    expect(before.vendor).toBe(12_000);
    expect(await toPay(vendor)).toEqual([
      { bill: expect.objectContaining({ billId: first.id, amountDue: '100.00' }), credit: null },
      { bill: expect.objectContaining({ billId: second.id, amountDue: '50.00' }), credit: null },
      { bill: null, credit: expect.objectContaining({ creditTransactionId: credit, creditRemaining: '30.00' }) },
    ]);

    const paid = bodyOf<PaymentView>(
      await api.post('/ledger-desktop/bill-check-payments', {
        vendorId: vendor,
        transactionDate: '2026-03-01',
        bankAccountId: bank.id,
        applyToTransactions: [
          { transactionId: first.id, paymentAmount: '50.00', applyCredits: [{ creditTransactionId: credit, appliedAmount: '30.00' }] },
          { transactionId: second.id },
        ],
      }),
    );
    // The second bill is paid in full by default; the first is left with 100 - 50 - 30.
    expect(paid).toMatchObject({ amount: '100.00', payablesAccount: { fullName: 'Accounts Payable' } });
    expect(paid.refNumber).toMatch(/^\d+$/);
    expect(paid.appliedToTransactions.map((a) => [a.transactionId, a.transactionType, a.amount, a.balanceRemaining])).toEqual([
      [first.id, 'bill', '50.00', '20.00'],
      [second.id, 'bill', '50.00', '0.00'],
    ]);
    const byVendor = bodyOf<{ data: { id: string }[] }>(await api.get('/ledger-desktop/bill-check-payments', { query: { vendorIds: vendor } })).data;
    expect(byVendor.map((p) => p.id)).toEqual([paid.id]);
    expect(paid.appliedToTransactions[0]?.linkedTransactions).toEqual([expect.objectContaining({ id: credit, transactionType: 'vendor_credit', amount: '-30.00' })]);
    expect(await billNow(first.id)).toMatchObject({ openAmount: '20.00', isPaid: false });
    expect(await billNow(second.id)).toMatchObject({ openAmount: '0.00', isPaid: true });
    expect((await billNow(first.id)).linkedTransactions.map((l) => [l.transactionType, l.amount])).toEqual(
      expect.arrayContaining([
        ['bill_payment_check', '-50.00'],
        ['vendor_credit', '-30.00'],
      ]),
    );
    expect(await openCreditOf(credit)).toBe('0.00');
    expect(await balanceOf('accounts', bank.id)).toBe(before.bank - 10_000);
    expect(await balanceOf('vendors', vendor)).toBe(12_000 - 10_000);
    expect(await toPay(vendor)).toEqual([{ bill: expect.objectContaining({ billId: first.id, amountDue: '20.00' }), credit: null }]);

    // What a payment or a credit is applied to is held (3175).
    expectDesktopError(await api.delete(`/ledger-desktop/bills/${second.id}`), '3175');
    expectDesktopError(await api.delete(`/ledger-desktop/vendor-credits/${credit}`), '3175');
    expectDesktopError(await api.post(`/ledger-desktop/bills/${first.id}`, { revisionNumber: first.revisionNumber, expenseLines: [{ id: '-1', accountId: (await accountOf('expense')).id, amount: '1.00' }], clearExpenseLines: false }), '3180');

    // A larger amount: the rest stays with the vendor as a credit; a memo change keeps it.
    const more = bodyOf<PaymentView>(await api.post(`/ledger-desktop/bill-check-payments/${paid.id}`, { revisionNumber: paid.revisionNumber, amount: '120.00' }));
    expect(more.amount).toBe('120.00');
    expect(more.appliedToTransactions).toHaveLength(2);
    expect(await balanceOf('vendors', vendor)).toBe(0);
    const noted = bodyOf<PaymentView>(await api.post(`/ledger-desktop/bill-check-payments/${paid.id}`, { revisionNumber: more.revisionNumber, memo: 'May run' }));
    expect(noted).toMatchObject({ amount: '120.00', memo: 'May run' });
    expect(await balanceOf('accounts', bank.id)).toBe(before.bank - 12_000);

    const voided = bodyOf<Record<string, unknown>>(await api.post(`/ledger-desktop/bill-check-payments/${paid.id}/void`, {}));
    expect(voided).toMatchObject({ id: paid.id, refNumber: paid.refNumber, voided: true });
    expect(bodyOf<PaymentView>(await api.get(`/ledger-desktop/bill-check-payments/${paid.id}`))).toMatchObject({ amount: '0.00', appliedToTransactions: [], memo: 'VOID: May run' });
    expect(await billNow(first.id)).toMatchObject({ openAmount: '100.00', isPaid: false, linkedTransactions: [] });
    expect(await billNow(second.id)).toMatchObject({ openAmount: '50.00', isPaid: false });
    expect(await openCreditOf(credit)).toBe('30.00');
    expect(await balanceOf('accounts', bank.id)).toBe(before.bank);
    expect(await balanceOf('vendors', vendor)).toBe(before.vendor);

    // The voided payment stays linked to its bills at zero: they are held (3175).
    expectDesktopError(await api.delete(`/ledger-desktop/bills/${second.id}`), '3175');
    expectDesktopError(await api.post(`/ledger-desktop/bills/${second.id}/void`, {}), '3175');
    // An amount alone gives it no bills to pay (3180); bills to pay make it live again, and what
    // it pays now is what holds.
    const voidedNow = bodyOf<PaymentView>(await api.get(`/ledger-desktop/bill-check-payments/${paid.id}`));
    expectDesktopError(await api.post(`/ledger-desktop/bill-check-payments/${paid.id}`, { revisionNumber: voidedNow.revisionNumber, amount: '10.00' }), '3180');
    const live = bodyOf<PaymentView>(
      await api.post(`/ledger-desktop/bill-check-payments/${paid.id}`, { revisionNumber: voidedNow.revisionNumber, applyToTransactions: [{ transactionId: first.id, paymentAmount: '10.00' }] }),
    );
    expect(live).toMatchObject({ amount: '10.00' });
    expect(await billNow(first.id)).toMatchObject({ openAmount: '90.00' });
    expect((await api.delete(`/ledger-desktop/bills/${second.id}`)).status).toBe(200);
  });

  it('refuses what the desktop refuses', async () => {
    const { vendor, bills, credit } = await vendorWithBills('Refusing Supply');
    const other = await vendorWithBills('Other Refusing Supply');
    const bank = (await accountOf('bank')).id;
    const pay = (applyToTransactions: unknown[]): Promise<Parameters<typeof expectDesktopError>[0]> =>
      api.post('/ledger-desktop/bill-check-payments', { vendorId: vendor, transactionDate: '2026-03-01', bankAccountId: bank, applyToTransactions });
    const first = (bills[0] as BillView).id;
    expectDesktopError(await pay([{ transactionId: (other.bills[0] as BillView).id }]), '3120');
    expectDesktopError(await pay([{ transactionId: first, paymentAmount: '100.01' }]), '3180');
    expectDesktopError(await pay([{ transactionId: first }, { transactionId: first }]), '3180');
    expectDesktopError(await pay([{ transactionId: first, paymentAmount: '1.00', applyCredits: [{ creditTransactionId: other.credit, appliedAmount: '1.00' }] }]), '3120');
    expectDesktopError(await pay([{ transactionId: first, paymentAmount: '1.00', applyCredits: [{ creditTransactionId: credit, appliedAmount: '30.01' }] }]), '3180');
    expectInvalidRequest(await api.post('/ledger-desktop/bill-check-payments', { vendorId: vendor, transactionDate: '2026-03-01', applyToTransactions: [] }), 'bankAccountId');
    // Nothing was written by the refusals.
    expect(await billNow(first)).toMatchObject({ openAmount: '100.00', linkedTransactions: [] });
    expect(await openCreditOf(credit)).toBe('30.00');
  });
});

describe('bill credit card payments', () => {
  it('pay a bill from a card: the card owes more, the vendor less; a delete takes it back', async () => {
    const { vendor, bills } = await vendorWithBills('Paid By Card Supply');
    const card = await accountOf('credit_card');
    const before = await balanceOf('accounts', card.id);
    const bill = bills[1] as BillView;
    const paid = bodyOf<PaymentView>(
      await api.post('/ledger-desktop/bill-credit-card-payments', { vendorId: vendor, transactionDate: '2026-03-02', creditCardAccountId: card.id, applyToTransactions: [{ transactionId: bill.id }] }),
    );
    expect(paid).toMatchObject({ amount: '50.00', refNumber: null });
    expect(await balanceOf('accounts', card.id)).toBe(before + 5000);
    expect(await balanceOf('vendors', vendor)).toBe(12_000 - 5000);
    expect(await billNow(bill.id)).toMatchObject({ isPaid: true });
    const listed = bodyOf<{ data: { id: string }[] }>(await api.get('/ledger-desktop/bill-credit-card-payments', { query: { accountIds: card.id } })).data;
    expect(listed.map((p) => p.id)).toContain(paid.id);

    expect(bodyOf(await api.delete(`/ledger-desktop/bill-credit-card-payments/${paid.id}`))).toMatchObject({ id: paid.id, deleted: true });
    expect(await balanceOf('accounts', card.id)).toBe(before);
    expect(await billNow(bill.id)).toMatchObject({ openAmount: '50.00', isPaid: false });
  });
});
