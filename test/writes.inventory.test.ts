import { describe, expect, it } from 'vitest';
import { bodyOf, expectDesktopError, expectInvalidRequest, fetchAll, withSaleSandbox, type CustomerView, type Ref, accountOfType, balanceIn, type Named } from './support/ledgerViews.ts';
import type { TestSandbox } from './support/testClient.ts';

/** Stock: inventory adjustments, sales and purchases of stocked items, and assemblies built from their components. */
interface StockedItem {
  id: string;
  fullName: string;
  quantityOnHand: number;
  averageCost: string | null;
  assetAccount: Ref;
  cogsAccount: Ref;
  lines?: { inventoryItem: Ref; quantity: number }[];
}
interface AdjustmentView {
  id: string;
  revisionNumber: string;
  lines: { id: string; item: Ref; quantityDifference: number; valueDifference: number; serialNumber: string | null; serialNumberAction: string | null }[];
}
interface BuildView {
  id: string;
  revisionNumber: string;
  isPending: boolean;
  quantityToBuild: number;
  quantityCanBuild: number;
  quantityOnHand: number;
  lines: { item: Ref; quantityOnHand: number; quantityNeeded: number }[];
}
let api: TestSandbox;
let customer: CustomerView;
withSaleSandbox((s) => ({ api, customer } = s));

const ADJUSTMENTS = '/ledger-desktop/inventory-adjustments';
const BUILDS = '/ledger-desktop/build-assemblies';
const itemOf = async (id: string | null, type = 'inventory-items'): Promise<StockedItem> => bodyOf<StockedItem>(await api.get(`/ledger-desktop/${type}/${String(id)}`));
const accountOf = async (type: string): Promise<Named> => accountOfType(api, type);
/** The cost of `quantity` at an average cost kept to five decimals, in cents, as the books round it. */
const costCents = (quantity: number, averageCost: string | null): number => Math.round(quantity * Number(averageCost) * 100);
const balanceOf = async (id: string | null): Promise<number> => balanceIn(api, 'accounts', String(id));
/** What an item's sites hold together: the sites must agree with the item. */
const atSites = async (id: string): Promise<number> => (await fetchAll<{ quantityOnHand: number }>(api, '/ledger-desktop/item-sites', { itemIds: id })).reduce((s, site) => s + site.quantityOnHand, 0);

async function stockedItem(): Promise<StockedItem> {
  const items = await fetchAll<StockedItem>(api, '/ledger-desktop/inventory-items');
  return items.find((i) => i.quantityOnHand > 20 && i.averageCost !== null) ?? (items[0] as StockedItem);
}

describe('inventory adjustments', () => {
  it('move quantity on hand and the stock value at average cost against the adjustment account; lines change by id; a void and a delete take it back', async () => {
    const item = await stockedItem();
    const adjustment = (await accountOf('cost_of_goods_sold')).id;
    const before = { quantity: item.quantityOnHand, asset: await balanceOf(item.assetAccount.id), adjustment: await balanceOf(adjustment) };

    const made = bodyOf<AdjustmentView>(
      await api.post(ADJUSTMENTS, {
        accountId: adjustment,
        transactionDate: '2026-04-02',
        memo: 'Stock count',
        lines: [{ itemId: item.id, adjustQuantity: { newQuantity: item.quantityOnHand + 5 } }],
      }),
    );
    expect(made.lines.map((l) => [l.item.id, l.quantityDifference, l.valueDifference])).toEqual([[item.id, 5, costCents(5, item.averageCost) / 100]]);
    expect((await itemOf(item.id)).quantityOnHand).toBe(before.quantity + 5);
    expect(await atSites(item.id)).toBe(before.quantity + 5);
    expect(await balanceOf(item.assetAccount.id)).toBe(before.asset + costCents(5, item.averageCost));
    expect(await balanceOf(adjustment)).toBe(before.adjustment - costCents(5, item.averageCost));
    const byItem = await fetchAll<{ id: string }>(api, ADJUSTMENTS, { itemIds: item.id });
    expect(byItem.map((a) => a.id)).toContain(made.id);

    // An update sends the line's differences as they should be now.
    const changed = bodyOf<AdjustmentView>(
      await api.post(`${ADJUSTMENTS}/${made.id}`, { revisionNumber: made.revisionNumber, lines: [{ id: made.lines[0]?.id ?? '', quantityDifference: -2 }] }),
    );
    expect(changed.lines.map((l) => [l.quantityDifference, l.valueDifference])).toEqual([[-2, -costCents(2, item.averageCost) / 100]]);
    expect((await itemOf(item.id)).quantityOnHand).toBe(before.quantity - 2);
    expect(await balanceOf(item.assetAccount.id)).toBe(before.asset - costCents(2, item.averageCost));

    expect(bodyOf(await api.post(`${ADJUSTMENTS}/${made.id}/void`, {}))).toMatchObject({ id: made.id, voided: true });
    expect((await itemOf(item.id)).quantityOnHand).toBe(before.quantity);
    expect(await balanceOf(item.assetAccount.id)).toBe(before.asset);
    expect(bodyOf(await api.delete(`${ADJUSTMENTS}/${made.id}`))).toMatchObject({ id: made.id, deleted: true });
    expect(await atSites(item.id)).toBe(before.quantity);
  });

  it('changes the value alone, or adds a serial number; refuses a non-stock item and a line with two adjustments, writing nothing', async () => {
    const item = await stockedItem();
    const adjustment = (await accountOf('cost_of_goods_sold')).id;
    const asset = await balanceOf(item.assetAccount.id);
    const revalued = bodyOf<AdjustmentView>(await api.post(ADJUSTMENTS, { accountId: adjustment, transactionDate: '2026-04-03', lines: [{ itemId: item.id, adjustValue: { valueDifference: 12.5 } }] }));
    expect(revalued.lines.map((l) => [l.quantityDifference, l.valueDifference])).toEqual([[0, 12.5]]);
    expect((await itemOf(item.id)).quantityOnHand).toBe(item.quantityOnHand);
    expect(await balanceOf(item.assetAccount.id)).toBe(asset + 1250);
    const serial = bodyOf<AdjustmentView>(await api.post(ADJUSTMENTS, { accountId: adjustment, transactionDate: '2026-04-03', lines: [{ itemId: item.id, adjustSerialNumber: { addSerialNumber: 'SN-1001' } }] }));
    expect(serial.lines.map((l) => [l.quantityDifference, l.serialNumber, l.serialNumberAction])).toEqual([[1, 'SN-1001', 'added']]);

    const count = (await fetchAll(api, ADJUSTMENTS)).length;
    const service = (await fetchAll<{ id: string }>(api, '/ledger-desktop/service-items'))[0]?.id ?? '';
    expectDesktopError(await api.post(ADJUSTMENTS, { accountId: adjustment, transactionDate: '2026-04-03', lines: [{ itemId: service, adjustQuantity: { quantityDifference: 1 } }] }), '3140');
    expectInvalidRequest(await api.post(ADJUSTMENTS, { accountId: adjustment, transactionDate: '2026-04-03', lines: [{ itemId: item.id, adjustQuantity: { quantityDifference: 1 }, adjustValue: { valueDifference: 1 } }] }), 'lines[0]');
    expect((await fetchAll(api, ADJUSTMENTS)).length).toBe(count);
  });
});

describe('stock moved by sales and purchases', () => {
  it('an invoice takes stock out at average cost into cost of goods sold; a bill brings it in', async () => {
    const item = await stockedItem();
    const cost = costCents(3, item.averageCost);
    const before = { cogs: await balanceOf(item.cogsAccount.id), asset: await balanceOf(item.assetAccount.id) };
    const invoice = bodyOf<{ id: string }>(await api.post('/ledger-desktop/invoices', { customerId: customer.id, transactionDate: '2026-04-04', lines: [{ itemId: item.id, quantity: 3 }] }));
    expect((await itemOf(item.id)).quantityOnHand).toBe(item.quantityOnHand - 3);
    expect(await balanceOf(item.cogsAccount.id)).toBe(before.cogs + cost);
    expect(await balanceOf(item.assetAccount.id)).toBe(before.asset - cost);
    const vendor = (await fetchAll<{ id: string }>(api, '/ledger-desktop/vendors'))[0]?.id ?? '';
    const bill = bodyOf<{ id: string }>(await api.post('/ledger-desktop/bills', { vendorId: vendor, transactionDate: '2026-04-05', itemLines: [{ itemId: item.id, quantity: 10, cost: '7.00' }] }));
    const after = await itemOf(item.id);
    expect(after.quantityOnHand).toBe(item.quantityOnHand + 7);
    expect(await atSites(item.id)).toBe(item.quantityOnHand + 7);
    expect(await balanceOf(item.assetAccount.id)).toBe(before.asset - cost + 7000);
    await api.delete(`/ledger-desktop/bills/${bill.id}`);
    await api.delete(`/ledger-desktop/invoices/${invoice.id}`);
    expect((await itemOf(item.id)).quantityOnHand).toBe(item.quantityOnHand);
  });
});

describe('build assemblies', () => {
  it('take the components out of stock and bring the assembly in at their cost; too few components are refused or kept pending', async () => {
    const assemblies = await fetchAll<StockedItem>(api, '/ledger-desktop/inventory-assembly-items');
    const assembly = assemblies.find((a) => (a.lines ?? []).length > 0) as StockedItem;
    // The components are counted first, so the test knows how many it can build.
    const adjustment = (await accountOf('cost_of_goods_sold')).id;
    const counted = (assembly.lines ?? []).map((l) => ({ itemId: l.inventoryItem.id, adjustQuantity: { newQuantity: 10 * l.quantity } }));
    await api.post(ADJUSTMENTS, { accountId: adjustment, transactionDate: '2026-04-06', lines: counted });
    const components = await Promise.all((assembly.lines ?? []).map(async (l) => ({ per: l.quantity, item: await itemOf(l.inventoryItem.id) })));
    const canBuild = Math.min(...components.map((c) => Math.floor(c.item.quantityOnHand / c.per)));
    expect(canBuild).toBe(10);
    const asset = await balanceOf(assembly.assetAccount.id);

    const build = bodyOf<BuildView>(await api.post(BUILDS, { inventoryAssemblyItemId: assembly.id, transactionDate: '2026-04-06', quantityToBuild: 1 }));
    expect(build).toMatchObject({ isPending: false, quantityToBuild: 1, quantityCanBuild: canBuild, quantityOnHand: assembly.quantityOnHand });
    expect(build.lines.map((l) => [l.item.id, l.quantityOnHand, l.quantityNeeded])).toEqual(components.map((c) => [c.item.id, c.item.quantityOnHand, c.per]));
    expect((await itemOf(assembly.id, 'inventory-assembly-items')).quantityOnHand).toBe(assembly.quantityOnHand + 1);
    for (const c of components) expect((await itemOf(c.item.id)).quantityOnHand).toBe(c.item.quantityOnHand - c.per);
    // Components and assembly share the inventory asset account in the demo file: the build moves value within it.
    expect(await balanceOf(assembly.assetAccount.id)).toBe(asset);

    const changed = bodyOf<BuildView>(await api.post(`${BUILDS}/${build.id}`, { revisionNumber: build.revisionNumber, quantityToBuild: 2 }));
    expect(changed.lines.map((l) => l.quantityNeeded)).toEqual(components.map((c) => 2 * c.per));
    expect((await itemOf(assembly.id, 'inventory-assembly-items')).quantityOnHand).toBe(assembly.quantityOnHand + 2);

    const count = (await fetchAll(api, BUILDS)).length;
    // The demo's own builds of its last days wait, pending, where parts ran short.
    const pendingBefore = (await fetchAll<{ id: string }>(api, BUILDS, { pendingStatus: 'pending' })).map((b) => b.id);
    expectDesktopError(await api.post(BUILDS, { inventoryAssemblyItemId: assembly.id, transactionDate: '2026-04-06', quantityToBuild: canBuild + 100 }), '3180');
    expect((await fetchAll(api, BUILDS)).length).toBe(count);
    const pending = bodyOf<BuildView>(await api.post(BUILDS, { inventoryAssemblyItemId: assembly.id, transactionDate: '2026-04-06', quantityToBuild: canBuild + 100, markPendingIfRequired: true }));
    expect(pending.isPending).toBe(true);
    expect((await itemOf(assembly.id, 'inventory-assembly-items')).quantityOnHand).toBe(assembly.quantityOnHand + 2);
    expect((await fetchAll<{ id: string }>(api, BUILDS, { pendingStatus: 'pending' })).map((b) => b.id)).toEqual([...pendingBefore, pending.id]);
    expect((await fetchAll<{ id: string }>(api, BUILDS, { pendingStatus: 'not_pending' })).map((b) => b.id)).toContain(build.id);
    const withoutLines = await fetchAll<BuildView>(api, BUILDS, { includeComponentLineItems: false });
    expect(withoutLines.every((b) => b.lines.length === 0)).toBe(true);

    await api.delete(`${BUILDS}/${build.id}`);
    expect((await itemOf(assembly.id, 'inventory-assembly-items')).quantityOnHand).toBe(assembly.quantityOnHand);
    for (const c of components) expect((await itemOf(c.item.id)).quantityOnHand).toBe(c.item.quantityOnHand);
  });
});

describe('sales tax payment checks', () => {
  it('pay the tax collected: sales tax payable and the bank go down by the lines; a void takes it back', async () => {
    const payable = (await accountOf('other_current_liability')).id;
    const taxPayable = (await fetchAll<Named & { specialAccountType: string | null }>(api, '/ledger-desktop/accounts')).find((a) => a.specialAccountType === 'sales_tax_payable')?.id ?? payable;
    const bank = (await accountOf('bank')).id;
    const taxItem = (await fetchAll<{ id: string; taxVendor: Ref | null }>(api, '/ledger-desktop/sales-tax-items')).find((t) => t.taxVendor !== null);
    expect(taxItem).toBeDefined();
    const before = { tax: await balanceOf(taxPayable), bank: await balanceOf(bank) };
    const check = bodyOf<{ id: string; revisionNumber: string; amount: string; refNumber: string; lines: { salesTaxItem: Ref; amount: string; taxAmount: string }[] }>(
      await api.post('/ledger-desktop/sales-tax-payment-checks', {
        vendorId: taxItem?.taxVendor?.id,
        bankAccountId: bank,
        transactionDate: '2026-04-15',
        lines: [
          { salesTaxItemId: taxItem?.id, amount: '40.00' },
          { salesTaxItemId: taxItem?.id, amount: '2.50' },
        ],
      }),
    );
    expect(check.amount).toBe('42.50');
    expect(check.refNumber).toMatch(/^\d+$/);
    expect(check.lines.map((l) => [l.salesTaxItem.id, l.amount, l.taxAmount])).toEqual([
      [taxItem?.id, '40.00', '40.00'],
      [taxItem?.id, '2.50', '2.50'],
    ]);
    expect(await balanceOf(taxPayable)).toBe(before.tax - 4250);
    expect(await balanceOf(bank)).toBe(before.bank - 4250);
    const memo = bodyOf<{ memo: string }>(await api.post(`/ledger-desktop/sales-tax-payment-checks/${check.id}`, { revisionNumber: check.revisionNumber, memo: 'Q1 tax' }));
    expect(memo.memo).toBe('Q1 tax');
    expect((await fetchAll<{ id: string }>(api, '/ledger-desktop/sales-tax-payment-checks', { itemIds: taxItem?.id ?? '' })).map((c) => c.id)).toContain(check.id);
    await api.post(`/ledger-desktop/sales-tax-payment-checks/${check.id}/void`, {});
    expect(await balanceOf(bank)).toBe(before.bank);
    expect(await balanceOf(taxPayable)).toBe(before.tax);
  });
});

describe('time tracking activities', () => {
  it('keep time for a customer as billable unless told otherwise, post nothing, and refuse a duration that is not one', async () => {
    const employee = (await fetchAll<{ id: string }>(api, '/ledger-desktop/employees'))[0]?.id ?? '';
    const service = (await fetchAll<{ id: string }>(api, '/ledger-desktop/service-items'))[0]?.id ?? '';
    const made = bodyOf<{ id: string; revisionNumber: string; billingStatus: string; isBilled: boolean; duration: string; serviceItem: Ref }>(
      await api.post('/ledger-desktop/time-tracking-activities', { transactionDate: '2026-04-07', entityId: employee, customerId: customer.id, serviceItemId: service, duration: 'PT1H30M' }),
    );
    expect(made).toMatchObject({ billingStatus: 'billable', isBilled: false, duration: 'PT1H30M', serviceItem: { id: service } });
    const billed = bodyOf<{ billingStatus: string; isBilled: boolean }>(
      await api.post(`/ledger-desktop/time-tracking-activities/${made.id}`, { revisionNumber: made.revisionNumber, entityId: employee, duration: 'PT2H', billingStatus: 'has_been_billed' }),
    );
    expect(billed).toMatchObject({ billingStatus: 'has_been_billed', isBilled: true });
    expect((await fetchAll<{ id: string }>(api, '/ledger-desktop/time-tracking-activities', { entityIds: employee })).map((t) => t.id)).toContain(made.id);
    expectInvalidRequest(await api.post('/ledger-desktop/time-tracking-activities', { transactionDate: '2026-04-07', entityId: employee, duration: '90 minutes' }), 'duration');
    expect(bodyOf(await api.delete(`/ledger-desktop/time-tracking-activities/${made.id}`))).toMatchObject({ id: made.id, deleted: true });
  });
});
