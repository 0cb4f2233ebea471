import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, walk, type TestSandbox } from './support/testClient.ts';
import { passthroughRs, rets, retIds, type Ret } from './support/passthroughClient.ts';

// Issue 40's query options of the desktop through passthrough, each compared with the typed list's
// answer to the same question on the seeded file (seed 7): date macros, the `...WithChildren` name
// filters, `metaData` counts, and iterators on the views and on the queries across list types.
// Dated invoices are added first, so each date macro has something to find and something to leave.
type Doc = Record<string, unknown>;

let api: TestSandbox;
let customers: Doc[];
/** The desktop's today, as its clock writes it on what it stamps. */
let today: string;
let fiscalFirstMonth: number;


const rs = (body: Record<string, unknown>): Promise<Ret> => passthroughRs(api, body);

const ids = retIds;
const typedIds = async (path: string, query: Record<string, string | string[]>): Promise<string[]> =>
  (await walk(api, path, Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v])))).flatMap((p) => (p['data'] as Doc[]).map((d) => String(d['id'] ?? d['transactionId'])));

/** Written out here from the calendar, not taken from the simulator's macros. */
const ymd = (y: number, m: number, d: number): string => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
function expectedPeriod(macro: string): [string, string] {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const fiscalYear = m - 1 >= fiscalFirstMonth ? y : y - 1;
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  switch (macro) {
    case 'Today':
      return [today, today];
    case 'Yesterday':
      return [ymd(y, m - 1, d - 1), ymd(y, m - 1, d - 1)];
    case 'ThisWeek':
      return [ymd(y, m - 1, d - weekday), ymd(y, m - 1, d - weekday + 6)];
    case 'ThisMonth':
      return [ymd(y, m - 1, 1), ymd(y, m, 0)];
    case 'ThisMonthToDate':
      return [ymd(y, m - 1, 1), today];
    case 'LastMonth':
      return [ymd(y, m - 2, 1), ymd(y, m - 1, 0)];
    case 'ThisCalendarYear':
      return [ymd(y, 0, 1), ymd(y, 11, 31)];
    case 'LastCalendarYear':
      return [ymd(y - 1, 0, 1), ymd(y - 1, 11, 31)];
    case 'ThisFiscalYear':
      return [ymd(fiscalYear, fiscalFirstMonth, 1), ymd(fiscalYear + 1, fiscalFirstMonth, 0)];
    case 'LastFiscalYearToDate':
      return [ymd(fiscalYear - 1, fiscalFirstMonth, 1), ymd(y - 1, m - 1, Math.min(d, new Date(Date.UTC(y - 1, m, 0)).getUTCDate()))];
    default:
      throw new Error(`no expectation written for ${macro}`);
  }
}

beforeAll(async () => {
  api = await startTestSandbox();
  customers = (await walk(api, '/ledger-desktop/customers', { status: 'all' })).flatMap((p) => p['data'] as Doc[]);
  const company = (await api.get('/ledger-desktop/company')).body;
  const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
  fiscalFirstMonth = Math.max(0, months.indexOf(String(company['fiscalYearStartMonth'] ?? 'january')));
  const item = ((await api.get('/ledger-desktop/service-items', { query: { limit: 1 } })).body['data'] as Doc[])[0] ?? {};
  const customer = customers.find((c) => c['isActive'] === true) ?? {};
  // Stamped by the desktop's clock: its date part is the desktop's today.
  const stamp = await api.post('/ledger-desktop/classes', { name: 'Date stamp' });
  expect(stamp.status, stamp.text).toBe(200);
  today = String(stamp.body['createdAt']).slice(0, 10);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  for (const date of [today, ymd(y, m - 1, d - 1), ymd(y, m - 2, 15), ymd(y - 1, m - 1, 1), ymd(y, 0, 2)]) {
    const res = await api.post('/ledger-desktop/invoices', { customerId: customer['id'], transactionDate: date, lines: [{ itemId: item['id'], amount: '25.00' }] });
    expect(res.status, res.text).toBe(200);
  }
});
afterAll(async () => {
  await api.close();
});

describe('TxnDateRangeFilter with a DateMacro: the days the macro names on the desktop\'s today', () => {
  it.each(['Today', 'Yesterday', 'ThisWeek', 'ThisMonth', 'ThisMonthToDate', 'LastMonth', 'ThisCalendarYear', 'LastCalendarYear', 'ThisFiscalYear', 'LastFiscalYearToDate'])('%s', async (macro) => {
    const [from, to] = expectedPeriod(macro);
    const typed = await typedIds('/ledger-desktop/invoices', { transactionDateFrom: from, transactionDateTo: to });
    const all = await typedIds('/ledger-desktop/invoices', {});
    if (macro !== 'Yesterday' && macro !== 'LastCalendarYear' && macro !== 'LastFiscalYearToDate') {
      expect(typed.length, 'the macro finds some invoices').toBeGreaterThan(0);
    }
    expect(typed.length, 'the macro leaves some invoices out').toBeLessThan(all.length);
    const r = await rs({ InvoiceQueryRq: { TxnDateRangeFilter: { DateMacro: macro } } });
    expect(ids(r, 'InvoiceRet', 'TxnID')).toEqual(typed);
    for (const ret of rets(r, 'InvoiceRet')) expect(String(ret['TxnDate']) >= from && String(ret['TxnDate']) <= to, `${String(ret['TxnDate'])} in ${from}..${to}`).toBe(true);
  });

  it('All sets no date', async () => {
    expect(ids(await rs({ InvoiceQueryRq: { TxnDateRangeFilter: { DateMacro: 'All' } } }), 'InvoiceRet', 'TxnID')).toEqual(await typedIds('/ledger-desktop/invoices', {}));
  });

  it('the query across transaction types takes it too', async () => {
    const [from, to] = expectedPeriod('ThisMonth');
    const typed = await typedIds('/ledger-desktop/transactions', { transactionDateFrom: from, transactionDateTo: to });
    expect(typed.length).toBeGreaterThan(0);
    const r = await rs({ TransactionQueryRq: { TxnDateRangeFilter: { DateMacro: 'ThisMonth' } } });
    expect(ids(r, 'TransactionRet', 'TxnID')).toEqual(typed);
  });
});

describe('...WithChildren: the named object and everything under it in its hierarchy', () => {
  /** A customer with jobs under it, and its branch (itself, its jobs, theirs), from the typed list. */
  function branch(): { parent: Doc; ids: string[] } {
    const parent = customers.find((c) => customers.some((j) => String(j['fullName']).startsWith(`${String(c['fullName'])}:`)));
    if (!parent) throw new Error('the seeded file has no customer with jobs');
    const under = customers.filter((c) => String(c['fullName']).startsWith(`${String(parent['fullName'])}:`));
    return { parent, ids: [String(parent['id']), ...under.map((c) => String(c['id']))] };
  }

  it.each([
    ['FullNameWithChildren', (p: Doc) => p['fullName']],
    ['ListIDWithChildren', (p: Doc) => p['id']],
  ])('EntityFilter %s', async (choice, value) => {
    const { parent, ids: branchIds } = branch();
    const typed = await typedIds('/ledger-desktop/invoices', { customerIds: branchIds });
    const own = await typedIds('/ledger-desktop/invoices', { customerIds: [String(parent['id'])] });
    expect(typed.length, 'the jobs have invoices of their own').toBeGreaterThan(own.length);
    expect(ids(await rs({ InvoiceQueryRq: { EntityFilter: { [choice]: value(parent) } } }), 'InvoiceRet', 'TxnID')).toEqual(typed);
    expect(ids(await rs({ InvoiceQueryRq: { EntityFilter: { ListID: parent['id'] } } }), 'InvoiceRet', 'TxnID'), 'ListID alone is the one object').toEqual(own);
  });

  it('TransactionAccountFilter FullNameWithChildren: an account and its subaccounts', async () => {
    const accounts = (await walk(api, '/ledger-desktop/accounts', { status: 'all' })).flatMap((p) => p['data'] as Doc[]);
    const parents = accounts.filter((a) => accounts.some((s) => String(s['fullName']).startsWith(`${String(a['fullName'])}:`)));
    expect(parents.length, 'the seeded chart has subaccounts').toBeGreaterThan(0);
    let compared = 0;
    for (const parent of parents) {
      const under = accounts.filter((s) => String(s['fullName']).startsWith(`${String(parent['fullName'])}:`)).map((s) => String(s['id']));
      const typed = await typedIds('/ledger-desktop/transactions', { accountIds: [String(parent['id']), ...under] });
      const r = await rs({ TransactionQueryRq: { TransactionAccountFilter: { FullNameWithChildren: parent['fullName'] } } });
      expect(ids(r, 'TransactionRet', 'TxnID'), String(parent['fullName'])).toEqual(typed);
      if (typed.length > 0) compared += 1;
    }
    expect(compared, 'some branch of the chart has transactions').toBeGreaterThan(0);
  });

  it('an unknown full name is the desktop\'s invalid reference (3140)', async () => {
    expect(await rs({ InvoiceQueryRq: { EntityFilter: { FullNameWithChildren: 'Nobody At All' } } })).toMatchObject({ statusCode: '3140', statusSeverity: 'Error' });
  });
});

describe('metaData: a count of what the query finds (retCount)', () => {
  it('MetaDataOnly answers the count and no objects', async () => {
    const typed = await typedIds('/ledger-desktop/customers', {});
    const r = await rs({ CustomerQueryRq: { metaData: 'MetaDataOnly' } });
    expect(r).toEqual({ statusCode: '0', statusSeverity: 'Info', statusMessage: 'Status OK', retCount: String(typed.length) });
  });

  it('MetaDataAndResponseData answers both; MaxReturned bounds both', async () => {
    const r = await rs({ CustomerQueryRq: { metaData: 'MetaDataAndResponseData', MaxReturned: '4' } });
    expect(r['retCount']).toBe('4');
    expect(ids(r, 'CustomerRet')).toEqual((await typedIds('/ledger-desktop/customers', {})).slice(0, 4));
  });

  it('with an iterator, the count is of the whole walk from this page on', async () => {
    const typed = await typedIds('/ledger-desktop/invoices', {});
    const first = await rs({ InvoiceQueryRq: { metaData: 'MetaDataAndResponseData', iterator: 'Start', MaxReturned: '10' } });
    expect(first['retCount']).toBe(String(typed.length));
    expect(first['iteratorRemainingCount']).toBe(String(typed.length - 10));
    const next = await rs({ InvoiceQueryRq: { metaData: 'MetaDataAndResponseData', iterator: 'Continue', iteratorID: first['iteratorID'], MaxReturned: '10' } });
    expect(next['retCount']).toBe(String(typed.length - 10));
  });

  it('a count of nothing is no match, with retCount 0', async () => {
    expect(await rs({ CustomerQueryRq: { metaData: 'MetaDataOnly', NameFilter: { MatchCriterion: 'StartsWith', Name: 'zzzzzz' } } })).toMatchObject({ statusCode: '1', retCount: '0' });
  });

  it('the queries across list types and the views count too', async () => {
    const all = await rs({ ItemQueryRq: {} });
    const count = Object.entries(all).filter(([k]) => k.endsWith('Ret')).reduce((n, [, v]) => n + (v as unknown[]).length, 0);
    expect(await rs({ ItemQueryRq: { metaData: 'MetaDataOnly' } })).toMatchObject({ statusCode: '0', retCount: String(count) });
  });
});

describe('iterators on the views and on the queries across list types', () => {
  /** Walks a query with `iterator`, pages of `size`, and answers every object in the order walked. */
  async function walkQuery(name: string, request: Ret, size: number): Promise<{ objects: string[]; pages: number }> {
    const objects: string[] = [];
    const idsOf = (r: Ret): string[] => Object.entries(r).filter(([k]) => k.endsWith('Ret')).flatMap(([, v]) => (v as Ret[]).map((o) => String(o['ListID'] ?? o['TxnID'])));
    // `MaxReturned` comes first among a list query's filters.
    let page = await rs({ [name]: { iterator: 'Start', MaxReturned: String(size), ...request } });
    let pages = 1;
    objects.push(...idsOf(page));
    while (page['iteratorRemainingCount'] !== '0') {
      expect(page['statusCode']).toBe('0');
      const remaining = Number(page['iteratorRemainingCount']);
      page = await rs({ [name]: { iterator: 'Continue', iteratorID: page['iteratorID'], MaxReturned: String(size) } });
      pages += 1;
      expect(Number(page['iteratorRemainingCount'])).toBe(Math.max(0, remaining - size));
      objects.push(...idsOf(page));
    }
    const after = await rs({ [name]: { iterator: 'Continue', iteratorID: page['iteratorID'], MaxReturned: String(size) } });
    expect(after).toMatchObject({ statusCode: '1', iteratorRemainingCount: '0' });
    return { objects, pages };
  }

  it('ItemQueryRq: the pages hold what one answer holds, in its order', async () => {
    const whole = await rs({ ItemQueryRq: { ActiveStatus: 'All' } });
    const count = Object.entries(whole).filter(([k]) => k.endsWith('Ret')).reduce((n, [, v]) => n + (v as unknown[]).length, 0);
    const wholeIds = Object.entries(whole).filter(([k]) => k.endsWith('Ret')).flatMap(([, v]) => (v as Ret[]).map((o) => String(o['ListID'])));
    const walked = await walkQuery('ItemQueryRq', { ActiveStatus: 'All' }, 7);
    expect(walked.pages).toBe(Math.ceil(count / 7));
    expect(walked.objects).toHaveLength(count);
    expect([...walked.objects].sort()).toEqual([...wholeIds].sort());
  });

  it('EntityQueryRq walks every customer, vendor, employee and other name once', async () => {
    const expected = (await Promise.all(['customers', 'vendors', 'employees', 'other-names'].map((r) => typedIds(`/ledger-desktop/${r}`, {})))).flat();
    const walked = await walkQuery('EntityQueryRq', {}, 25);
    expect([...walked.objects].sort()).toEqual([...expected].sort());
  });

  it('TxnDeletedQueryRq iterates in one page, as its request has no MaxReturned', async () => {
    const invoices = await typedIds('/ledger-desktop/invoices', {});
    for (const id of invoices.slice(-3)) expect((await api.delete(`/ledger-desktop/invoices/${id}`)).status).toBe(200);
    const typed = (await api.get('/ledger-desktop/deleted-transactions', { query: { transactionTypes: 'invoice' } })).body['data'] as Doc[];
    expect(typed.length).toBeGreaterThanOrEqual(3);
    const first = await rs({ TxnDeletedQueryRq: { iterator: 'Start', TxnDelType: 'Invoice' } });
    expect(first).toMatchObject({ statusCode: '0', iteratorRemainingCount: '0' });
    expect(ids(first, 'TxnDeletedRet', 'TxnID')).toEqual(typed.map((d) => String(d['id'])));
    expect(await rs({ TxnDeletedQueryRq: { iterator: 'Continue', iteratorID: first['iteratorID'], TxnDelType: 'Invoice' } }), 'the schema asks its elements of a Continue too').toMatchObject({ statusCode: '1', iteratorRemainingCount: '0' });
  });

  it('an iterator of one query is not continued by another (3120), nor after 10 s', async () => {
    const first = await rs({ ItemQueryRq: { iterator: 'Start', MaxReturned: '2' } });
    expect(await rs({ EntityQueryRq: { iterator: 'Continue', iteratorID: first['iteratorID'], MaxReturned: '2' } })).toMatchObject({ statusCode: '3120' });
    api.clock.advance(10_001);
    expect(await rs({ ItemQueryRq: { iterator: 'Continue', iteratorID: first['iteratorID'], MaxReturned: '2' } })).toMatchObject({ statusCode: '3120' });
  });
});
