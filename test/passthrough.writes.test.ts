import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../simulator/desktop/values/money.ts';
import { figure, type ReportJson } from './support/reportFigures.ts';
import { startTestSandbox, type ApiResponse, type TestSandbox } from './support/testClient.ts';
import { sendPassthrough, passthroughRs, type Ret } from './support/passthroughClient.ts';

// Adds, modifies, voids and deletes through passthrough, on the same company file, rules and books
// as the typed endpoints: what passthrough writes is read back through the typed endpoints and the
// reports. Each test makes its own objects.
type Doc = Record<string, unknown>;

let api: TestSandbox;
let customer: Doc;
let item: Doc;

beforeAll(async () => {
  api = await startTestSandbox();
  customer = ((await api.get('/ledger-desktop/customers', { query: { limit: 5 } })).body['data'] as Doc[])[2] ?? {};
  item = ((await api.get('/ledger-desktop/service-items', { query: { limit: 1 } })).body['data'] as Doc[])[0] ?? {};
});
afterAll(async () => {
  await api.close();
});

const send = (body: unknown): Promise<ApiResponse> => sendPassthrough(api, body);

const rs = (body: Record<string, unknown>): Promise<Ret> => passthroughRs(api, body);

async function expectUnparsable(body: unknown): Promise<void> {
  const res = await send(body);
  expect(res.status, res.text).toBe(502);
  expect(res.body.error).toMatchObject({ code: 'LDG_CONNECTION_ERROR', integrationCode: '0x80040400' });
}

const invoiceAdd = (lines: Ret[], extra: Ret = {}): Ret => ({
  InvoiceAddRq: {
    InvoiceAdd: { CustomerRef: { FullName: customer['fullName'] }, TxnDate: '2026-03-10', RefNumber: `PT-${Math.random().toString(36).slice(2, 8)}`, ...extra, InvoiceLineAdd: lines },
  },
});

async function receivables(): Promise<number> {
  const res = await api.get('/ledger-desktop/reports/general-summary', { query: { reportType: 'trial_balance', reportDateFrom: '2020-01-01', reportDateTo: '2026-12-31' } });
  expect(res.status, res.text).toBe(200);
  return figure(res.body as unknown as ReportJson, 'Accounts Receivable', 'debit');
}

describe('adds', () => {
  it('an invoice added through passthrough is in the invoices list, on the customer balance and in the books', async () => {
    const balanceBefore = toCents(String((await api.get(`/ledger-desktop/customers/${String(customer['id'])}`)).body['balance']));
    const receivablesBefore = await receivables();
    const added = await rs(invoiceAdd([{ ItemRef: { ListID: item['id'] }, Desc: 'Passthrough work', Quantity: '3', Rate: '40.00' }]));
    expect(added).toMatchObject({ statusCode: '0', statusSeverity: 'Info' });
    const ret = added['InvoiceRet'] as Ret;
    expect(ret['CustomerRef']).toEqual({ ListID: customer['id'], FullName: customer['fullName'] });
    expect(ret['Subtotal']).toBe('120.00');

    const typed = await api.get(`/ledger-desktop/invoices/${String(ret['TxnID'])}`);
    expect(typed.status).toBe(200);
    expect(typed.body).toMatchObject({ refNumber: ret['RefNumber'], transactionDate: '2026-03-10', subtotal: '120.00', revisionNumber: ret['EditSequence'] });
    expect((typed.body['lines'] as Doc[])[0]).toMatchObject({ description: 'Passthrough work', quantity: 3, rate: '40.00', amount: '120.00' });
    const listed = await api.get('/ledger-desktop/invoices', { query: { ids: [String(ret['TxnID'])] } });
    expect((listed.body['data'] as Doc[]).map((d) => d['id'])).toEqual([ret['TxnID']]);

    const total = toCents(String(typed.body['balanceRemaining']));
    expect(toCents(String((await api.get(`/ledger-desktop/customers/${String(customer['id'])}`)).body['balance']))).toBe(balanceBefore + total);
    expect(await receivables()).toBe(receivablesBefore + total);
  });

  it('a customer added, then modified with its EditSequence; a stale one is 3200', async () => {
    const added = await rs({ CustomerAddRq: { CustomerAdd: { Name: 'Passthrough Pottery', CompanyName: 'Passthrough Pottery LLC', Phone: '555-0100' } } });
    const ret = added['CustomerRet'] as Ret;
    expect(ret).toMatchObject({ Name: 'Passthrough Pottery', IsActive: 'true', Phone: '555-0100' });
    const id = String(ret['ListID']);
    const modified = await rs({ CustomerModRq: { CustomerMod: { ListID: id, EditSequence: ret['EditSequence'], Phone: '555-0199' } } });
    expect(modified).toMatchObject({ statusCode: '0' });
    expect((await api.get(`/ledger-desktop/customers/${id}`)).body).toMatchObject({ name: 'Passthrough Pottery', companyName: 'Passthrough Pottery LLC', phone: '555-0199' });
    const stale = await rs({ CustomerModRq: { CustomerMod: { ListID: id, EditSequence: ret['EditSequence'], Phone: '555-0123' } } });
    expect(stale).toMatchObject({ statusCode: '3200', statusSeverity: 'Error' });
    expect((await api.get(`/ledger-desktop/customers/${id}`)).body['phone']).toBe('555-0199');
  });

  it('an invoice modified line by line: a line kept by its TxnLineID, a new one as -1', async () => {
    const added = (await rs(invoiceAdd([{ ItemRef: { ListID: item['id'] }, Quantity: '1', Rate: '40.00' }])))['InvoiceRet'] as Ret;
    const [line] = added['InvoiceLineRet'] as Ret[];
    const modified = await rs({
      InvoiceModRq: {
        InvoiceMod: {
          TxnID: added['TxnID'],
          EditSequence: added['EditSequence'],
          Memo: 'changed through passthrough',
          InvoiceLineMod: [
            { TxnLineID: line?.['TxnLineID'], Quantity: '2' },
            { TxnLineID: '-1', ItemRef: { ListID: item['id'] }, Quantity: '1', Rate: '15.00' },
          ],
        },
      },
    });
    expect(modified, JSON.stringify(modified).slice(0, 300)).toMatchObject({ statusCode: '0' });
    const typed = (await api.get(`/ledger-desktop/invoices/${String(added['TxnID'])}`)).body;
    expect(typed).toMatchObject({ memo: 'changed through passthrough', subtotal: '95.00' });
    expect((typed['lines'] as Doc[]).map((l) => [l['quantity'], l['amount']])).toEqual([
      [2, '80.00'],
      [1, '15.00'],
    ]);
  });

  it('the rules of the typed writes: a name in use is 3100, a name that is nowhere is 3140', async () => {
    expect(await rs({ CustomerAddRq: { CustomerAdd: { Name: String(customer['name']) } } })).toMatchObject({ statusCode: '3100', statusSeverity: 'Error' });
    const unknownRef = await rs(invoiceAdd([{ ItemRef: { FullName: 'No Such Item Anywhere' }, Quantity: '1', Rate: '1.00' }]));
    expect(unknownRef).toMatchObject({ statusCode: '3140', statusSeverity: 'Error' });
  });

  it.each([
    ['an element the add does not take', () => invoiceAdd([{ ItemRef: { ListID: item['id'] }, Quantity: '1' }], { Subtotal: '5.00' })],
    ['an element no invoice has', () => invoiceAdd([{ ItemRef: { ListID: item['id'] }, Quantity: '1' }], { Colour: 'red' })],
    ['a required element left out', () => ({ InvoiceAddRq: { InvoiceAdd: { TxnDate: '2026-03-10', InvoiceLineAdd: [{ Quantity: '1' }] } } })],
    ['a value of the wrong kind', () => invoiceAdd([{ ItemRef: { ListID: item['id'] }, Quantity: 'three' }])],
    ['a reference with both ids in the wrong order', () => invoiceAdd([{ ItemRef: { FullName: 'x', ListID: String(item['id']) }, Quantity: '1' }])],
    ['an add of a type the Service cannot create', () => ({ BudgetAddRq: { BudgetAdd: { Name: 'FY2030' } } })],
    ['a modify without its EditSequence first', () => ({ CustomerModRq: { CustomerMod: { Phone: '1', ListID: String(customer['id']) } } })],
  ])('refuses %s as a request the desktop cannot parse', async (_name, body) => {
    await expectUnparsable(body());
  });
});

describe('voids and deletes', () => {
  async function addInvoice(): Promise<Ret> {
    return (await rs(invoiceAdd([{ ItemRef: { ListID: item['id'] }, Quantity: '2', Rate: '25.00' }])))['InvoiceRet'] as Ret;
  }

  it('TxnVoidRq keeps the invoice with nothing owed', async () => {
    const invoice = await addInvoice();
    const voided = await rs({ TxnVoidRq: { TxnVoidType: 'Invoice', TxnID: invoice['TxnID'] } });
    expect(voided).toMatchObject({ statusCode: '0', TxnVoidType: 'Invoice', TxnID: invoice['TxnID'] });
    const typed = await api.get(`/ledger-desktop/invoices/${String(invoice['TxnID'])}`);
    expect(typed.status).toBe(200);
    expect(typed.body['balanceRemaining']).toBe('0.00');
  });

  it('TxnDelRq removes the invoice; it is listed among the deleted transactions', async () => {
    const invoice = await addInvoice();
    const deleted = await rs({ TxnDelRq: { TxnDelType: 'Invoice', TxnID: invoice['TxnID'] } });
    expect(deleted).toMatchObject({ statusCode: '0', TxnDelType: 'Invoice', TxnID: invoice['TxnID'], TimeDeleted: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    const gone = await api.get(`/ledger-desktop/invoices/${String(invoice['TxnID'])}`);
    expect(gone.body.error).toMatchObject({ code: 'LDG_REQUEST_ERROR', integrationCode: '500' });
    const listed = await api.get('/ledger-desktop/deleted-transactions', { query: { transactionTypes: ['invoice'] } });
    expect((listed.body['data'] as Doc[]).map((d) => d['id'])).toContain(invoice['TxnID']);
    const deletedRs = await rs({ TxnDeletedQueryRq: { TxnDelType: 'Invoice', DeletedDateRangeFilter: { FromDeletedDate: '2020-01-01' } } });
    expect(deletedRs['TxnDeletedRet']).toContainEqual(expect.objectContaining({ TxnID: invoice['TxnID'], TxnDelType: 'Invoice', RefNumber: invoice['RefNumber'] }));
    const again = await rs({ TxnDelRq: { TxnDelType: 'Invoice', TxnID: invoice['TxnID'] } });
    // The same status the typed delete reports for an id that is not in the file.
    expect(again).toMatchObject({ statusCode: '500', statusSeverity: 'Warn' });
  });

  it.each([
    ['a type that is not a transaction', { TxnDelRq: { TxnDelType: 'Customer', TxnID: '80000001-1700000000' } }],
    ['elements out of order', { TxnVoidRq: { TxnID: '80000001-1700000000', TxnVoidType: 'Invoice' } }],
  ])('refuses %s', async (_name, body) => {
    await expectUnparsable(body);
  });
});
