import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machine } from './desktopSide/machineSupport.ts';
import { startTestSandbox, walk, type ApiResponse, type TestSandbox } from './support/testClient.ts';
import { sendPassthrough, passthroughRs, retIds, type Ret } from './support/passthroughClient.ts';

// The desktop's own query filters, iterators, statuses and refusals through passthrough, each
// compared with the typed list's answer to the same question on the seeded file (seed 7). Only the
// last group changes anything (the machine's faults), and it sets them back.
type Doc = Record<string, unknown>;

let api: TestSandbox;
let customers: Doc[];
let invoices: Doc[];

beforeAll(async () => {
  api = await startTestSandbox();
  customers = (await walk(api, '/ledger-desktop/customers', { status: 'all' })).flatMap((p) => p['data'] as Doc[]);
  invoices = (await walk(api, '/ledger-desktop/invoices')).flatMap((p) => p['data'] as Doc[]);
});
afterAll(async () => {
  await api.close();
});

const send = (body: unknown): Promise<ApiResponse> => sendPassthrough(api, body);

const rs = (body: Record<string, unknown>): Promise<Ret> => passthroughRs(api, body);

const ids = retIds;
const customerIds = async (request: Ret): Promise<string[]> => ids(await rs({ CustomerQueryRq: request }), 'CustomerRet');
const invoiceIds = async (request: Ret): Promise<string[]> => ids(await rs({ InvoiceQueryRq: request }), 'InvoiceRet', 'TxnID');
const idOf = (d: Doc): string => String(d['id']);

/** A filter must pick some objects and leave some out, or it proves nothing. */
function someOf<T>(all: readonly T[], pick: (d: T) => boolean): T[] {
  const picked = all.filter(pick);
  expect(picked.length, 'the row must match some objects').toBeGreaterThan(0);
  expect(picked.length, 'the row must leave some objects out').toBeLessThan(all.length);
  return picked;
}

describe('list filters', () => {
  const active = (): Doc[] => customers.filter((c) => c['isActive'] === true);

  it('answers the active customers by default, as the desktop does (ActiveOnly)', async () => {
    expect(await customerIds({})).toEqual(someOf(customers, (c) => c['isActive'] === true).map(idOf));
  });

  it.each([
    ['InactiveOnly', (c: Doc) => c['isActive'] === false],
    ['All', () => true],
  ])('ActiveStatus %s', async (status, pick) => {
    expect(await customerIds({ ActiveStatus: status })).toEqual(customers.filter(pick).map(idOf));
  });

  it('ListID, one or several, in the list order', async () => {
    const wanted = [customers[3], customers[0]].map((c) => idOf(c ?? {}));
    expect((await customerIds({ ListID: wanted })).sort()).toEqual([...wanted].sort());
    expect(await customerIds({ ListID: wanted[0] })).toEqual([wanted[0]]);
  });

  it('FullName, whatever its case', async () => {
    const name = String(customers[5]?.['fullName']);
    expect(await customerIds({ FullName: [name.toUpperCase()] })).toEqual([idOf(customers[5] ?? {})]);
  });

  it('MaxReturned keeps the first ones', async () => {
    expect(await customerIds({ MaxReturned: '4' })).toEqual(active().slice(0, 4).map(idOf));
    expect(await customerIds({ MaxReturned: 2 })).toEqual(active().slice(0, 2).map(idOf));
  });

  it.each([
    ['StartsWith', (n: string, s: string) => n.startsWith(s)],
    ['Contains', (n: string, s: string) => n.includes(s)],
    ['EndsWith', (n: string, s: string) => n.endsWith(s)],
  ])('NameFilter %s', async (criterion, match) => {
    const probe = criterion === 'EndsWith' ? 'inc' : criterion === 'Contains' ? 'an' : 'b';
    const expected = someOf(active(), (c) => match(String(c['fullName']).toLowerCase(), probe)).map(idOf);
    expect(await customerIds({ NameFilter: { MatchCriterion: criterion, Name: probe } })).toEqual(expected);
  });

  it('NameRangeFilter, both ends kept', async () => {
    const expected = someOf(active(), (c) => {
      const n = String(c['fullName']).toLowerCase();
      return n >= 'c' && (n <= 'g' || n.startsWith('g'));
    }).map(idOf);
    expect(await customerIds({ NameRangeFilter: { FromName: 'C', ToName: 'G' } })).toEqual(expected);
  });

  it('FromModifiedDate and ToModifiedDate', async () => {
    const sorted = [...customers].map((c) => String(c['updatedAt'])).sort();
    const from = sorted[Math.floor(sorted.length / 2)] ?? '';
    const expected = someOf(active(), (c) => Date.parse(String(c['updatedAt'])) >= Date.parse(from)).map(idOf);
    expect(await customerIds({ FromModifiedDate: from })).toEqual(expected);
    const before = someOf(active(), (c) => Date.parse(String(c['updatedAt'])) <= Date.parse(from)).map(idOf);
    expect(await customerIds({ ToModifiedDate: from })).toEqual(before);
  });
});

describe('filters by a referenced object or a balance, answered as the typed list answers them', () => {
  async function typedIds(path: string, query: Record<string, string | string[]>): Promise<string[]> {
    return (await walk(api, path, query)).flatMap((p) => (p['data'] as Doc[]).map(idOf));
  }

  it('ClassFilter by ListID and by FullName', async () => {
    const klass = customers.find((c) => c['class'] !== null && c['isActive'] === true)?.['class'] as Doc;
    const expected = await typedIds('/ledger-desktop/customers', { classIds: [String(klass['id'])] });
    expect(expected.length).toBeGreaterThan(0);
    expect(await customerIds({ ClassFilter: { ListID: String(klass['id']) } })).toEqual(expected);
    expect(await customerIds({ ClassFilter: { FullName: String(klass['fullName']) } })).toEqual(expected);
  });

  it('TotalBalanceFilter', async () => {
    const expected = await typedIds('/ledger-desktop/customers', { totalBalanceGreaterThan: '1000.00' });
    expect(expected.length).toBeGreaterThan(0);
    expect(await customerIds({ TotalBalanceFilter: { Operator: 'GreaterThan', Amount: '1000.00' } })).toEqual(expected);
  });

  it('AccountFilter on invoices', async () => {
    const account = invoices[0]?.['receivablesAccount'] as Doc;
    const expected = await typedIds('/ledger-desktop/invoices', { accountIds: [String(account['id'])] });
    expect(expected.length).toBeGreaterThan(0);
    expect(await invoiceIds({ AccountFilter: { FullName: String(account['fullName']) } })).toEqual(expected);
  });

  it('a filter the list does not have is an element the desktop cannot parse', async () => {
    const res = await send({ ClassQueryRq: { TotalBalanceFilter: { Operator: 'GreaterThan', Amount: '1.00' } } });
    expect(res.body.error).toMatchObject({ integrationCode: '0x80040400' });
  });
});

describe('transaction filters', () => {
  it('leaves the lines out unless IncludeLineItems is true', async () => {
    const [without] = (await rs({ InvoiceQueryRq: { MaxReturned: 1 } }))['InvoiceRet'] as Ret[];
    expect(without?.['InvoiceLineRet']).toBeUndefined();
    const [withLines] = (await rs({ InvoiceQueryRq: { MaxReturned: 1, IncludeLineItems: 'true' } }))['InvoiceRet'] as Ret[];
    expect((withLines?.['InvoiceLineRet'] as Ret[]).length).toBe((invoices[0]?.['lines'] as Doc[]).length);
  });

  it('TxnDateRangeFilter', async () => {
    const dates = invoices.map((i) => String(i['transactionDate'])).sort();
    const from = dates[Math.floor(dates.length / 3)] ?? '';
    const to = dates[Math.floor((2 * dates.length) / 3)] ?? '';
    const expected = someOf(invoices, (i) => String(i['transactionDate']) >= from && String(i['transactionDate']) <= to).map(idOf);
    expect(await invoiceIds({ TxnDateRangeFilter: { FromTxnDate: from, ToTxnDate: to } })).toEqual(expected);
  });

  it('ModifiedDateRangeFilter', async () => {
    const times = invoices.map((i) => String(i['updatedAt'])).sort();
    const from = times[Math.floor(times.length / 2)] ?? '';
    const expected = someOf(invoices, (i) => Date.parse(String(i['updatedAt'])) >= Date.parse(from)).map(idOf);
    expect(await invoiceIds({ ModifiedDateRangeFilter: { FromModifiedDate: from } })).toEqual(expected);
  });

  it('RefNumber, RefNumberFilter and RefNumberRangeFilter', async () => {
    const ref = String(invoices[7]?.['refNumber']);
    expect(await invoiceIds({ RefNumber: ref })).toEqual(invoices.filter((i) => i['refNumber'] === ref).map(idOf));
    const starts = someOf(invoices, (i) => String(i['refNumber']).startsWith('10')).map(idOf);
    expect(await invoiceIds({ RefNumberFilter: { MatchCriterion: 'StartsWith', RefNumber: '10' } })).toEqual(starts);
    const inRange = someOf(invoices, (i) => Number(i['refNumber']) >= 1010 && Number(i['refNumber']) <= 1030).map(idOf);
    expect(await invoiceIds({ RefNumberRangeFilter: { FromRefNumber: '1010', ToRefNumber: '1030' } })).toEqual(inRange);
  });

  it('EntityFilter by ListID or by FullName', async () => {
    const customer = invoices[2]?.['customer'] as Doc;
    const expected = someOf(invoices, (i) => (i['customer'] as Doc)['id'] === customer['id']).map(idOf);
    expect(await invoiceIds({ EntityFilter: { ListID: String(customer['id']) } })).toEqual(expected);
    expect(await invoiceIds({ EntityFilter: { FullName: String(customer['fullName']) } })).toEqual(expected);
  });

  it('PaidStatus', async () => {
    const expected = someOf(invoices, (i) => i['isPaid'] === false).map(idOf);
    expect(await invoiceIds({ PaidStatus: 'NotPaidOnly' })).toEqual(expected);
  });

  it('IncludeLinkedTxns adds the linked transactions', async () => {
    const linked = (await walk(api, '/ledger-desktop/invoices', { includeLinkedTransactions: true })).flatMap((p) => p['data'] as Doc[]);
    const paid = linked.find((i) => (i['linkedTransactions'] as Doc[]).length > 0);
    if (!paid) throw new Error('the seeded file has no invoice with a payment');
    const [ret] = (await rs({ InvoiceQueryRq: { TxnID: [idOf(paid)], IncludeLinkedTxns: 'true' } }))['InvoiceRet'] as Ret[];
    expect((ret?.['LinkedTxn'] as Ret[]).map((l) => l['TxnID'])).toEqual((paid['linkedTransactions'] as Doc[]).map((l) => l['id']));
  });

  it('IncludeRetElement returns only the elements named', async () => {
    const [ret] = (await rs({ InvoiceQueryRq: { MaxReturned: 1, IncludeRetElement: ['TxnID', 'RefNumber'] } }))['InvoiceRet'] as Ret[];
    expect(ret).toEqual({ TxnID: invoices[0]?.['id'], RefNumber: invoices[0]?.['refNumber'] });
  });
});

describe('iterators', () => {
  it('walk the whole list in pages of MaxReturned, counting down what remains', async () => {
    const expected = customers.filter((c) => c['isActive'] === true).map(idOf);
    const first = await rs({ CustomerQueryRq: { iterator: 'Start', MaxReturned: '7' } });
    expect(first['iteratorID']).toMatch(/^\{[0-9a-f-]{36}\}$/);
    expect(first['iteratorRemainingCount']).toBe(String(expected.length - 7));
    const seen = ids(first, 'CustomerRet');
    let remaining = Number(first['iteratorRemainingCount']);
    while (remaining > 0) {
      const next = await rs({ CustomerQueryRq: { iterator: 'Continue', iteratorID: first['iteratorID'], MaxReturned: '7' } });
      expect(next['iteratorID']).toBe(first['iteratorID']);
      seen.push(...ids(next, 'CustomerRet'));
      remaining = Number(next['iteratorRemainingCount']);
    }
    expect(seen).toEqual(expected);
  });

  it('an iterator nobody opened is an error status, not a failure', async () => {
    const r = await rs({ CustomerQueryRq: { iterator: 'Continue', iteratorID: '{00000000-0000-4000-8000-000000000000}', MaxReturned: '7' } });
    expect(r).toMatchObject({ statusCode: '3120', statusSeverity: 'Error' });
  });

  it('an iterator dies 10 s after its last answer', async () => {
    const first = await rs({ CustomerQueryRq: { iterator: 'Start', MaxReturned: '5' } });
    api.clock.advance(10_001);
    const late = await rs({ CustomerQueryRq: { iterator: 'Continue', iteratorID: first['iteratorID'], MaxReturned: '5' } });
    expect(late['statusCode']).toBe('3120');
  });
});

describe('statuses', () => {
  it('1 (info) when nothing matches', async () => {
    expect(await rs({ CustomerQueryRq: { NameFilter: { MatchCriterion: 'StartsWith', Name: 'zzzzzz' } } })).toEqual({
      statusCode: '1',
      statusSeverity: 'Info',
      statusMessage: expect.stringContaining('did not find a matching object'),
    });
  });

  it('500 (warning) for an id of the right form that is not in the file, 3000 for one of the wrong form', async () => {
    expect(await rs({ CustomerQueryRq: { ListID: '80000099-1700000000' } })).toMatchObject({ statusCode: '500', statusSeverity: 'Warn' });
    expect(await rs({ CustomerQueryRq: { ListID: 'not-an-id' } })).toMatchObject({ statusCode: '3000', statusSeverity: 'Error' });
  });

  it('3020 (error) for a date the desktop cannot read, as the typed lists report it', async () => {
    const r = await rs({ InvoiceQueryRq: { TxnDateRangeFilter: { FromTxnDate: 'yesterday' } } });
    expect(r).toMatchObject({ statusCode: '3020', statusSeverity: 'Error' });
    expect(r['statusMessage'], 'named as the request named it').toMatch(/FromTxnDate/);
  });

  it('echoes the requestID attribute', async () => {
    expect(await rs({ CustomerQueryRq: { requestID: 'r-17', MaxReturned: 1 } })).toMatchObject({ requestID: 'r-17', statusCode: '0' });
  });
});

describe('requests the desktop cannot parse: a connection error, HRESULT 0x80040400', () => {
  it.each([
    ['an unknown element', { CustomerQueryRq: { Colour: 'blue' } }],
    ['elements out of order', { CustomerQueryRq: { ActiveStatus: 'All', MaxReturned: '5' } }],
    ['an alternative sent with other filters', { CustomerQueryRq: { ListID: ['80000001-1700000000'], MaxReturned: '5' } }],
    ['two alternatives together', { CustomerQueryRq: { NameFilter: { MatchCriterion: 'Contains', Name: 'a' }, NameRangeFilter: { FromName: 'a' } } }],
    ['a transaction filter on a list', { CustomerQueryRq: { TxnDateRangeFilter: { FromTxnDate: '2024-01-01' } } }],
    ['a child out of order', { CustomerQueryRq: { NameFilter: { Name: 'a', MatchCriterion: 'Contains' } } }],
    ['a value the element does not take', { CustomerQueryRq: { ActiveStatus: 'Sometimes' } }],
    ['an unknown request', { CustomerFindRq: {} }],
    ['an unknown type', { SpaceshipQueryRq: {} }],
    ['a message set whose onError the desktop refuses', { onError: 'rollbackOnError', CustomerQueryRq: {}, VendorQueryRq: {} }],
    ['a message set with a request that is not an element', { CustomerQueryRq: {}, VendorQueryRq: ['all'] }],
    ['a request that is not an element', { CustomerQueryRq: 'all' }],
    ['iteratorID without Continue', { CustomerQueryRq: { iteratorID: '{x}' } }],
    ['an unknown iterator verb', { CustomerQueryRq: { iterator: 'Restart' } }],
    ['a metaData value the desktop does not take', { CustomerQueryRq: { metaData: 'Everything' } }],
    ['a count alone asked of an iterator', { CustomerQueryRq: { metaData: 'MetaDataOnly', iterator: 'Start' } }],
    ['a date macro the desktop does not have', { InvoiceQueryRq: { TxnDateRangeFilter: { DateMacro: 'ThisDecade' } } }],
    ['a date macro sent with dates', { InvoiceQueryRq: { TxnDateRangeFilter: { FromTxnDate: '2024-01-01', DateMacro: 'ThisMonth' } } }],
    ['two choices of a name filter together', { InvoiceQueryRq: { EntityFilter: { ListID: '80000001-1700000000', FullNameWithChildren: 'x' } } }],
  ])('%s', async (_name, body) => {
    const res = await send(body);
    expect(res.status, res.text).toBe(502);
    expect(res.body.error).toMatchObject({ code: 'LDG_CONNECTION_ERROR', integrationCode: '0x80040400' });
  });

  it('an empty body and an unknown integration are the Service\'s own 400s', async () => {
    expect((await send({})).status).toBe(400);
    const other = await api.post(`/end-users/${api.endUser}/passthrough/other_app`, { CustomerQueryRq: {} }, { endUser: null });
    expect(other.status).toBe(400);
  });

  it('an unknown end user is 404', async () => {
    const res = await api.post('/end-users/end_usr_nobody/passthrough/ledger_desktop', { CustomerQueryRq: {} }, { endUser: null });
    expect(res.status).toBe(404);
  });
});

describe('the same machine as every request', () => {
  it('a machine that cannot be reached fails passthrough like any operation', async () => {
    const m = machine(api);
    await m.set({ connection: 'not_reachable' });
    try {
      const res = await send({ CustomerQueryRq: { MaxReturned: 1 } });
      expect(res.body.error).toMatchObject({ code: 'LDG_CONNECTION_ERROR', integrationCode: '0x80040401' });
    } finally {
      await m.reset();
    }
  });

  it('a status fault for the passthrough operation is answered in the desktop response', async () => {
    const m = machine(api);
    await m.fault({ fault: 'status', status: 3180, count: 1, operations: 'endUsers.passthrough' });
    try {
      expect(await rs({ CustomerQueryRq: { MaxReturned: 1 } })).toMatchObject({ statusCode: '3180', statusSeverity: 'Error' });
      expect(await rs({ CustomerQueryRq: { MaxReturned: 1 } })).toMatchObject({ statusCode: '0' });
    } finally {
      await m.clearFaults();
    }
  });
});
