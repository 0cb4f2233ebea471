import { describe, expect, it } from 'vitest';
import { bodyOf, expectDesktopError, expectInvalidRequest, fetchAll, withSaleSandbox, type LinkedTransactionView } from './support/ledgerViews.ts';
import type { TestSandbox } from './support/testClient.ts';

/** Purchase orders, and the item receipts and bills that receive their lines. */
interface OrderLine {
  id: string;
  quantity: number | null;
  rate: string | null;
  amount: string | null;
  receivedQuantity: number | null;
  unbilledQuantity: number | null;
  isBilled: boolean | null;
}
interface OrderView {
  id: string;
  revisionNumber: string;
  totalAmount: string;
  isFullyReceived: boolean | null;
  linkedTransactions: LinkedTransactionView[];
  lines: OrderLine[];
}
interface PurchaseView {
  id: string;
  linkedTransactions: LinkedTransactionView[];
  itemLines: { item: { id: string } | null; quantity: number | null; cost: string | null; amount: string | null }[];
}

let api: TestSandbox;
withSaleSandbox((s) => ({ api } = s));

const ORDERS = '/ledger-desktop/purchase-orders';
const orderNow = async (id: string): Promise<OrderView> => bodyOf<OrderView>(await api.get(`${ORDERS}/${id}`));
const counts = (order: OrderView): unknown[] => order.lines.map((l) => [l.receivedQuantity, l.unbilledQuantity, l.isBilled]);

async function newOrder(vendorName: string): Promise<{ vendor: string; order: OrderView; itemId: string }> {
  const vendor = bodyOf<{ id: string }>(await api.post('/ledger-desktop/vendors', { name: vendorName })).id;
  const items = bodyOf<{ data: { id: string }[] }>(await api.get('/ledger-desktop/inventory-items')).data;
  const order = bodyOf<OrderView>(
    await api.post(ORDERS, {
      vendorId: vendor,
      transactionDate: '2026-02-01',
      lines: [
        { itemId: items[0]?.id, quantity: 10, rate: '5.00' },
        { itemId: items[1]?.id, quantity: 4, rate: '2.50' },
      ],
    }),
  );
  return { vendor, order, itemId: String(items[0]?.id) };
}

describe('purchase orders', () => {
  it('post nothing, and count what item receipts and bills receive and bill of each line', async () => {
    const { vendor, order, itemId } = await newOrder('Ordered Goods Wholesale');
    expect(order).toMatchObject({ totalAmount: '60.00', isFullyReceived: false });
    // accountIds reaches the accounts its lines' items post to.
    const stock = bodyOf<{ assetAccount: { id: string } }>(await api.get(`/ledger-desktop/inventory-items/${itemId}`)).assetAccount.id;
    const income = bodyOf<{ data: { id: string }[] }>(await api.get('/ledger-desktop/accounts', { query: { accountType: 'income' } })).data[0]?.id;
    const listed = async (accountId: string | undefined): Promise<string[]> => bodyOf<{ data: { id: string }[] }>(await api.get(ORDERS, { query: { accountIds: String(accountId) } })).data.map((o) => o.id);
    expect(await listed(stock)).toContain(order.id);
    expect(await listed(income)).not.toContain(order.id);
    expect(order.lines.map((l) => [l.quantity, l.rate, l.amount])).toEqual([
      [10, '5.00', '50.00'],
      [4, '2.50', '10.00'],
    ]);
    expect(counts(order)).toEqual([
      [0, 0, false],
      [0, 0, false],
    ]);
    const [first, second] = order.lines as [OrderLine, OrderLine];

    // Six of the first line arrive on an item receipt, at the order's rate.
    const receipt = bodyOf<PurchaseView>(
      await api.post('/ledger-desktop/item-receipts', { vendorId: vendor, transactionDate: '2026-02-10', itemLines: [{ linkToTransactionLine: { transactionId: order.id, transactionLineId: first.id }, quantity: 6 }] }),
    );
    expect(receipt.itemLines.map((l) => [l.quantity, l.cost, l.amount])).toEqual([[6, '5.00', '30.00']]);
    expect(receipt.linkedTransactions).toEqual([expect.objectContaining({ id: order.id, transactionType: 'purchase_order', linkType: 'quantity' })]);
    expect(counts(await orderNow(order.id))).toEqual([
      [6, 6, false],
      [0, 0, false],
    ]);

    // A bill of the whole order takes what is still open: 4 of the first line and all of the second.
    const bill = bodyOf<PurchaseView & { amountDue: string }>(await api.post('/ledger-desktop/bills', { vendorId: vendor, transactionDate: '2026-02-12', linkToTransactionIds: [order.id] }));
    expect(bill.itemLines.map((l) => [l.quantity, l.amount])).toEqual([
      [4, '20.00'],
      [4, '10.00'],
    ]);
    expect(bill.amountDue).toBe('30.00');
    const received = await orderNow(order.id);
    expect(received.isFullyReceived).toBe(true);
    expect(counts(received)).toEqual([
      [10, 6, false],
      [4, 0, true],
    ]);
    expect(received.linkedTransactions.map((l) => l.transactionType).sort()).toEqual(['bill', 'item_receipt']);

    // What was received is held: the order cannot be deleted nor lose those lines (3175).
    expectDesktopError(await api.delete(`${ORDERS}/${order.id}`), '3175');
    expectDesktopError(await api.post(`${ORDERS}/${order.id}`, { revisionNumber: received.revisionNumber, lines: [{ id: first.id }] }), '3175');
    expect(bodyOf<OrderView>(await api.post(`${ORDERS}/${order.id}`, { revisionNumber: received.revisionNumber, memo: 'Received in two deliveries' })).lines).toHaveLength(2);

    // Deleting the bill gives the order its open quantities back.
    expect(bodyOf(await api.delete(`/ledger-desktop/bills/${bill.id}`))).toMatchObject({ deleted: true });
    const back = await orderNow(order.id);
    expect(back.isFullyReceived).toBe(false);
    expect(counts(back)).toEqual([
      [6, 6, false],
      [0, 0, false],
    ]);
    expect(second.id).toBe(back.lines[1]?.id);
  });

  it("count the lines of their item groups too: a bill of the whole order takes them, a sales order's invoice the same", async () => {
    const vendor = bodyOf<{ id: string }>(await api.post('/ledger-desktop/vendors', { name: 'Grouped Goods Supply' })).id;
    const groups = await fetchAll<{ id: string; lines: { item: { id: string }; quantity: number | null }[] }>(api, '/ledger-desktop/item-groups');
    const group = groups.find((g) => g.lines.length > 1);
    if (!group) throw new Error('the demo file has an item group of several items');
    type Grouped = OrderView & { lineGroups: { lines: OrderLine[] }[] };
    const order = bodyOf<Grouped>(await api.post(ORDERS, { vendorId: vendor, transactionDate: '2026-02-01', lineGroups: [{ itemGroupId: group.id, quantity: 2 }] }));
    const groupLines = order.lineGroups[0]?.lines ?? [];
    expect(groupLines.map((l) => l.receivedQuantity)).toEqual(group.lines.map(() => 0));
    const bill = bodyOf<PurchaseView>(await api.post('/ledger-desktop/bills', { vendorId: vendor, transactionDate: '2026-02-12', linkToTransactionIds: [order.id] }));
    expect(bill.itemLines.map((l) => [l.item?.id, l.quantity])).toEqual(group.lines.map((l) => [l.item.id, 2 * (l.quantity ?? 1)]));
    const received = bodyOf<Grouped>(await api.get(`${ORDERS}/${order.id}`));
    expect(received.isFullyReceived).toBe(true);
    expect(received.lineGroups[0]?.lines.map((l) => [l.receivedQuantity, l.isBilled])).toEqual(group.lines.map((l) => [2 * (l.quantity ?? 1), true]));
    // A line the bill took is held: the order cannot replace the group by a new one (3175).
    expectDesktopError(await api.post(`${ORDERS}/${order.id}`, { revisionNumber: received.revisionNumber, lineGroups: [{ id: '-1', itemGroupId: group.id, quantity: 1 }] }), '3175');

    const customer = bodyOf<{ id: string }>(await api.post('/ledger-desktop/customers', { name: 'Grouped Goods Buyer' })).id;
    type SalesGrouped = { id: string; isFullyInvoiced: boolean | null; lineGroups: { lines: { quantityInvoiced: number | null }[] }[] };
    const salesOrder = bodyOf<SalesGrouped>(await api.post('/ledger-desktop/sales-orders', { customerId: customer, transactionDate: '2026-02-01', lineGroups: [{ itemGroupId: group.id, quantity: 1 }] }));
    const invoice = bodyOf<{ lines: { item: { id: string } | null; quantity: number | null }[] }>(await api.post('/ledger-desktop/invoices', { customerId: customer, transactionDate: '2026-02-03', linkToTransactionIds: [salesOrder.id] }));
    expect(invoice.lines.map((l) => [l.item?.id, l.quantity])).toEqual(group.lines.map((l) => [l.item.id, l.quantity ?? 1]));
    const invoiced = bodyOf<SalesGrouped>(await api.get(`/ledger-desktop/sales-orders/${salesOrder.id}`));
    expect(invoiced.isFullyInvoiced).toBe(true);
    expect(invoiced.lineGroups[0]?.lines.map((l) => l.quantityInvoiced)).toEqual(group.lines.map((l) => l.quantity ?? 1));
  });

  it("refuses another vendor's order, and a line linked by an update, writing nothing", async () => {
    const { order } = await newOrder('Ordered Elsewhere Supply');
    const { vendor: other } = await newOrder('Other Ordering Supply');
    expectDesktopError(await api.post('/ledger-desktop/bills', { vendorId: other, transactionDate: '2026-02-12', linkToTransactionIds: [order.id] }), '3120');
    const expense = bodyOf<{ data: { id: string }[] }>(await api.get('/ledger-desktop/accounts', { query: { accountType: 'expense' } })).data[0]?.id;
    const receipt = bodyOf<PurchaseView & { revisionNumber: string }>(
      await api.post('/ledger-desktop/item-receipts', { vendorId: other, transactionDate: '2026-02-12', expenseLines: [{ accountId: expense, amount: '1.00' }] }),
    );
    // An update cannot link a line: the Service's update body has no such field.
    expectInvalidRequest(
      await api.post(`/ledger-desktop/item-receipts/${receipt.id}`, { revisionNumber: receipt.revisionNumber, itemLines: [{ id: '-1', linkToTransactionLine: { transactionId: order.id, transactionLineId: order.lines[0]?.id }, quantity: 1 }] }),
      'itemLines[0].linkToTransactionLine',
    );
    expect(counts(await orderNow(order.id))).toEqual([
      [0, 0, false],
      [0, 0, false],
    ]);
  });
});

describe('bills for received items', () => {
  it('take over an item receipt: its lines and its debt move to the bill, the order counts them billed; deleting the bill gives the receipt back', async () => {
    const { vendor, order } = await newOrder('Received Then Billed Supply');
    const [first] = order.lines as [OrderLine];
    const vendorBalance = async (): Promise<string> => bodyOf<{ balance: string }>(await api.get(`/ledger-desktop/vendors/${vendor}`)).balance;
    const receipt = bodyOf<PurchaseView & { totalAmount: string }>(
      await api.post('/ledger-desktop/item-receipts', { vendorId: vendor, transactionDate: '2026-02-10', itemLines: [{ linkToTransactionLine: { transactionId: order.id, transactionLineId: first.id }, quantity: 6 }] }),
    );
    expect(await vendorBalance()).toBe('30.00');
    expect(counts(await orderNow(order.id))[0]).toEqual([6, 6, false]);

    const bill = bodyOf<PurchaseView & { id: string; amountDue: string; openAmount: string }>(await api.post('/ledger-desktop/bills', { vendorId: vendor, transactionDate: '2026-02-12', linkToTransactionIds: [receipt.id] }));
    expect(bill.itemLines.map((l) => [l.item?.id, l.quantity, l.cost, l.amount])).toEqual(receipt.itemLines.map((l) => [l.item?.id, l.quantity, l.cost, l.amount]));
    expect(bill).toMatchObject({ amountDue: '30.00', openAmount: '30.00' });
    expect(bill.linkedTransactions).toEqual([expect.objectContaining({ id: receipt.id, transactionType: 'item_receipt' })]);
    // The vendor is owed the same 30.00: on the bill now, no longer on the receipt.
    expect(await vendorBalance()).toBe('30.00');
    const billedReceipt = bodyOf<PurchaseView>(await api.get(`/ledger-desktop/item-receipts/${receipt.id}`));
    expect(billedReceipt.linkedTransactions.map((l) => [l.id, l.transactionType])).toEqual([
      [order.id, 'purchase_order'],
      [bill.id, 'bill'],
    ]);
    expect(counts(await orderNow(order.id))[0]).toEqual([6, 0, false]);
    expectDesktopError(await api.delete(`/ledger-desktop/item-receipts/${receipt.id}`), '3175');
    expectDesktopError(await api.post('/ledger-desktop/bills', { vendorId: vendor, transactionDate: '2026-02-13', linkToTransactionIds: [receipt.id] }), '3175');

    expect(bodyOf(await api.delete(`/ledger-desktop/bills/${bill.id}`))).toMatchObject({ deleted: true });
    expect(await vendorBalance()).toBe('30.00');
    expect(bodyOf<PurchaseView>(await api.get(`/ledger-desktop/item-receipts/${receipt.id}`)).linkedTransactions.map((l) => l.id)).toEqual([order.id]);
    expect(counts(await orderNow(order.id))[0]).toEqual([6, 6, false]);
  });
});

describe('quantities on order', () => {
  it('an item shows what open purchase orders keep of it, less what was received, and its first site the same', async () => {
    const items = bodyOf<{ data: { id: string }[] }>(await api.get('/ledger-desktop/inventory-items')).data;
    const onOrder = async (): Promise<number> => Number(bodyOf<{ quantityOnPurchaseOrder: number }>(await api.get(`/ledger-desktop/inventory-items/${String(items[0]?.id)}`)).quantityOnPurchaseOrder);
    const before = await onOrder();
    const { vendor, order } = await newOrder('On Order Supply');
    expect(await onOrder()).toBe(before + 10);
    const [first] = order.lines as [OrderLine];
    await api.post('/ledger-desktop/item-receipts', { vendorId: vendor, transactionDate: '2026-02-10', itemLines: [{ linkToTransactionLine: { transactionId: order.id, transactionLineId: first.id }, quantity: 6 }] });
    expect(await onOrder()).toBe(before + 4);
    const sites = bodyOf<{ data: { quantityOnPurchaseOrders: number | null }[] }>(await api.get('/ledger-desktop/item-sites', { query: { itemIds: String(items[0]?.id) } })).data;
    expect(sites[0]?.quantityOnPurchaseOrders).toBe(before + 4);
  });
});
