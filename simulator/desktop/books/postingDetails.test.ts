import { beforeAll, describe, expect, it } from 'vitest';
import { loadedFixture, sampleFixture, storedObjects } from '../../../test/support/fixtureTestKit.ts';
import { loadFixtureTools, type FixtureTools } from '../../fixtures/fixtureTools.ts';
import type { CompanyFile } from '../CompanyFile.ts';
import type { JsonObject } from '../values/json.ts';

let tools: FixtureTools;
let file: CompanyFile;
beforeAll(async () => {
  tools = await loadFixtureTools();
  file = loadedFixture(tools, sampleFixture());
});

const idNamed = (type: string, name: string): string => String(storedObjects(file, type).find((d) => d['name'] === name)?.['id']);
/** The line details of a transaction's postings on one account: [item, class] each. */
const detailsOn = (txn: JsonObject, account: string | null): [string | null, string | null][] =>
  file.store.ledger
    .postingsOf(String(txn['id']))
    .filter((p) => p.account === account)
    .map((p) => [p.line?.item ?? null, p.line?.class ?? null]);

describe('what a posting of a line names (reports sort by it)', () => {
  it('a sale line: its item and its class, else the document class, on income, cost of goods sold and the stock', () => {
    const [commercial, residential] = [idNamed('ldg_class', 'Commercial'), idNamed('ldg_class', 'Residential')];
    const [filter, cleaning] = [idNamed('ldg_inventory_item', 'Air filter'), idNamed('ldg_service_item', 'Window cleaning')];
    const customer = String(storedObjects(file, 'ldg_customer')[0]?.['id']);
    const invoice = file.add('ldg_invoice', {
      customerId: customer,
      transactionDate: '2025-05-02',
      classId: commercial,
      lines: [
        { itemId: cleaning, quantity: 1, classId: residential },
        { itemId: filter, quantity: 2 },
      ],
    });
    const postings = file.store.ledger.postingsOf(String(invoice['id']));
    const ofItem = (item: string): (string | null)[] => postings.filter((p) => p.line?.item === item).map((p) => p.line?.class ?? null);
    // The service line posts its income; the stocked one its income, its cost of goods sold and its stock.
    expect(ofItem(cleaning)).toEqual([residential]);
    expect(ofItem(filter)).toEqual([commercial, commercial, commercial]);
    expect(postings.filter((p) => p.line?.item === filter && p.stock !== undefined)).toHaveLength(1);
    // The receivables side is the document's, not a line's.
    expect(postings.filter((p) => p.openLedger === 'receivable').map((p) => p.line)).toEqual([undefined]);
  });

  it('a journal line and an expense line: their class, and no item', () => {
    const retail = idNamed('ldg_class', 'Retail');
    const accounts = storedObjects(file, 'ldg_account');
    const expense = String(accounts.find((a) => a['accountType'] === 'expense')?.['id']);
    const bank = String(accounts.find((a) => a['accountType'] === 'bank')?.['id']);
    const entry = file.add('ldg_journal_entry', { transactionDate: '2025-05-03', debitLines: [{ accountId: expense, amount: '12.00', classId: retail }], creditLines: [{ accountId: bank, amount: '12.00' }] });
    expect(detailsOn(entry, expense)).toEqual([[null, retail]]);
    expect(detailsOn(entry, bank)).toEqual([[null, null]]);
    const vendor = String(storedObjects(file, 'ldg_vendor')[0]?.['id']);
    const bill = file.add('ldg_bill', { vendorId: vendor, transactionDate: '2025-05-04', expenseLines: [{ accountId: expense, amount: '30.00', classId: retail }] });
    expect(detailsOn(bill, expense)).toEqual([[null, retail]]);
  });
});
