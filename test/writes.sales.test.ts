import { describe, expect, it } from 'vitest';
import { bodyOf, cents, withSaleSandbox, expectDesktopError, fetchAll, money, type CustomerView, type InvoiceLineView, type InvoiceView, type Ref } from './support/ledgerViews.ts';
import type { TestSandbox } from './support/testClient.ts';

/**
 * The sales side beyond invoices: sales receipts, credit memos, estimates and sales orders share the
 * invoice's lines and totals, and each keeps the books its own way.
 */
interface SaleView {
  id: string;
  objectType: string;
  revisionNumber: string;
  refNumber: string | null;
  subtotal: string;
  totalAmount: string;
  creditRemaining?: string | null;
  depositToAccount?: Ref | null;
  receivablesAccount?: Ref | null;
  memo: string | null;
  lines: (InvoiceLineView & { quantityInvoiced?: number | null; isManuallyClosed?: boolean })[];
}
interface AccountView {
  id: string;
  balance: string;
  accountType: string;
  specialAccountType: string | null;
}

const SALES = ['sales-receipts', 'credit-memos', 'estimates', 'sales-orders'] as const;

let api: TestSandbox;
let customer: CustomerView;
let itemId: string;

withSaleSandbox((s) => ({ api, customer, itemId } = s));

const get = async <T>(path: string): Promise<T> => bodyOf<T>(await api.get(path));
const customerBalance = async (): Promise<number> => cents((await get<CustomerView>(`/ledger-desktop/customers/${customer.id}`)).balance);
async function accountBalance(special: string): Promise<number> {
  const found = bodyOf<{ data: AccountView[] }>(await api.get('/ledger-desktop/accounts')).data.find((a) => a.specialAccountType === special);
  return cents(found?.balance);
}
const create = async (resource: string, lines: Record<string, unknown>[]): Promise<SaleView> =>
  bodyOf<SaleView>(await api.post(`/ledger-desktop/${resource}`, { customerId: customer.id, transactionDate: '2025-07-01', lines }));

describe.each(SALES)('%s', (resource) => {
  const path = `/ledger-desktop/${resource}`;

  it('computes lines and totals, replaces lines on update, lists, and deletes', async () => {
    const created = await create(resource, [
      { itemId, quantity: 3, rate: '12.50' },
      { itemId, quantity: 1, rate: '0.99' },
    ]);
    expect(created.lines.map((l) => l.amount)).toEqual(['37.50', '0.99']);
    expect(created.subtotal).toBe('38.49');
    expect(cents(created.totalAmount)).toBeGreaterThanOrEqual(3849);
    expect(created.refNumber).toMatch(/^\d+$/);
    expect(await get<SaleView>(`${path}/${created.id}`)).toEqual(created);

    const kept = created.lines[0]?.id;
    const updated = bodyOf<SaleView>(await api.post(`${path}/${created.id}`, { revisionNumber: created.revisionNumber, lines: [{ id: kept, quantity: 4 }, { id: '-1', itemId, amount: '5.00' }] }));
    expect(updated.lines.map((l) => [l.id === kept, l.amount])).toEqual([
      [true, '50.00'],
      [false, '5.00'],
    ]);
    expect(updated.subtotal).toBe('55.00');
    expectDesktopError(await api.post(`${path}/${created.id}`, { revisionNumber: updated.revisionNumber, lines: [{ id: 'NOPE-1', quantity: 1 }] }), '3120');

    const listed = bodyOf<{ data: SaleView[] }>(await api.get(path, { query: { customerIds: [customer.id], ids: [created.id] } })).data;
    expect(listed.map((s) => s.id)).toEqual([created.id]);

    const deleted = bodyOf<Record<string, unknown>>(await api.delete(`${path}/${created.id}`));
    expect(deleted).toEqual({ id: created.id, objectType: created.objectType, refNumber: created.refNumber, deleted: true });
    expect((await api.get(`${path}/${created.id}`)).status).not.toBe(200);
  });
});

describe('the books of a sale', () => {
  it('a sales receipt puts its total in undeposited funds, and a void takes it out again', async () => {
    const before = { funds: await accountBalance('undeposited_funds'), receivable: await accountBalance('accounts_receivable'), customer: await customerBalance() };
    const receipt = await create('sales-receipts', [{ itemId, quantity: 2, rate: '40.00' }]);
    expect(receipt.depositToAccount?.id).toBeTruthy();
    expect(await accountBalance('undeposited_funds')).toBe(before.funds + cents(receipt.totalAmount));
    // Paid on the spot: nothing owed, so neither receivables nor the customer move.
    expect(await accountBalance('accounts_receivable')).toBe(before.receivable);
    expect(await customerBalance()).toBe(before.customer);

    const voided = bodyOf<Record<string, unknown>>(await api.post(`/ledger-desktop/sales-receipts/${receipt.id}/void`, {}));
    expect(voided).toMatchObject({ id: receipt.id, voided: true });
    const kept = await get<SaleView>(`/ledger-desktop/sales-receipts/${receipt.id}`);
    expect(kept.totalAmount).toBe('0.00');
    expect(kept.memo).toMatch(/^VOID:/);
    expect(await accountBalance('undeposited_funds')).toBe(before.funds);
  });

  it('a credit memo lowers what the customer owes, and its credit remaining is its total', async () => {
    const before = { receivable: await accountBalance('accounts_receivable'), customer: await customerBalance() };
    const memo = await create('credit-memos', [{ itemId, quantity: 1, rate: '25.00' }]);
    expect(memo.creditRemaining).toBe(memo.totalAmount);
    expect(await customerBalance()).toBe(before.customer - cents(memo.totalAmount));
    expect(await accountBalance('accounts_receivable')).toBe(before.receivable - cents(memo.totalAmount));
    bodyOf(await api.delete(`/ledger-desktop/credit-memos/${memo.id}`));
    expect(await customerBalance()).toBe(before.customer);
  });

  it('estimates and sales orders post nothing; a sales order line starts with nothing invoiced', async () => {
    const before = { receivable: await accountBalance('accounts_receivable'), customer: await customerBalance() };
    await create('estimates', [{ itemId, quantity: 1, rate: '99.00' }]);
    const order = await create('sales-orders', [{ itemId, quantity: 5, rate: '3.00' }]);
    expect(order.lines[0]).toMatchObject({ quantityInvoiced: 0, isManuallyClosed: false, amount: money(1500) });
    expect(await accountBalance('accounts_receivable')).toBe(before.receivable);
    expect(await customerBalance()).toBe(before.customer);
  });
});

describe('a line posted to another account than its item\'s', () => {
  it('credits the account overrideItemAccountId names, keeps it through updates that leave it out, and the item\'s account never moves', async () => {
    const incomes = async (): Promise<Map<string, number>> =>
      new Map(bodyOf<{ data: AccountView[] }>(await api.get('/ledger-desktop/accounts', { query: { limit: '150' } })).data.filter((a) => a.accountType === 'income').map((a) => [a.id, cents(a.balance)]));
    // The item's own account: the one a plain sale of it moves.
    const first = await incomes();
    await create('sales-receipts', [{ itemId, quantity: 1, rate: '10.00' }]);
    const moved = [...(await incomes())].filter(([id, balance]) => first.get(id) !== balance).map(([id]) => id);
    expect(moved).toHaveLength(1);
    const own = moved[0] ?? '';
    const other = [...first.keys()].find((id) => id !== own);
    if (!other) throw new Error('the sandbox needs two income accounts');
    const balanceOf = async (id: string): Promise<number> => cents(bodyOf<AccountView>(await api.get(`/ledger-desktop/accounts/${id}`)).balance);
    const before = { other: await balanceOf(other), own: await balanceOf(own) };
    const receipt = await create('sales-receipts', [{ itemId, quantity: 2, rate: '30.00', overrideItemAccountId: other }]);
    expect(Math.abs((await balanceOf(other)) - before.other)).toBe(6000);
    expect(await balanceOf(own)).toBe(before.own);
    const lineId = receipt.lines[0]?.id;
    bodyOf(await api.post(`/ledger-desktop/sales-receipts/${receipt.id}`, { revisionNumber: receipt.revisionNumber, lines: [{ id: lineId, quantity: 3 }] }));
    expect(Math.abs((await balanceOf(other)) - before.other)).toBe(9000);
    expect(await balanceOf(own)).toBe(before.own);
    const unknown = await api.post('/ledger-desktop/sales-receipts', { customerId: customer.id, transactionDate: '2025-07-01', lines: [{ itemId, quantity: 1, overrideItemAccountId: '80000999-1700000000' }] });
    expectDesktopError(unknown, '3140');
  });
});

describe('estimates by account', () => {
  it("keeps the estimates whose lines' items post to the accounts given", async () => {
    type ItemView = { id: string; incomeAccount?: Ref | null; salesOrPurchaseDetails?: { postingAccount: Ref | null } | null; salesAndPurchaseDetails?: { incomeAccount: Ref | null } | null };
    const accountOf = (i: ItemView): string | null | undefined => i.incomeAccount?.id ?? i.salesOrPurchaseDetails?.postingAccount?.id ?? i.salesAndPurchaseDetails?.incomeAccount?.id;
    const items: ItemView[] = [];
    for (const resource of ['service-items', 'inventory-items', 'non-inventory-items', 'other-charge-items']) items.push(...bodyOf<{ data: ItemView[] }>(await api.get(`/ledger-desktop/${resource}`)).data);
    const first = items.find((i) => accountOf(i));
    const other = items.find((i) => accountOf(i) && accountOf(i) !== accountOf(first as ItemView));
    if (!first || !other) throw new Error('the demo file needs items posting to two income accounts');
    const mine = await create('estimates', [{ itemId: first.id, quantity: 1, rate: '1.00' }]);
    const notMine = await create('estimates', [{ itemId: other.id, quantity: 1, rate: '1.00' }]);
    // `ids` would override every other filter: the whole filtered list is read instead.
    const found = (await fetchAll<SaleView>(api, '/ledger-desktop/estimates', { accountIds: [String(accountOf(first))] })).map((e) => e.id);
    expect(found).toContain(mine.id);
    expect(found).not.toContain(notMine.id);
  });

  it('finds a discount line by the account its discount item posts to, as the books post it', async () => {
    const discount = bodyOf<{ data: { id: string; account?: Ref | null }[] }>(await api.get('/ledger-desktop/discount-items')).data.find((d) => d.account?.id);
    if (!discount?.account) throw new Error('the demo file needs a discount item with its account');
    const service = bodyOf<{ data: { id: string }[] }>(await api.get('/ledger-desktop/service-items')).data[0];
    const withDiscount = await create('estimates', [{ itemId: service?.id, quantity: 1, rate: '10.00' }, { itemId: discount.id, amount: '-1.00' }]);
    const found = (await fetchAll<SaleView>(api, '/ledger-desktop/estimates', { accountIds: [String(discount.account.id)] })).map((e) => e.id);
    expect(found).toContain(withDiscount.id);
  });
});

describe('credits applied', () => {
  const memoOf = (id: string): Promise<SaleView & { linkedTransactions: { id: string; amount: string | null }[] }> => get(`/ledger-desktop/credit-memos/${id}`);
  const invoiceOf = (id: string): Promise<InvoiceView> => get(`/ledger-desktop/invoices/${id}`);
  const newInvoice = async (body: Record<string, unknown> = {}): Promise<InvoiceView> =>
    bodyOf<InvoiceView>(await api.post('/ledger-desktop/invoices', { customerId: customer.id, transactionDate: '2025-07-02', lines: [{ itemId, quantity: 1, rate: '100.00' }], ...body }));

  it('a payment applies a credit memo to an invoice: both show it, the customer owes the same, and deleting the payment undoes it', async () => {
    const invoice = await newInvoice();
    const memo = await create('credit-memos', [{ itemId, quantity: 1, rate: '30.00' }]);
    const owed = await customerBalance();
    const payment = bodyOf<{ id: string; unusedPayment: string; appliedToTransactions: { balanceRemaining: string; linkedTransactions: { id: string; transactionType: string; amount: string }[] }[] }>(
      await api.post('/ledger-desktop/receive-payments', {
        customerId: customer.id,
        transactionDate: '2025-07-03',
        totalAmount: '50.00',
        applyToTransactions: [{ transactionId: invoice.id, paymentAmount: '50.00', applyCredits: [{ creditTransactionId: memo.id, appliedAmount: '30.00' }] }],
      }),
    );
    expect(payment.unusedPayment).toBe('0.00');
    expect(payment.appliedToTransactions[0]?.linkedTransactions).toEqual([expect.objectContaining({ id: memo.id, transactionType: 'credit_memo', amount: '-30.00' })]);
    const paid = await invoiceOf(invoice.id);
    expect(cents(paid.balanceRemaining)).toBe(cents(invoice.balanceRemaining) - 8000);
    expect(payment.appliedToTransactions[0]?.balanceRemaining).toBe(paid.balanceRemaining);
    expect(paid.linkedTransactions.map((l) => [l.transactionType, l.amount])).toEqual([
      ['receive_payment', '-50.00'],
      ['credit_memo', '-30.00'],
    ]);
    const used = await memoOf(memo.id);
    expect(cents(used.creditRemaining)).toBe(cents(memo.totalAmount) - 3000);
    expect(used.linkedTransactions.map((l) => l.id)).toEqual([invoice.id]);
    // Applying a credit moves nothing between accounts: only the payment's 50.00 lowers what is owed.
    expect(await customerBalance()).toBe(owed - 5000);

    expectDesktopError(await api.delete(`/ledger-desktop/credit-memos/${memo.id}`), '3175');
    bodyOf(await api.delete(`/ledger-desktop/receive-payments/${payment.id}`));
    expect((await memoOf(memo.id)).creditRemaining).toBe(memo.totalAmount);
    expect((await invoiceOf(invoice.id)).balanceRemaining).toBe(invoice.balanceRemaining);
    expect(await customerBalance()).toBe(owed);
  });

  it("an invoice applies credits itself; they go with it when it is deleted", async () => {
    const memo = await create('credit-memos', [{ itemId, quantity: 1, rate: '20.00' }]);
    const plain = await newInvoice();
    const invoice = await newInvoice({ applyCredits: [{ creditTransactionId: memo.id, appliedAmount: '20.00' }] });
    expect(cents(invoice.balanceRemaining)).toBe(cents(plain.balanceRemaining) - 2000);
    expect(invoice.linkedTransactions).toEqual([expect.objectContaining({ id: memo.id, transactionType: 'credit_memo', amount: '-20.00' })]);
    expect(cents((await memoOf(memo.id)).creditRemaining)).toBe(cents(memo.totalAmount) - 2000);
    bodyOf(await api.delete(`/ledger-desktop/invoices/${invoice.id}`));
    expect((await memoOf(memo.id)).creditRemaining).toBe(memo.totalAmount);
  });

  it('refuses a credit of another customer and more than is left of a credit', async () => {
    const memo = await create('credit-memos', [{ itemId, quantity: 1, rate: '10.00' }]);
    const others = await fetchAll<CustomerView>(api, '/ledger-desktop/customers');
    const other = others.find((c) => c.sublevel === 0 && c.isActive && c.id !== customer.id) as CustomerView;
    const send = (customerId: string, amount: string) =>
      api.post('/ledger-desktop/invoices', { customerId, transactionDate: '2025-07-02', lines: [{ itemId, quantity: 1, rate: '100.00' }], applyCredits: [{ creditTransactionId: memo.id, appliedAmount: amount }] });
    expectDesktopError(await send(other.id, '5.00'), '3120');
    expectDesktopError(await send(customer.id, money(cents(memo.totalAmount) + 1)), '3180');
    expect((await memoOf(memo.id)).creditRemaining).toBe(memo.totalAmount);
  });
});

describe('estimates and sales orders turned into invoices', () => {
  type Linked = { id: string; transactionType: string; linkType: string | null; amount: string | null };
  type OrderView = SaleView & { isFullyInvoiced: boolean | null; linkedTransactions: Linked[] };
  const orderOf = (id: string): Promise<OrderView> => get(`/ledger-desktop/sales-orders/${id}`);
  const sendInvoice = (body: Record<string, unknown>) => api.post('/ledger-desktop/invoices', { customerId: customer.id, transactionDate: '2025-07-05', ...body });
  const invoice = async (body: Record<string, unknown>): Promise<InvoiceView> => bodyOf<InvoiceView>(await sendInvoice(body));

  it('invoices a sales order line by line and whole, counting what each line has invoiced', async () => {
    const order = await create('sales-orders', [
      { itemId, quantity: 5, rate: '3.00' },
      { itemId, quantity: 2, rate: '10.00' },
    ]);
    const [first, second] = order.lines;
    const part = await invoice({ lines: [{ linkToTransactionLine: { transactionId: order.id, transactionLineId: first?.id }, quantity: 3 }] });
    expect(part.lines.map((l) => [l.item?.id, l.quantity, l.rate, l.amount])).toEqual([[itemId, 3, '3.00', '9.00']]);
    expect(part.linkedTransactions).toEqual([expect.objectContaining({ id: order.id, transactionType: 'sales_order', linkType: 'quantity', amount: '9.00' })]);
    let now = await orderOf(order.id);
    expect(now.lines.map((l) => l.quantityInvoiced)).toEqual([3, 0]);
    expect(now.isFullyInvoiced).toBe(false);
    expect(now.linkedTransactions).toEqual([expect.objectContaining({ id: part.id, transactionType: 'invoice', linkType: 'quantity' })]);

    // The rest, whole: what is open of each line comes over.
    const rest = await invoice({ linkToTransactionIds: [order.id] });
    expect(rest.lines.map((l) => [l.quantity, l.amount])).toEqual([
      [2, '6.00'],
      [2, '20.00'],
    ]);
    now = await orderOf(order.id);
    expect(now.lines.map((l) => l.quantityInvoiced)).toEqual([5, 2]);
    expect(now.isFullyInvoiced).toBe(true);

    // Invoiced, the order and its invoiced lines are held.
    expectDesktopError(await api.delete(`/ledger-desktop/sales-orders/${order.id}`), '3175');
    expectDesktopError(await api.post(`/ledger-desktop/sales-orders/${order.id}`, { revisionNumber: now.revisionNumber, lines: [{ id: second?.id }] }), '3175');

    bodyOf(await api.delete(`/ledger-desktop/invoices/${rest.id}`));
    now = await orderOf(order.id);
    expect(now.lines.map((l) => l.quantityInvoiced)).toEqual([3, 0]);
    expect(now.isFullyInvoiced).toBe(false);
  });

  it('invoices an estimate whole; refuses what is not the customer\'s or does not exist', async () => {
    const estimate = await create('estimates', [
      { itemId, quantity: 4, rate: '25.00' },
      { itemId, quantity: 1, rate: '7.50' },
    ]);
    const made = await invoice({ linkToTransactionIds: [estimate.id] });
    expect(made.lines.map((l) => l.amount)).toEqual(['100.00', '7.50']);
    expect(made.subtotal).toBe('107.50');
    const quoted = await get<SaleView & { linkedTransactions: Linked[] }>(`/ledger-desktop/estimates/${estimate.id}`);
    expect(quoted.linkedTransactions.map((l) => l.id)).toEqual([made.id]);
    expectDesktopError(await api.delete(`/ledger-desktop/estimates/${estimate.id}`), '3175');

    const others = await fetchAll<CustomerView>(api, '/ledger-desktop/customers');
    const other = others.find((c) => c.sublevel === 0 && c.isActive && c.id !== customer.id) as CustomerView;
    expectDesktopError(await api.post('/ledger-desktop/invoices', { customerId: other.id, transactionDate: '2025-07-05', linkToTransactionIds: [estimate.id] }), '3120');
    expectDesktopError(await sendInvoice({ lines: [{ linkToTransactionLine: { transactionId: estimate.id, transactionLineId: 'NOPE-1' } }] }), '3120');
  });

});

describe('line groups', () => {
  interface GroupView {
    id: string;
    itemGroup: Ref;
    quantity: number | null;
    totalAmount: string;
    lines: InvoiceLineView[];
  }
  type Grouped = InvoiceView & { lineGroups: GroupView[] };

  it("expand an item group into its items' lines at the group's quantity; the group counts in the total and the books; an update regroups, replaces its lines, and a void zeroes them", async () => {
    const groups = await fetchAll<{ id: string; lines: { item: Ref; quantity: number | null }[] }>(api, '/ledger-desktop/item-groups');
    const group = groups.find((g) => g.lines.length > 1);
    if (!group) throw new Error('the demo file has an item group of several items');
    const before = await customerBalance();
    const invoice = bodyOf<Grouped>(await api.post('/ledger-desktop/invoices', { customerId: customer.id, transactionDate: '2026-04-20', lines: [{ itemId, quantity: 1, rate: '10.00' }], lineGroups: [{ itemGroupId: group.id, quantity: 2 }] }));
    const [made] = invoice.lineGroups as [GroupView];
    expect(made.itemGroup.id).toBe(group.id);
    expect(made.lines.map((l) => [l.item?.id, l.quantity])).toEqual(group.lines.map((l) => [l.item.id, 2 * (l.quantity ?? 1)]));
    const groupCents = made.lines.reduce((s, l) => s + cents(l.amount), 0);
    expect(cents(made.totalAmount)).toBe(groupCents);
    expect(cents(invoice.subtotal)).toBe(1000 + groupCents);
    expect(await customerBalance()).toBe(before + cents(invoice.subtotal) + cents(invoice.salesTaxTotal));

    // Another quantity regroups; lines sent replace the group's lines by id.
    const regrouped = bodyOf<Grouped>(await api.post(`/ledger-desktop/invoices/${invoice.id}`, { revisionNumber: invoice.revisionNumber, lineGroups: [{ id: made.id, quantity: 1 }] }));
    expect(regrouped.lineGroups[0]?.lines.map((l) => l.quantity)).toEqual(group.lines.map((l) => l.quantity ?? 1));
    const first = regrouped.lineGroups[0]?.lines[0] as InvoiceLineView;
    const trimmed = bodyOf<Grouped>(await api.post(`/ledger-desktop/invoices/${invoice.id}`, { revisionNumber: regrouped.revisionNumber, lineGroups: [{ id: made.id, lines: [{ id: first.id, amount: '5.00' }] }] }));
    expect(trimmed.lineGroups[0]).toMatchObject({ totalAmount: '5.00', lines: [expect.objectContaining({ id: first.id, amount: '5.00' })] });
    expect(trimmed.subtotal).toBe('15.00');
    expect(await customerBalance()).toBe(before + 1500 + cents(trimmed.salesTaxTotal));

    await api.post(`/ledger-desktop/invoices/${invoice.id}/void`, {});
    const voided = bodyOf<Grouped>(await api.get(`/ledger-desktop/invoices/${invoice.id}`));
    expect(voided.lineGroups[0]).toMatchObject({ totalAmount: '0.00', lines: [expect.objectContaining({ amount: '0.00' })] });
    expect(await customerBalance()).toBe(before);
  });
});
