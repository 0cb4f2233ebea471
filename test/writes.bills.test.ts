import { describe, expect, it } from 'vitest';
import { bodyOf, cents, withSaleSandbox, type Ref, balanceIn } from './support/ledgerViews.ts';
import type { TestSandbox } from './support/testClient.ts';

/** Bills: what the company owes vendors, posted to payables, to expense accounts and to stock. */
interface BillView {
  id: string;
  revisionNumber: string;
  amountDue: string | null;
  openAmount: string | null;
  isPaid: boolean | null;
  memo: string | null;
  payablesAccount: Ref | null;
  expenseLines: { id: string; account: Ref | null; amount: string | null }[];
  itemLines: { id: string; item: Ref | null; quantity: number | null; cost: string | null; amount: string | null }[];
}
interface Named {
  id: string;
  balance?: string | null;
  accountType?: string;
  specialAccountType?: string | null;
  purchaseCost?: string | null;
  assetAccount?: Ref | null;
}

let api: TestSandbox;
withSaleSandbox((s) => ({ api } = s));

const list = async (resource: string): Promise<Named[]> => bodyOf<{ data: Named[] }>(await api.get(`/ledger-desktop/${resource}`)).data;
const balanceOf = async (resource: string, id: string): Promise<number> => balanceIn(api, resource, id);

describe('bills', () => {
  it('owe the vendor their lines: expense lines to their accounts, item lines at quantity x cost to stock; a void and a delete take it back', async () => {
    const vendor = (await list('vendors'))[0] as Named;
    const accounts = await list('accounts');
    const expense = accounts.find((a) => a.accountType === 'expense') as Named;
    const item = (await list('inventory-items')).find((i) => i.purchaseCost && i.assetAccount?.id) as Named;
    const stock = String(item.assetAccount?.id);
    const before = { vendor: await balanceOf('vendors', vendor.id), expense: await balanceOf('accounts', expense.id), stock: await balanceOf('accounts', stock) };

    const bill = bodyOf<BillView>(
      await api.post('/ledger-desktop/bills', { vendorId: vendor.id, transactionDate: '2025-06-01', refNumber: 'V-100', expenseLines: [{ accountId: expense.id, amount: '120.00' }], itemLines: [{ itemId: item.id, quantity: 3 }] }),
    );
    const stocked = 3 * cents(item.purchaseCost);
    expect(bill.itemLines[0]).toMatchObject({ quantity: 3, cost: item.purchaseCost, amount: (stocked / 100).toFixed(2) });
    expect(cents(bill.amountDue)).toBe(12_000 + stocked);
    expect(bill).toMatchObject({ openAmount: bill.amountDue, isPaid: false, payablesAccount: { fullName: 'Accounts Payable' } });
    const payables = String(bill.payablesAccount?.id);
    expect(await balanceOf('vendors', vendor.id)).toBe(before.vendor + cents(bill.amountDue));
    expect(await balanceOf('accounts', expense.id)).toBe(before.expense + 12_000);
    expect(await balanceOf('accounts', stock)).toBe(before.stock + stocked);
    const owed = await balanceOf('accounts', payables);

    // Lines replaced by id, and item lines cleared.
    const changed = bodyOf<BillView>(await api.post(`/ledger-desktop/bills/${bill.id}`, { revisionNumber: bill.revisionNumber, expenseLines: [{ id: bill.expenseLines[0]?.id, amount: '80.00' }], clearItemLines: true }));
    expect(changed.amountDue).toBe('80.00');
    expect(changed.itemLines).toEqual([]);
    expect(await balanceOf('vendors', vendor.id)).toBe(before.vendor + 8000);
    expect(await balanceOf('accounts', payables)).toBe(owed - cents(bill.amountDue) + 8000);

    const voided = bodyOf<Record<string, unknown>>(await api.post(`/ledger-desktop/bills/${bill.id}/void`, {}));
    expect(voided).toMatchObject({ id: bill.id, refNumber: 'V-100', voided: true });
    expect(bodyOf<BillView>(await api.get(`/ledger-desktop/bills/${bill.id}`))).toMatchObject({ amountDue: '0.00', openAmount: '0.00' });
    expect(await balanceOf('vendors', vendor.id)).toBe(before.vendor);
    expect(await balanceOf('accounts', expense.id)).toBe(before.expense);
    expect(await balanceOf('accounts', stock)).toBe(before.stock);

    const again = bodyOf<BillView>(await api.post('/ledger-desktop/bills', { vendorId: vendor.id, transactionDate: '2025-06-02', expenseLines: [{ accountId: expense.id, amount: '10.00' }] }));
    expect(await balanceOf('vendors', vendor.id)).toBe(before.vendor + 1000);
    expect(bodyOf(await api.delete(`/ledger-desktop/bills/${again.id}`))).toMatchObject({ id: again.id, deleted: true });
    expect(await balanceOf('vendors', vendor.id)).toBe(before.vendor);
  });
});

describe('vendor credits and item receipts', () => {
  it('a vendor credit lowers what the company owes the vendor, an item receipt raises it and the stock', async () => {
    const vendor = (await list('vendors'))[1] as Named;
    const expense = (await list('accounts')).find((a) => a.accountType === 'expense') as Named;
    const item = (await list('inventory-items')).find((i) => i.purchaseCost && i.assetAccount?.id) as Named;
    const stock = String(item.assetAccount?.id);
    const before = { vendor: await balanceOf('vendors', vendor.id), expense: await balanceOf('accounts', expense.id), stock: await balanceOf('accounts', stock) };

    const credit = bodyOf<{ id: string; creditAmount: string; openAmount: string }>(
      await api.post('/ledger-desktop/vendor-credits', { vendorId: vendor.id, transactionDate: '2025-06-03', expenseLines: [{ accountId: expense.id, amount: '25.00' }] }),
    );
    expect(credit).toMatchObject({ creditAmount: '25.00', openAmount: '25.00' });
    expect(await balanceOf('vendors', vendor.id)).toBe(before.vendor - 2500);
    expect(await balanceOf('accounts', expense.id)).toBe(before.expense - 2500);

    const receipt = bodyOf<{ id: string; totalAmount: string }>(await api.post('/ledger-desktop/item-receipts', { vendorId: vendor.id, transactionDate: '2025-06-04', itemLines: [{ itemId: item.id, quantity: 10 }] }));
    expect(cents(receipt.totalAmount)).toBe(10 * cents(item.purchaseCost));
    expect(await balanceOf('vendors', vendor.id)).toBe(before.vendor - 2500 + cents(receipt.totalAmount));
    expect(await balanceOf('accounts', stock)).toBe(before.stock + cents(receipt.totalAmount));

    bodyOf(await api.post(`/ledger-desktop/vendor-credits/${credit.id}/void`, {}));
    bodyOf(await api.delete(`/ledger-desktop/item-receipts/${receipt.id}`));
    expect(await balanceOf('vendors', vendor.id)).toBe(before.vendor);
    expect(await balanceOf('accounts', stock)).toBe(before.stock);
    expect(await balanceOf('accounts', expense.id)).toBe(before.expense);
  });
});

describe('item group lines of a purchase', () => {
  it("expand an item group into item lines at the group's quantity, owed to the vendor with the rest; a void zeroes them", async () => {
    const groups = bodyOf<{ data: { id: string; lines: { item: Ref; quantity: number | null }[] }[] }>(await api.get('/ledger-desktop/item-groups')).data;
    const group = groups.find((g) => g.lines.length > 1);
    if (!group) throw new Error('the demo file has an item group of several items');
    const vendor = (await list('vendors'))[0] as Named;
    const before = await balanceOf('vendors', vendor.id);
    const bill = bodyOf<BillView & { itemGroupLines: { id: string; itemGroup: Ref; totalAmount: string; itemLines: BillView['itemLines'] }[] }>(
      await api.post('/ledger-desktop/bills', { vendorId: vendor.id, transactionDate: '2026-04-21', itemGroupLines: [{ itemGroupId: group.id, quantity: 3 }] }),
    );
    const [made] = bill.itemGroupLines;
    expect(made?.itemLines.map((l) => [l.item?.id, l.quantity])).toEqual(group.lines.map((l) => [l.item.id, 3 * (l.quantity ?? 1)]));
    const groupCents = (made?.itemLines ?? []).reduce((s, l) => s + cents(l.amount), 0);
    expect(cents(made?.totalAmount)).toBe(groupCents);
    expect(cents(bill.amountDue)).toBe(groupCents);
    expect(await balanceOf('vendors', vendor.id)).toBe(before + groupCents);

    await api.post(`/ledger-desktop/bills/${bill.id}/void`, {});
    const voided = bodyOf<typeof bill>(await api.get(`/ledger-desktop/bills/${bill.id}`));
    expect(voided.itemGroupLines[0]?.totalAmount).toBe('0.00');
    expect(voided.itemGroupLines[0]?.itemLines.every((l) => l.amount === '0.00')).toBe(true);
    expect(await balanceOf('vendors', vendor.id)).toBe(before);
  });
});
