import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './support/testClient.ts';

// One add per kind of object through passthrough, in the desktop's own elements (references by
// full name, lines of each layout), each read back through its typed retrieve and list. A row is
// the add element, the resource, and what the typed object must then hold.
type Doc = Record<string, unknown>;
type Ret = Record<string, unknown>;

interface Names {
  customer: string;
  vendor: string;
  item: string;
  expense: string;
  income: string;
  bank: string;
  employee: string;
}

let api: TestSandbox;
let names: Names;

beforeAll(async () => {
  api = await startTestSandbox();
  const first = async (path: string, query: Record<string, string | number> = {}): Promise<Doc[]> => (await api.get(path, { query: { limit: 150, ...query } })).body['data'] as Doc[];
  const accounts = await first('/ledger-desktop/accounts');
  const named = (docs: Doc[], pick: (d: Doc) => boolean): string => String(docs.find(pick)?.['fullName'] ?? docs.find(pick)?.['name']);
  names = {
    customer: named(await first('/ledger-desktop/customers'), (c) => c['sublevel'] === 0),
    vendor: named(await first('/ledger-desktop/vendors'), () => true),
    item: named(await first('/ledger-desktop/service-items'), () => true),
    expense: named(accounts, (a) => a['accountType'] === 'expense'),
    income: named(accounts, (a) => a['accountType'] === 'income'),
    bank: named(accounts, (a) => a['accountType'] === 'bank'),
    employee: named(await first('/ledger-desktop/employees'), () => true),
  };
});
afterAll(async () => {
  await api.close();
});

interface Row {
  element: string;
  resource: string;
  add: (n: Names) => Ret;
  expect: (n: Names) => Doc;
}

const ref = (fullName: string): Ret => ({ FullName: fullName });

const ROWS: Row[] = [
  { element: 'Vendor', resource: 'vendors', add: () => ({ Name: 'PT Vendor', CompanyName: 'PT Vendor Inc', Phone: '555-0142' }), expect: () => ({ name: 'PT Vendor', companyName: 'PT Vendor Inc', phone: '555-0142' }) },
  { element: 'Class', resource: 'classes', add: () => ({ Name: 'PT Class' }), expect: () => ({ name: 'PT Class', fullName: 'PT Class', isActive: true }) },
  {
    element: 'ItemService',
    resource: 'service-items',
    add: (n) => ({ Name: 'PT Service', SalesOrPurchase: { Desc: 'Hourly', Price: '80.00', AccountRef: ref(n.income) } }),
    expect: (n) => ({ name: 'PT Service', salesOrPurchaseDetails: expect.objectContaining({ description: 'Hourly', price: '80.00', postingAccount: expect.objectContaining({ fullName: n.income }) }) }),
  },
  {
    element: 'Bill',
    resource: 'bills',
    add: (n) => ({ VendorRef: ref(n.vendor), TxnDate: '2026-02-02', RefNumber: 'PT-B1', ExpenseLineAdd: [{ AccountRef: ref(n.expense), Amount: '50.00', Memo: 'paper' }] }),
    expect: () => ({ refNumber: 'PT-B1', amountDue: '50.00' }),
  },
  {
    element: 'Check',
    resource: 'checks',
    add: (n) => ({ AccountRef: ref(n.bank), PayeeEntityRef: ref(n.vendor), RefNumber: 'PT-C1', TxnDate: '2026-02-03', ExpenseLineAdd: [{ AccountRef: ref(n.expense), Amount: '12.50' }] }),
    expect: (n) => ({ refNumber: 'PT-C1', amount: '12.50', bankAccount: expect.objectContaining({ fullName: n.bank }), payee: expect.objectContaining({ fullName: n.vendor }) }),
  },
  {
    element: 'JournalEntry',
    resource: 'journal-entries',
    add: (n) => ({ TxnDate: '2026-02-04', RefNumber: 'PT-J1', JournalDebitLine: [{ AccountRef: ref(n.expense), Amount: '30.00' }], JournalCreditLine: [{ AccountRef: ref(n.bank), Amount: '30.00' }] }),
    expect: () => ({ refNumber: 'PT-J1', transactionDate: '2026-02-04' }),
  },
  {
    element: 'SalesReceipt',
    resource: 'sales-receipts',
    add: (n) => ({ CustomerRef: ref(n.customer), TxnDate: '2026-02-05', SalesReceiptLineAdd: [{ ItemRef: ref(n.item), Quantity: '2', Rate: '20.00' }] }),
    expect: () => ({ subtotal: '40.00', transactionDate: '2026-02-05' }),
  },
  {
    element: 'Estimate',
    resource: 'estimates',
    add: (n) => ({ CustomerRef: ref(n.customer), TxnDate: '2026-02-06', EstimateLineAdd: [{ ItemRef: ref(n.item), Quantity: '1', Rate: '99.00' }] }),
    expect: () => ({ subtotal: '99.00' }),
  },
  {
    element: 'PurchaseOrder',
    resource: 'purchase-orders',
    add: (n) => ({ VendorRef: ref(n.vendor), TxnDate: '2026-02-07', PurchaseOrderLineAdd: [{ ItemRef: ref(n.item), Quantity: '4', Rate: '5.00' }] }),
    expect: () => ({ totalAmount: '20.00' }),
  },
  // Billable unless said, with a customer or without: the spec's default, which passthrough fills in as a typed create does.
  {
    element: 'TimeTracking',
    resource: 'time-tracking-activities',
    add: (n) => ({ TxnDate: '2026-02-08', EntityRef: ref(n.employee), CustomerRef: ref(n.customer), ItemServiceRef: ref(n.item), Duration: 'PT2H' }),
    expect: (n) => ({ billingStatus: 'billable', customer: expect.objectContaining({ fullName: n.customer }) }),
  },
  {
    element: 'TimeTracking',
    resource: 'time-tracking-activities',
    add: (n) => ({ TxnDate: '2026-02-09', EntityRef: ref(n.employee), Duration: 'PT1H30M' }),
    expect: () => ({ billingStatus: 'billable', customer: null }),
  },
];

describe('an add of each kind, read back through the typed endpoints', () => {
  it.each(ROWS)('$element', async (row) => {
    const res = await api.post(`/end-users/${api.endUser}/passthrough/ledger_desktop`, { [`${row.element}AddRq`]: { [`${row.element}Add`]: row.add(names) } }, { endUser: null });
    expect(res.status, res.text).toBe(200);
    const rs = res.body[`${row.element}AddRs`] as Ret;
    expect(rs, JSON.stringify(rs).slice(0, 400)).toMatchObject({ statusCode: '0', statusSeverity: 'Info' });
    const ret = rs[`${row.element}Ret`] as Ret;
    const id = String(ret['TxnID'] ?? ret['ListID']);
    const typed = await api.get(`/ledger-desktop/${row.resource}/${id}`);
    expect(typed.status, typed.text).toBe(200);
    expect(typed.body).toMatchObject(row.expect(names));
    expect(ret['EditSequence']).toBe(typed.body['revisionNumber']);
    const listed = await api.get(`/ledger-desktop/${row.resource}`, { query: { ids: [id] } });
    expect((listed.body['data'] as Doc[]).map((d) => d['id'])).toEqual([id]);
  });
});
