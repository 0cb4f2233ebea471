import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../simulator/desktop/values/money.ts';
import { figure, type ReportJson } from './support/reportFigures.ts';
import { startTestSandbox, type ApiResponse, type TestSandbox } from './support/testClient.ts';
import { sendPassthrough, passthroughRs, passthroughAnswer, type Ret } from './support/passthroughClient.ts';

// Issue 40's writes through passthrough: message sets of several requests (answered in order,
// `onError`, nothing run when one cannot be parsed), `ListDelRq` with the desktop's in-use rule,
// and the add elements the typed writes name otherwise (`LinkToTxnID`, `SetCredit`, `OpenBalance`...),
// each read back through the typed endpoints and the books. Each test makes its own objects.
type Doc = Record<string, unknown>;

let api: TestSandbox;
let customer: Doc;
let item: Doc;
let serial = 0;
const fresh = (name: string): string => `${name} ${(serial += 1)}`;

beforeAll(async () => {
  api = await startTestSandbox();
  customer = ((await api.get('/ledger-desktop/customers', { query: { limit: 5 } })).body['data'] as Doc[])[3] ?? {};
  item = ((await api.get('/ledger-desktop/service-items', { query: { limit: 1 } })).body['data'] as Doc[])[0] ?? {};
});
afterAll(async () => {
  await api.close();
});

const send = (body: unknown): Promise<ApiResponse> => sendPassthrough(api, body);

const answer = (body: Record<string, unknown>): Promise<Ret> => passthroughAnswer(api, body);

const rs = (body: Record<string, unknown>): Promise<Ret> => passthroughRs(api, body);

async function customerNamed(name: string): Promise<Doc[]> {
  const res = await api.get('/ledger-desktop/customers', { query: { nameContains: name, status: 'all' } });
  expect(res.status, res.text).toBe(200);
  return (res.body['data'] as Doc[]).filter((c) => c['fullName'] === name);
}

async function typed(path: string, body: Doc): Promise<Doc> {
  const res = await api.post(path, body);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('message sets: several requests in one body', () => {
  it('answers each in the order sent, an array of like requests as an array', async () => {
    const [a, b] = [fresh('Set Alpha'), fresh('Set Beta')];
    const body = await answer({
      CustomerAddRq: [{ requestID: '1', CustomerAdd: { Name: a } }, { requestID: '2', CustomerAdd: { Name: b } }],
      CustomerQueryRq: { requestID: '3', FullName: [a, b] },
    });
    expect(Object.keys(body)).toEqual(['CustomerAddRs', 'CustomerQueryRs']);
    const adds = body['CustomerAddRs'] as Ret[];
    expect(adds.map((r) => [r['requestID'], r['statusCode'], (r['CustomerRet'] as Ret)['Name']])).toEqual([
      ['1', '0', a],
      ['2', '0', b],
    ]);
    // The query ran after both adds: it finds them.
    const query = body['CustomerQueryRs'] as Ret;
    expect(((query['CustomerRet'] as Ret[]) ?? []).map((r) => r['Name']).sort()).toEqual([a, b].sort());
  });

  it('stopOnError (the default) answers nothing after an error; a warning does not stop it', async () => {
    const [taken, after] = [fresh('Set Taken'), fresh('Set After')];
    await rs({ CustomerAddRq: { CustomerAdd: { Name: taken } } });
    const body = await answer({
      CustomerQueryRq: { ListID: '80000099-1700000000' },
      CustomerAddRq: [{ CustomerAdd: { Name: taken } }, { CustomerAdd: { Name: after } }],
    });
    expect(body['CustomerQueryRs']).toMatchObject({ statusCode: '500', statusSeverity: 'Warn' });
    const adds = body['CustomerAddRs'] as Ret[];
    expect(adds).toHaveLength(1);
    expect(adds[0]).toMatchObject({ statusCode: '3100', statusSeverity: 'Error' });
    expect(await customerNamed(after)).toEqual([]);
  });

  it('continueOnError answers every request', async () => {
    const [taken, after] = [fresh('Set Taken'), fresh('Set After')];
    await rs({ CustomerAddRq: { CustomerAdd: { Name: taken } } });
    const body = await answer({ onError: 'continueOnError', CustomerAddRq: [{ CustomerAdd: { Name: taken } }, { CustomerAdd: { Name: after } }] });
    expect((body['CustomerAddRs'] as Ret[]).map((r) => r['statusCode'])).toEqual(['3100', '0']);
    expect(await customerNamed(after)).toHaveLength(1);
  });

  it('one request the desktop cannot parse: nothing in the set runs', async () => {
    const name = fresh('Set Never');
    const res = await send({ CustomerAddRq: { CustomerAdd: { Name: name } }, VendorQueryRq: { Colour: 'blue' } });
    expect(res.status, res.text).toBe(502);
    expect(res.body.error).toMatchObject({ code: 'LDG_CONNECTION_ERROR', integrationCode: '0x80040400' });
    expect(await customerNamed(name)).toEqual([]);
  });

  it('a write refused only as it runs is its own error: what ran before it stays, stopOnError stops there', async () => {
    const [first, never] = [fresh('Set Before Overflow'), fresh('Set Never After')];
    const body = await answer({
      CustomerAddRq: [{ CustomerAdd: { Name: first } }],
      InvoiceAddRq: { requestID: '7', InvoiceAdd: { CustomerRef: { FullName: first }, TxnDate: '2026-03-11', InvoiceLineAdd: { ItemRef: { ListID: item['id'] }, Quantity: '9999999999', Rate: '9999999999.99' } } },
      VendorAddRq: { VendorAdd: { Name: never } },
    });
    expect((body['CustomerAddRs'] as Ret[]).map((r) => r['statusCode'])).toEqual(['0']);
    expect(body['InvoiceAddRs']).toMatchObject({ requestID: '7', statusCode: '3180', statusSeverity: 'Error' });
    expect(body['VendorAddRs']).toBeUndefined();
    expect(await customerNamed(first)).toHaveLength(1);
    const invoices = await api.get('/ledger-desktop/invoices', { query: { customerIds: String((await customerNamed(first))[0]?.['id']) } });
    expect(invoices.body['data']).toEqual([]);
  });

  it('a request names by full name what an earlier one of the set made', async () => {
    const name = fresh('Set Newcomer');
    const body = await answer({
      CustomerAddRq: { CustomerAdd: { Name: name } },
      InvoiceAddRq: { InvoiceAdd: { CustomerRef: { FullName: name }, TxnDate: '2026-03-11', InvoiceLineAdd: { ItemRef: { ListID: item['id'] }, Amount: '12.00' } } },
    });
    const made = (body['CustomerAddRs'] as Ret)['CustomerRet'] as Ret;
    expect(((body['InvoiceAddRs'] as Ret)['InvoiceRet'] as Ret)['CustomerRef']).toEqual({ ListID: made['ListID'], FullName: name });
  });

  it('a write and the query after it see the same books: an invoice, then the customer\'s balance', async () => {
    const before = toCents(String((await api.get(`/ledger-desktop/customers/${String(customer['id'])}`)).body['balance']));
    const body = await answer({
      InvoiceAddRq: { InvoiceAdd: { CustomerRef: { ListID: customer['id'] }, TxnDate: '2026-03-11', InvoiceLineAdd: { ItemRef: { ListID: item['id'] }, Quantity: '2', Rate: '15.00' } } },
      CustomerQueryRq: { ListID: customer['id'] },
    });
    expect(body['InvoiceAddRs']).toMatchObject({ statusCode: '0' });
    const after = ((body['CustomerQueryRs'] as Ret)['CustomerRet'] as Ret[])[0] ?? {};
    expect(toCents(String(after['Balance']))).toBe(before + 3000);
  });
});

describe('ListDelRq: deletes a list object nothing uses', () => {
  it('a customer nothing names goes: not in its list, in the deleted list objects', async () => {
    const created = await typed('/ledger-desktop/customers', { name: fresh('Delete Me') });
    const deleted = await rs({ ListDelRq: { requestID: 'd1', ListDelType: 'Customer', ListID: created['id'] } });
    expect(deleted).toMatchObject({ requestID: 'd1', statusCode: '0', ListDelType: 'Customer', ListID: created['id'], FullName: created['fullName'] });
    expect(String(deleted['TimeDeleted'])).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await api.get(`/ledger-desktop/customers/${String(created['id'])}`)).status).not.toBe(200);
    expect(await customerNamed(String(created['fullName']))).toEqual([]);
    const gone = (await api.get('/ledger-desktop/deleted-list-objects', { query: { objectTypes: 'customer' } })).body['data'] as Doc[];
    expect(gone.map((d) => d['id'])).toContain(created['id']);
    const query = await rs({ ListDeletedQueryRq: { ListDelType: 'Customer' } });
    expect(((query['ListDeletedRet'] as Ret[]) ?? []).map((r) => r['ListID'])).toContain(created['id']);
  });

  it('a customer with an invoice is in use: 3175, and it stays', async () => {
    const created = await typed('/ledger-desktop/customers', { name: fresh('Used Customer') });
    await typed('/ledger-desktop/invoices', { customerId: created['id'], transactionDate: '2026-03-12', lines: [{ itemId: item['id'], amount: '10.00' }] });
    expect(await rs({ ListDelRq: { ListDelType: 'Customer', ListID: created['id'] } })).toMatchObject({ statusCode: '3175', statusSeverity: 'Error' });
    expect((await api.get(`/ledger-desktop/customers/${String(created['id'])}`)).status).toBe(200);
  });

  it('a parent account with a subaccount is in use; the subaccount alone goes', async () => {
    const parent = await typed('/ledger-desktop/accounts', { name: fresh('Parent Expense'), accountType: 'expense' });
    const child = await typed('/ledger-desktop/accounts', { name: fresh('Child Expense'), accountType: 'expense', parentId: parent['id'] });
    expect(await rs({ ListDelRq: { ListDelType: 'Account', ListID: parent['id'] } })).toMatchObject({ statusCode: '3175' });
    expect(await rs({ ListDelRq: { ListDelType: 'Account', ListID: child['id'] } })).toMatchObject({ statusCode: '0' });
    expect(await rs({ ListDelRq: { ListDelType: 'Account', ListID: parent['id'] } })).toMatchObject({ statusCode: '0' });
  });

  it('an id not in the file is the desktop\'s 500 warning; a transaction type or an unknown one cannot be parsed', async () => {
    expect(await rs({ ListDelRq: { ListDelType: 'Customer', ListID: '80000099-1700000000' } })).toMatchObject({ statusCode: '500', statusSeverity: 'Warn' });
    for (const body of [{ ListDelRq: { ListDelType: 'Invoice', ListID: '80000099-1700000000' } }, { ListDelRq: { ListID: '80000099-1700000000', ListDelType: 'Customer' } }, { ListDelRq: { ListDelType: 'Spaceship', ListID: 'x' } }]) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(502);
    }
  });
});

describe('add elements the typed writes name otherwise', () => {
  it('LinkToTxnID on an invoice add invoices the sales order, as linkToTransactionIds does', async () => {
    const order = await typed('/ledger-desktop/sales-orders', { customerId: customer['id'], transactionDate: '2026-03-12', lines: [{ itemId: item['id'], quantity: 4, rate: '12.50' }] });
    const added = await rs({ InvoiceAddRq: { InvoiceAdd: { CustomerRef: { ListID: customer['id'] }, TxnDate: '2026-03-13', LinkToTxnID: order['id'] } } });
    expect(added).toMatchObject({ statusCode: '0' });
    const invoice = (await api.get(`/ledger-desktop/invoices/${String((added['InvoiceRet'] as Ret)['TxnID'])}`)).body;
    expect(invoice['linkedTransactions']).toEqual([expect.objectContaining({ id: order['id'], transactionType: 'sales_order' })]);
    expect((invoice['lines'] as Doc[]).map((l) => [l['quantity'], l['amount']])).toEqual([[4, '50.00']]);
    const now = (await api.get(`/ledger-desktop/sales-orders/${String(order['id'])}`)).body;
    expect(now['isFullyInvoiced']).toBe(true);
  });

  it('SetCredit on an invoice add applies a credit memo: the invoice owes the rest', async () => {
    const credit = await typed('/ledger-desktop/credit-memos', { customerId: customer['id'], transactionDate: '2026-03-12', lines: [{ itemId: item['id'], amount: '30.00' }] });
    const added = await rs({
      InvoiceAddRq: {
        InvoiceAdd: { CustomerRef: { ListID: customer['id'] }, TxnDate: '2026-03-13', SetCredit: { CreditTxnID: credit['id'], AppliedAmount: '30.00' }, InvoiceLineAdd: { ItemRef: { ListID: item['id'] }, Amount: '100.00' } },
      },
    });
    expect(added, JSON.stringify(added)).toMatchObject({ statusCode: '0' });
    const invoice = (await api.get(`/ledger-desktop/invoices/${String((added['InvoiceRet'] as Ret)['TxnID'])}`)).body;
    expect(invoice['balanceRemaining']).toBe('70.00');
  });

  it('OpenBalance on a customer add: its balance and the receivables in the books', async () => {
    const trialAr = async (): Promise<number> => {
      const res = await api.get('/ledger-desktop/reports/general-summary', { query: { reportType: 'trial_balance', reportDateFrom: '2020-01-01', reportDateTo: '2026-12-31' } });
      return figure(res.body as unknown as ReportJson, 'Accounts Receivable', 'debit');
    };
    const before = await trialAr();
    const added = await rs({ CustomerAddRq: { CustomerAdd: { Name: fresh('Opening Owes'), OpenBalance: '240.00', OpenBalanceDate: '2026-03-01' } } });
    expect(added).toMatchObject({ statusCode: '0' });
    expect((added['CustomerRet'] as Ret)['Balance']).toBe('240.00');
    expect(await trialAr()).toBe(before + 24_000);
  });

  it('ClearItemLines on a bill modify clears its item lines, as clearItemLines does, and the vendor owes the rest', async () => {
    const vendor = ((await api.get('/ledger-desktop/vendors', { query: { limit: 1 } })).body['data'] as Doc[])[0] ?? {};
    const accounts = ((await api.get('/ledger-desktop/accounts')).body['data'] as Doc[]).filter((a) => a['accountType'] === 'expense');
    const stocked = ((await api.get('/ledger-desktop/inventory-items')).body['data'] as Doc[]).find((i) => i['purchaseCost']) ?? {};
    const bill = await typed('/ledger-desktop/bills', {
      vendorId: vendor['id'],
      transactionDate: '2026-03-12',
      expenseLines: [{ accountId: accounts[0]?.['id'], amount: '120.00' }],
      itemLines: [{ itemId: stocked['id'], quantity: 2 }],
    });
    const vendorBefore = toCents(String((await api.get(`/ledger-desktop/vendors/${String(vendor['id'])}`)).body['balance']));
    const line = (bill['expenseLines'] as Doc[])[0] ?? {};
    const modified = await rs({ BillModRq: { BillMod: { TxnID: bill['id'], EditSequence: bill['revisionNumber'], ClearItemLines: 'true', ExpenseLineMod: { TxnLineID: line['id'], Amount: '80.00' } } } });
    expect(modified, JSON.stringify(modified)).toMatchObject({ statusCode: '0' });
    const now = (await api.get(`/ledger-desktop/bills/${String(bill['id'])}`)).body;
    expect(now['itemLines']).toEqual([]);
    expect(now['amountDue']).toBe('80.00');
    expect(toCents(String((await api.get(`/ledger-desktop/vendors/${String(vendor['id'])}`)).body['balance']))).toBe(vendorBefore - toCents(String(bill['amountDue'])) + 8000);
  });

  it('an element the table names, sent where the typed write has no such field, is a parse error', async () => {
    const res = await send({ CustomerAddRq: { CustomerAdd: { Name: fresh('No Link'), LinkToTxnID: '80000001-1700000000' } } });
    expect(res.status, res.text).toBe(502);
  });
});
