import { beforeAll, describe, expect, it } from 'vitest';
import { loadedFixture, sampleFixture, storedObjects } from '../../../test/support/fixtureTestKit.ts';
import { loadFixtureTools, type FixtureTools } from '../../fixtures/fixtureTools.ts';
import type { CompanyFile } from '../CompanyFile.ts';
import type { JsonObject } from '../values/json.ts';
import { refId } from './refId.ts';
import { deleteTransaction } from '../removeTransaction.ts';

let tools: FixtureTools;
beforeAll(async () => {
  tools = await loadFixtureTools();
});

/** The sample company with a stocked item of its own, none on hand: every cost below is this test's. */
function withWidget(): { file: CompanyFile; widget: JsonObject; customer: string; vendor: string } {
  const file = loadedFixture(tools, sampleFixture());
  const filter = storedObjects(file, 'ldg_inventory_item').find((i) => i['name'] === 'Air filter') as JsonObject;
  const widget = file.add('ldg_inventory_item', {
    name: 'Widget',
    purchaseCost: '10.00',
    salesPrice: '30.00',
    incomeAccountId: String(refId(filter['incomeAccount'])),
    cogsAccountId: String(refId(filter['cogsAccount'])),
    assetAccountId: String(refId(filter['assetAccount'])),
  });
  const customer = String(storedObjects(file, 'ldg_customer')[0]?.['id']);
  const vendor = String(storedObjects(file, 'ldg_vendor')[0]?.['id']);
  return { file, widget, customer, vendor };
}

type Write = (file: CompanyFile) => JsonObject;
const buy = (vendor: string, widget: JsonObject, date: string, quantity: number, cost: string): Write => (file) =>
  file.add('ldg_bill', { vendorId: vendor, transactionDate: date, itemLines: [{ itemId: String(widget['id']), quantity, cost }] });
const sell = (customer: string, widget: JsonObject, date: string, quantity: number): Write => (file) =>
  file.add('ldg_invoice', { customerId: customer, transactionDate: date, lines: [{ itemId: String(widget['id']), quantity, rate: '30.00' }] });

/** What the sale took out of stock, in cents: its posting on the item's asset account. */
function costOfSale(file: CompanyFile, sale: JsonObject, widget: JsonObject): number {
  return -file.store.ledger
    .postingsOf(String(sale['id']))
    .filter((p) => p.stock?.item === widget['id'])
    .reduce((sum, p) => sum + p.cents, 0);
}

function stockOf(file: CompanyFile, widget: JsonObject): [unknown, unknown] {
  const item = file.retrieve('ldg_inventory_item', String(widget['id']));
  return [item['quantityOnHand'], item['averageCost']];
}

describe('average cost in date order', () => {
  it('costs a sale at the average on its date: a purchase dated before it, written after it, costs it again; deleting the purchase gives the old cost back', () => {
    const { file, widget, customer, vendor } = withWidget();
    buy(vendor, widget, '2025-05-01', 10, '10.00')(file);
    const sale = sell(customer, widget, '2025-05-10', 5)(file);
    expect(costOfSale(file, sale, widget)).toBe(5_000);
    // Dated before the sale: the sale's average becomes (100 + 160) / 20 = 13.
    const earlier = buy(vendor, widget, '2025-05-05', 10, '16.00')(file);
    expect(costOfSale(file, sale, widget)).toBe(6_500);
    expect(stockOf(file, widget)).toEqual([15, '13.00']);
    // Dated after the sale, a purchase costs nothing that came before it.
    buy(vendor, widget, '2025-05-20', 5, '40.00')(file);
    expect(costOfSale(file, sale, widget)).toBe(6_500);
    deleteTransaction(file, 'ldg_bill', String(earlier['id']));
    expect(costOfSale(file, sale, widget)).toBe(5_000);
    expect(stockOf(file, widget)).toEqual([10, '25.00']);
  });

  it('keeps every cost when a purchase or a sale is posted again as it was (its memo changed), and costs again after one that changed', () => {
    const { file, widget, customer, vendor } = withWidget();
    const bill = buy(vendor, widget, '2025-05-01', 10, '10.00')(file);
    const sale = sell(customer, widget, '2025-05-10', 5)(file);
    const revisionOf = (type: string, doc: JsonObject): string => String(file.retrieve(type, String(doc['id']))['revisionNumber']);
    file.modify('ldg_bill', String(bill['id']), { revisionNumber: revisionOf('ldg_bill', bill), memo: 'checked' });
    file.modify('ldg_invoice', String(sale['id']), { revisionNumber: revisionOf('ldg_invoice', sale), memo: 'sent' });
    expect(costOfSale(file, sale, widget)).toBe(5_000);
    expect(stockOf(file, widget)).toEqual([5, '10.00']);
    // The purchase's cost changed: the sale dated after it is costed again.
    const line = (file.retrieve('ldg_bill', String(bill['id']))['itemLines'] as JsonObject[])[0] as JsonObject;
    file.modify('ldg_bill', String(bill['id']), { revisionNumber: revisionOf('ldg_bill', bill), itemLines: [{ id: String(line['id']), cost: '12.00' }] });
    expect(costOfSale(file, sale, widget)).toBe(6_000);
    expect(stockOf(file, widget)).toEqual([5, '12.00']);
  });

  it('gives the same books whatever order the same transactions were written in', () => {
    const booksOf = (order: (keyof ReturnType<typeof writes>)[]): { sale: number; stock: [unknown, unknown]; accounts: [string, number][] } => {
      const made = withWidget();
      const all = writes(made);
      const done = Object.fromEntries(order.map((name) => [name, all[name](made.file)]));
      return { sale: costOfSale(made.file, done['sale'] as JsonObject, made.widget), stock: stockOf(made.file, made.widget), accounts: [...made.file.store.ledger.sumsByAccount()].sort() };
    };
    const writes = ({ widget, customer, vendor }: ReturnType<typeof withWidget>) => ({
      first: buy(vendor, widget, '2025-05-01', 4, '12.00'),
      sale: sell(customer, widget, '2025-05-10', 6),
      second: buy(vendor, widget, '2025-05-03', 8, '9.00'),
      late: sell(customer, widget, '2025-05-30', 7),
    });
    const inDateOrder = booksOf(['first', 'second', 'sale', 'late']);
    expect(inDateOrder.sale).toBe(6_000);
    expect(booksOf(['sale', 'late', 'second', 'first'])).toEqual(inDateOrder);
    expect(booksOf(['late', 'first', 'sale', 'second'])).toEqual(inDateOrder);
  });

  it('keeps the last average an item had when it sells below zero, in date order too', () => {
    const { file, widget, customer, vendor } = withWidget();
    buy(vendor, widget, '2025-05-01', 2, '11.00')(file);
    const oversold = sell(customer, widget, '2025-05-10', 5)(file);
    // Nothing on hand after it: the item keeps its last average, and the sale below zero is costed at it.
    expect(costOfSale(file, oversold, widget)).toBe(5_500);
    expect(stockOf(file, widget)).toEqual([-3, '11.00']);
    // A purchase written later but dated between them changes the average the sale saw.
    buy(vendor, widget, '2025-05-05', 2, '13.00')(file);
    expect(costOfSale(file, oversold, widget)).toBe(6_000);
    expect(stockOf(file, widget)).toEqual([-1, '12.00']);
  });
});
