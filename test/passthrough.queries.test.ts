import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, walk, type ApiResponse, type TestSandbox } from './support/testClient.ts';
import { typeElementOf } from '../simulator/desktop/passthrough/convertElements.ts';
import type { TypeModel } from '../simulator/desktop/engine/TypeModel.ts';

// Passthrough queries against the typed lists of the same seeded company file (seed 7): every type
// the Service lists is asked both ways and must answer the same objects with the same values.
// Nothing here writes.
type Doc = Record<string, unknown>;
type Ret = Record<string, unknown>;

let api: TestSandbox;
let models: TypeModel[];

beforeAll(async () => {
  api = await startTestSandbox();
  models = [...api.sandbox.deps.host.types.all()];
});
afterAll(async () => {
  await api.close();
});

const passthroughPath = (): string => `/end-users/${api.endUser}/passthrough/ledger_desktop`;

async function passthrough(body: unknown): Promise<ApiResponse> {
  return api.post(passthroughPath(), body, { endUser: null });
}

/** The response element of a 200 answer (`CustomerQueryRs`). */
async function answer(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await passthrough(body);
  expect(res.status, res.text).toBe(200);
  const name = Object.keys(body)[0]?.replace(/Rq$/, 'Rs') ?? '';
  const rs = res.body[name] as Record<string, unknown> | undefined;
  if (!rs) throw new Error(`no ${name} in ${res.text.slice(0, 300)}`);
  return rs;
}

const retsOf = (rs: Record<string, unknown>, objectType: string): Ret[] => (rs[`${typeElementOf(objectType)}Ret`] as Ret[] | undefined) ?? [];

/** The typed list operations of the spec, by resource, with whether they take `status`. */
function typedList(resource: string): { takesStatus: boolean } | undefined {
  const op = [...api.sandbox.deps.operations.values()].find((o) => o.method === 'get' && o.path === `/ledger-desktop/${resource}`);
  return op ? { takesStatus: op.parameters.some((p) => p.name === 'status') } : undefined;
}

async function typedAll(resource: string, query: Record<string, string | number | boolean>): Promise<Doc[]> {
  const op = [...api.sandbox.deps.operations.values()].find((o) => o.method === 'get' && o.path === `/ledger-desktop/${resource}`);
  if (op?.paginated) return (await walk(api, `/ledger-desktop/${resource}`, query)).flatMap((p) => p['data'] as Doc[]);
  const res = await api.get(`/ledger-desktop/${resource}`, { query });
  expect(res.status, res.text).toBe(200);
  return res.body['data'] as Doc[];
}

/** The desktop's text for a value: how decision 21 writes it. */
const textOf = (value: unknown): string => (typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value));

/** What every type must answer alike, by the desktop's own element names (written out here, not taken from the converter). */
function expectSameObject(doc: Doc, ret: Ret, transaction: boolean): void {
  if (doc['id'] !== undefined) expect(ret[transaction ? 'TxnID' : 'ListID']).toBe(doc['id']);
  const fixed: [string, string][] = [
    ['revisionNumber', 'EditSequence'],
    ['createdAt', 'TimeCreated'],
    ['updatedAt', 'TimeModified'],
    ['name', 'Name'],
    ['fullName', 'FullName'],
    ['isActive', 'IsActive'],
    ['transactionDate', 'TxnDate'],
    ['refNumber', 'RefNumber'],
    ['memo', 'Memo'],
    ['balance', 'Balance'],
    ['sublevel', 'Sublevel'],
  ];
  for (const [field, element] of fixed) {
    const value = doc[field];
    if (value === null || value === undefined) expect(ret[element], `${element} of an object without ${field}`).toBeUndefined();
    else expect(ret[element], element).toBe(textOf(value));
  }
  // Every reference at the top is a `...Ref` with the same id and full name.
  const refs = Object.values(ret).filter((v): v is Ret => typeof v === 'object' && v !== null && !Array.isArray(v) && 'ListID' in v);
  const docRefs = Object.values(doc).filter((v): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v) && 'id' in v && 'fullName' in v);
  expect(refs.map((r) => r['ListID']).sort()).toEqual(docRefs.map((r) => r['id']).sort());
  // Every other scalar of the object appears among the element's values, as text.
  // An enum value (`accounts_payable`) is written as the desktop spells it (`AccountsPayable`).
  const texts = new Set(Object.values(ret).filter((v) => typeof v === 'string'));
  const desktopSpelling = (v: string): string => v.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  for (const [field, value] of Object.entries(doc)) {
    if (field === 'objectType' || value === null || typeof value === 'object') continue;
    const text = textOf(value);
    expect(texts.has(text) || (/^[a-z0-9_]+$/.test(text) && texts.has(desktopSpelling(text))), `${field} = ${text}`).toBe(true);
  }
}

describe('a query of every type the Service lists answers what its typed list does', () => {
  const kinds = new Set(['list', 'transaction', 'readOnly']);
  const listed = (): TypeModel[] => models.filter((m) => m.row.resource && kinds.has(m.row.kind) && typedList(m.row.resource));

  it('covers the listed types', () => {
    expect(listed().length).toBeGreaterThanOrEqual(45);
  });

  it('for each type: the same objects in the same order, with the same values', async () => {
    const differences: string[] = [];
    let compared = 0;
    for (const model of listed()) {
      const resource = model.row.resource ?? '';
      const transaction = model.row.kind === 'transaction';
      const { takesStatus } = typedList(resource) ?? { takesStatus: false };
      const typed = await typedAll(resource, takesStatus ? { status: 'all' } : {});
      const request: Record<string, unknown> = {};
      if (takesStatus && !transaction) request['ActiveStatus'] = 'All';
      if (transaction) request['IncludeLineItems'] = 'true';
      const rs = await answer({ [`${typeElementOf(model.objectType)}QueryRq`]: request });
      const rets = retsOf(rs, model.objectType);
      if (typed.length === 0) {
        if (rs['statusCode'] !== '1') differences.push(`${model.objectType}: no objects, but status ${String(rs['statusCode'])}`);
        continue;
      }
      expect(rs['statusCode'], model.objectType).toBe('0');
      compared += 1;
      if (rets.length !== typed.length) {
        differences.push(`${model.objectType}: ${rets.length} objects, typed list ${typed.length}`);
        continue;
      }
      typed.forEach((doc, i) => {
        try {
          expectSameObject(doc, rets[i] ?? {}, transaction);
        } catch (error) {
          differences.push(`${model.objectType}[${i}]: ${(error as Error).message.split('\n')[0] ?? ''}`);
        }
      });
    }
    expect(differences).toEqual([]);
    expect(compared, 'types with objects to compare').toBeGreaterThanOrEqual(40);
  }, 60_000);

  it('a transaction keeps its lines in the element named after its type, with line ids', async () => {
    const [invoice] = await typedAll('invoices', { limit: 1 });
    const rs = await answer({ InvoiceQueryRq: { TxnID: [String(invoice?.['id'])], IncludeLineItems: 'true' } });
    const [ret] = retsOf(rs, 'ldg_invoice');
    const lines = ret?.['InvoiceLineRet'] as Ret[];
    const typedLines = invoice?.['lines'] as Doc[];
    expect(lines.map((l) => l['TxnLineID'])).toEqual(typedLines.map((l) => l['id']));
    expect(lines.map((l) => (l['ItemRef'] as Ret | undefined)?.['ListID'])).toEqual(typedLines.map((l) => (l['item'] as Doc | null)?.['id']));
    expect(lines.map((l) => l['Amount'])).toEqual(typedLines.map((l) => l['amount']));
  });

  it('the company and the preferences answer as their typed retrieve', async () => {
    const company = (await api.get('/ledger-desktop/company')).body;
    const [ret] = retsOf(await answer({ CompanyQueryRq: {} }), 'ldg_company');
    expect(ret?.['CompanyName']).toBe(company['companyName']);
    expect((ret?.['Address'] as Ret)['Addr1']).toBe((company['address'] as Doc)['line1']);
  });
});

describe('the views the Service lists, by their own desktop queries', () => {
  const typedData = async (path: string, query: Record<string, string | string[]> = {}): Promise<Doc[]> => {
    const res = await api.get(path, { query });
    expect(res.status, res.text).toBe(200);
    return res.body['data'] as Doc[];
  };

  it('ReceivePaymentToDepositQueryRq answers the payments to deposit', async () => {
    const typed = await typedData('/ledger-desktop/payments-to-deposit');
    expect(typed.length).toBeGreaterThan(0);
    const rets = (await answer({ ReceivePaymentToDepositQueryRq: {} }))['ReceivePaymentToDepositRet'] as Ret[];
    expect(rets.map((r) => [r['TxnID'], r['TxnLineID'] ?? null, r['Amount']])).toEqual(typed.map((d) => [d['paymentTransactionId'], d['paymentTransactionLineId'], d['amount']]));
  });

  it('BillToPayQueryRq answers a vendor\'s open bills and credits', async () => {
    const bills = await typedData('/ledger-desktop/bills', { limit: '150' });
    const open = bills.find((b) => b['isPaid'] === false);
    if (!open) throw new Error('the seeded file has no open bill');
    const vendorId = String((open['vendor'] as Doc)['id']);
    const typed = await typedData('/ledger-desktop/bills-to-pay', { vendorId });
    const rets = (await answer({ BillToPayQueryRq: { PayeeEntityRef: { ListID: vendorId } } }))['BillToPayRet'] as Ret[];
    const idOf = (d: Doc): unknown => (d['bill'] as Doc | null)?.['billId'] ?? (d['credit'] as Doc | null)?.['creditTransactionId'];
    const retIdOf = (r: Ret): unknown => (r['BillToPay'] as Ret | undefined)?.['TxnID'] ?? (r['CreditToApply'] as Ret | undefined)?.['TxnID'];
    expect(rets.map(retIdOf)).toEqual(typed.map(idOf));
    expect(rets.map(retIdOf)).toContain(open['id']);
  });

  it('TxnDeletedQueryRq and ListDeletedQueryRq answer what the typed lists of deleted objects do, whatever their number', async () => {
    const txns = await typedData('/ledger-desktop/deleted-transactions', { transactionTypes: ['invoice', 'bill'] });
    const txnRs = await answer({ TxnDeletedQueryRq: { TxnDelType: ['Invoice', 'Bill'] } });
    expect(((txnRs['TxnDeletedRet'] as Ret[] | undefined) ?? []).map((r) => r['TxnID'])).toEqual(txns.map((d) => d['id']));
    expect(txnRs['statusCode']).toBe(txns.length === 0 ? '1' : '0');
    const lists = await typedData('/ledger-desktop/deleted-list-objects', { objectTypes: ['customer', 'item_inventory'] });
    const listRs = await answer({ ListDeletedQueryRq: { ListDelType: ['Customer', 'ItemInventory'] } });
    expect(((listRs['ListDeletedRet'] as Ret[] | undefined) ?? []).map((r) => r['ListID'])).toEqual(lists.map((d) => d['id']));
  });
});

describe('queries across types answer each object in its own type\'s element', () => {
  const unions: [string, string[]][] = [
    ['Item', ['ldg_service_item', 'ldg_inventory_item', 'ldg_inventory_assembly_item', 'ldg_non_inventory_item', 'ldg_other_charge_item', 'ldg_discount_item', 'ldg_subtotal_item', 'ldg_sales_tax_item', 'ldg_sales_tax_group_item', 'ldg_item_group']],
    ['Terms', ['ldg_standard_term', 'ldg_date_driven_term']],
    ['Entity', ['ldg_customer', 'ldg_vendor', 'ldg_employee', 'ldg_other_name']],
  ];

  it.each(unions)('%sQueryRq: every object of each type, as its typed list has them', async (base, types) => {
    const rs = await answer({ [`${base}QueryRq`]: { ActiveStatus: 'All' } });
    let total = 0;
    for (const objectType of types) {
      const model = models.find((m) => m.objectType === objectType);
      const resource = model?.row.resource ?? '';
      const typed = await typedAll(resource, typedList(resource)?.takesStatus ? { status: 'all' } : {});
      total += typed.length;
      expect(retsOf(rs, objectType).map((r) => r['ListID']).sort(), objectType).toEqual(typed.map((d) => d['id']).sort());
    }
    expect(total).toBeGreaterThan(types.length);
  });

  it('MaxReturned keeps the first by name across the types; ids are found in whichever type holds them', async () => {
    const rs = await answer({ EntityQueryRq: { MaxReturned: '6' } });
    const names = ['ldg_customer', 'ldg_vendor', 'ldg_employee', 'ldg_other_name'].flatMap((t) => retsOf(rs, t).map((r) => String(r['FullName'] ?? r['Name']).toLowerCase()));
    const everyName = (await Promise.all(['customers', 'vendors', 'employees', 'other-names'].map((r) => typedAll(r, {})))).flat().map((d) => String(d['fullName'] ?? d['name']).toLowerCase());
    expect(names.sort()).toEqual(everyName.sort().slice(0, 6));
    const [vendor] = await typedAll('vendors', { limit: 1 });
    const [customer] = await typedAll('customers', { limit: 1 });
    const byIds = await answer({ EntityQueryRq: { ListID: [String(vendor?.['id']), String(customer?.['id'])] } });
    expect(retsOf(byIds, 'ldg_vendor').map((r) => r['ListID'])).toEqual([vendor?.['id']]);
    expect(retsOf(byIds, 'ldg_customer').map((r) => r['ListID'])).toEqual([customer?.['id']]);
    expect(await answer({ ItemQueryRq: { ListID: String(vendor?.['id']) } })).toMatchObject({ statusCode: '500', statusSeverity: 'Warn' });
  });
});

describe('TransactionQueryRq: the transactions across types, as the typed transactions list answers them', () => {
  const key = (r: Ret): string => `${String(r['TxnID'])}/${String(r['TxnLineID'] ?? '')}/${String(r['Amount'])}`;
  const typedKey = (d: Doc): string => `${String(d['transactionId'])}/${String(d['transactionLineId'] ?? '')}/${String(d['amount'])}`;

  it.each([
    ['a date range and two types', { TxnDateRangeFilter: { FromTxnDate: '2024-01-01', ToTxnDate: '2024-06-30' }, TransactionTypeFilter: { TxnTypeFilter: ['Invoice', 'Bill'] } }, { transactionDateFrom: '2024-01-01', transactionDateTo: '2024-06-30', transactionTypes: ['invoice', 'bill'] }],
    ['the lines of checks', { TransactionTypeFilter: { TxnTypeFilter: 'Check' }, TransactionDetailLevelFilter: 'All' }, { transactionTypes: ['check'], detailLevel: 'all' }],
    ['open documents by reference number', { RefNumberRangeFilter: { FromRefNumber: '1000', ToRefNumber: '1100' }, TransactionPaidStatusFilter: 'Open' }, { refNumberFrom: '1000', refNumberTo: '1100', paymentStatus: 'open' }],
  ])('%s', async (_name, request, query) => {
    const typed = (await walk(api, '/ledger-desktop/transactions', query as Record<string, string | string[]>)).flatMap((p) => p['data'] as Doc[]);
    expect(typed.length, 'the row must match some transactions').toBeGreaterThan(0);
    const rets = ((await answer({ TransactionQueryRq: request }))['TransactionRet'] as Ret[] | undefined) ?? [];
    expect(rets.map(key)).toEqual(typed.map(typedKey));
    expect(rets[0]?.['TxnType']).toBeDefined();
  });

  it('walks with an iterator as the typed list walks with a cursor', async () => {
    const typed = (await walk(api, '/ledger-desktop/transactions', { transactionTypes: ['invoice'] })).flatMap((p) => p['data'] as Doc[]);
    const first = await answer({ TransactionQueryRq: { iterator: 'Start', MaxReturned: '40', TransactionTypeFilter: { TxnTypeFilter: 'Invoice' } } });
    const seen = ((first['TransactionRet'] as Ret[] | undefined) ?? []).map(key);
    let remaining = Number(first['iteratorRemainingCount']);
    while (remaining > 0) {
      const next = await answer({ TransactionQueryRq: { iterator: 'Continue', iteratorID: first['iteratorID'], MaxReturned: '40' } });
      seen.push(...((next['TransactionRet'] as Ret[] | undefined) ?? []).map(key));
      remaining = Number(next['iteratorRemainingCount']);
    }
    expect(seen).toEqual(typed.map(typedKey));
    expect(seen.length).toBeGreaterThan(40);
  });
});

describe('internal types the Service has no endpoint for', () => {
  it.each([['ldg_budget'], ['ldg_payroll_tax_item'], ['ldg_paycheck'], ['ldg_payroll_liability_check'], ['ldg_vendor_type'], ['ldg_job_type'], ['ldg_customer_message']])(
    '%s: every object the company file keeps',
    async (objectType) => {
      const model = models.find((m) => m.objectType === objectType);
      if (!model) throw new Error(`no type ${objectType}`);
      const kept = api.sandbox.deps.host.application(`company_${api.endUser}`).file.store.rowReads.idsOf(objectType);
      expect(kept.length, 'the seeded file keeps some').toBeGreaterThan(0);
      const transaction = model.row.kind === 'transaction';
      const rs = await answer({ [`${typeElementOf(objectType)}QueryRq`]: transaction ? {} : { ActiveStatus: 'All' } });
      expect(retsOf(rs, objectType).map((r) => r[transaction ? 'TxnID' : 'ListID']).sort()).toEqual([...kept].sort());
    },
  );

  it('a budget carries its lines by account and month', async () => {
    const [budget] = retsOf(await answer({ BudgetQueryRq: { MaxReturned: '1' } }), 'ldg_budget');
    const lines = budget?.['BudgetLineRet'] as Ret[];
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]?.['AccountRef']).toMatchObject({ ListID: expect.any(String), FullName: expect.any(String) });
    expect(lines[0]?.['Month']).toMatch(/^\d{4}-\d{2}$/);
  });
});
