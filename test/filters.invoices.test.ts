import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, cents, expectDesktopError, expectInvalidRequest, fetchAll, sortedIds, type CustomerView, type InvoiceView } from './support/ledgerViews.ts';
import { startTestSandbox, type RequestOptions, type TestSandbox } from './support/testClient.ts';

// Expectations are computed by the test from the whole unfiltered list (150 seeded invoices,
// seed 7) and compared with what each filter returns. Nothing here writes.
const PATH = '/ledger-desktop/invoices';
type Query = NonNullable<RequestOptions['query']>;

let api: TestSandbox;
let all: InvoiceView[];
let customers: CustomerView[];

beforeAll(async () => {
  api = await startTestSandbox();
  all = await fetchAll<InvoiceView>(api, PATH);
  customers = await fetchAll<CustomerView>(api, '/ledger-desktop/customers', { status: 'all' });
});
afterAll(async () => {
  await api.close();
});

const at = <T>(list: readonly T[], index: number): T => {
  const found = list[index];
  if (found === undefined) throw new Error(`the seeded company file has no element ${index} here`);
  return found;
};
const byDate = (): InvoiceView[] => [...all].sort((a, b) => a.transactionDate.localeCompare(b.transactionDate));
const paid = (): InvoiceView => at(all.filter((i) => i.isPaid === true), 0);
const unpaid = (): InvoiceView => at(all.filter((i) => i.isPaid === false), 0);
const customerIdOf = (i: InvoiceView): string => i.customer?.id ?? '';

async function listIds(query: Query): Promise<string[]> {
  return sortedIds(await fetchAll<InvoiceView>(api, PATH, query));
}

/** Expected ids; a row must keep some invoices and drop others, or it proves nothing. */
function expectedSubset(pick: (i: InvoiceView) => boolean): string[] {
  const ids = sortedIds(all.filter(pick));
  expect(ids.length, 'a row must match some invoices').toBeGreaterThan(0);
  expect(ids.length, 'a row must leave some invoices out').toBeLessThan(all.length);
  return ids;
}

describe('the seeded company file', () => {
  it('has 150 invoices, paid and unpaid, each with lines', () => {
    expect(all).toHaveLength(150);
    expect(all.some((i) => i.isPaid === true) && all.some((i) => i.isPaid === false)).toBe(true);
    expect(all.every((i) => i.lines.length > 0)).toBe(true);
  });
});

describe('ids and refNumbers (exact, every other filter ignored)', () => {
  it.each([
    ['ids, repeated keys', (list: InvoiceView[]): Query => ({ ids: list.map((i) => i.id) })],
    ['ids, comma-joined', (list: InvoiceView[]): Query => ({ ids: list.map((i) => i.id).join(',') })],
    ['refNumbers, repeated keys', (list: InvoiceView[]): Query => ({ refNumbers: list.map((i) => i.refNumber ?? '') })],
    ['refNumbers, comma-joined', (list: InvoiceView[]): Query => ({ refNumbers: list.map((i) => i.refNumber ?? '').join(',') })],
  ])('%s', async (_case, query) => {
    const picked = [paid(), unpaid()];
    const contradicting: Query = { paymentStatus: 'not_paid', transactionDateFrom: '2099-01-01', customerIds: '80000999-1234567890' };
    expect(await listIds({ ...query(picked), ...contradicting })).toEqual(sortedIds(picked));
  });

  it.each([
    ['an invoice id that does not exist', (): string[] => [at(all, 0).id, 'FFFF-1234567890'], 'ids', 'FFFF-1234567890', '500'],
    ['a customer id given as an invoice id', (): string[] => [at(customers, 0).id], 'ids', '', '500'],
    ['a malformed id', (): string[] => [at(all, 0).id, 'not-an-id'], 'ids', 'not-an-id', '3000'],
    ['a reference number nobody has', (): string[] => [at(all, 0).refNumber ?? '', 'NOPE-1'], 'refNumbers', 'NOPE-1', '500'],
  ])('%s fails the whole request', async (_case, values, filter, named, code) => {
    const res = await api.get(PATH, { query: { [filter]: values() } });
    expectDesktopError(res, code);
    expect(String(res.body.error?.['message'])).toContain(named || values()[0]);
  });
});

describe('transactionDateFrom / transactionDateTo (days, both included)', () => {
  const d1 = (): string => at(byDate(), 30).transactionDate;
  const d2 = (): string => at(byDate(), 90).transactionDate;

  it.each([
    ['from only', (): Query => ({ transactionDateFrom: d1() }), (i: InvoiceView) => i.transactionDate >= d1()],
    ['to only', (): Query => ({ transactionDateTo: d2() }), (i: InvoiceView) => i.transactionDate <= d2()],
    ['from and to', (): Query => ({ transactionDateFrom: d1(), transactionDateTo: d2() }), (i: InvoiceView) => i.transactionDate >= d1() && i.transactionDate <= d2()],
    ['one day', (): Query => ({ transactionDateFrom: d1(), transactionDateTo: d1() }), (i: InvoiceView) => i.transactionDate === d1()],
  ])('%s', async (_case, query, pick) => {
    const expected = expectedSubset(pick);
    expect(expected).toContain(at(byDate(), 'transactionDateFrom' in query() ? 30 : 90).id);
    expect(await listIds(query())).toEqual(expected);
  });

  it('reversed is desktop error 3030', async () => {
    expectDesktopError(await api.get(PATH, { query: { transactionDateFrom: d2(), transactionDateTo: d1() } }), '3030');
  });

  it.each([
    ['transactionDateFrom', '2024/01/05'],
    ['transactionDateTo', '20240105'],
    ['transactionDateTo', '2024-02-30'],
  ])('%s=%s is a 400 naming the parameter', async (name, value) => {
    expectInvalidRequest(await api.get(PATH, { query: { [name]: value } }), name);
  });

  it('updatedAfter works on invoices as on customers', async () => {
    const day = at(byDate(), 75).updatedAt.slice(0, 10);
    expect(await listIds({ updatedAfter: day })).toEqual(expectedSubset((i) => i.updatedAt.slice(0, 10) >= day));
  });
});

describe('entity and status filters', () => {
  const billed = (): string[] => [...new Set(all.map(customerIdOf))];

  it.each([
    ['customerIds, repeated keys', (): Query => ({ customerIds: billed().slice(0, 3) }), (i: InvoiceView) => billed().slice(0, 3).includes(customerIdOf(i))],
    ['customerIds, comma-joined', (): Query => ({ customerIds: billed().slice(3, 5).join(',') }), (i: InvoiceView) => billed().slice(3, 5).includes(customerIdOf(i))],
    ['paymentStatus=paid', (): Query => ({ paymentStatus: 'paid' }), (i: InvoiceView) => i.isPaid === true],
    ['paymentStatus=not_paid', (): Query => ({ paymentStatus: 'not_paid' }), (i: InvoiceView) => i.isPaid === false],
    [
      'customerIds with paymentStatus and a date',
      (): Query => ({ customerIds: billed().slice(0, 10), paymentStatus: 'paid', transactionDateFrom: '2024-06-01' }),
      (i: InvoiceView) => billed().slice(0, 10).includes(customerIdOf(i)) && i.isPaid === true && i.transactionDate >= '2024-06-01',
    ],
  ])('%s', async (_case, query, pick) => {
    expect(await listIds(query())).toEqual(expectedSubset(pick));
  });

  it('paymentStatus=all (the default) keeps every invoice', async () => {
    expect(await listIds({ paymentStatus: 'all' })).toEqual(sortedIds(all));
  });

  it('customerIds of a customer without invoices is an empty list, not an error', async () => {
    const idle = customers.find((c) => !all.some((i) => customerIdOf(i) === c.id));
    expect(idle).toBeDefined();
    expect(await listIds({ customerIds: idle?.id ?? '' })).toEqual([]);
  });

  it.each([
    ['the receivables account', (): string => at(all, 0).receivablesAccount?.id ?? ''],
    ['another object', (): string => at(customers, 0).id],
  ])('accountIds with %s', async (_case, account) => {
    const expected = sortedIds(all.filter((i) => i.receivablesAccount?.id === account()));
    expect(await listIds({ accountIds: account() })).toEqual(expected);
  });
});

describe('reference number matching', () => {
  const num = (i: InvoiceView): number => Number(i.refNumber);

  it('the seeded reference numbers are all digits', () => {
    expect(all.every((i) => /^\d+$/.test(i.refNumber ?? ''))).toBe(true);
  });

  it.each([
    // As text, "1001" < "999" and "1001" > "10000": these rows fail unless digits compare as numbers.
    ['from 999', { refNumberFrom: '999' }, (n: number) => n >= 999],
    ['to 10000', { refNumberTo: '10000' }, (n: number) => n <= 10000],
    ['from 1050 to 1060', { refNumberFrom: '1050', refNumberTo: '1060' }, (n: number) => n >= 1050 && n <= 1060],
    ['from 1100', { refNumberFrom: '1100' }, (n: number) => n >= 1100],
  ])('refNumber range %s', async (_case, query: Query, pick) => {
    const expected = sortedIds(all.filter((i) => pick(num(i))));
    expect(expected.length).toBeGreaterThan(0);
    expect(await listIds(query)).toEqual(expected);
  });

  it.each([
    ['refNumberContains', '02', (r: string, v: string) => r.includes(v)],
    ['refNumberStartsWith', '11', (r: string, v: string) => r.startsWith(v)],
    ['refNumberEndsWith', '7', (r: string, v: string) => r.endsWith(v)],
  ])('%s=%s', async (filter, value, matches) => {
    expect(await listIds({ [filter]: value })).toEqual(expectedSubset((i) => matches(i.refNumber ?? '', value)));
  });

  it('two reference-number text filters at once are a 400', async () => {
    const res = await api.get(PATH, { query: { refNumberContains: '1', refNumberEndsWith: '2' } });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error?.['code']).toBe('INVALID_REQUEST');
  });
});

describe('output options', () => {
  it('includeLineItems=false empties lines and changes nothing else', async () => {
    const bare = await fetchAll<InvoiceView>(api, PATH, { includeLineItems: false });
    expect(sortedIds(bare)).toEqual(sortedIds(all));
    expect(bare.every((i) => i.lines.length === 0 && i.lineGroups.length === 0)).toBe(true);
    const full = new Map(all.map((i) => [i.id, i]));
    for (const invoice of bare) expect(invoice).toEqual({ ...full.get(invoice.id), lines: [], lineGroups: [] });
  });

  it('linked transactions are left out by default, even on paid invoices', async () => {
    const explicit = await fetchAll<InvoiceView>(api, PATH, { includeLinkedTransactions: false });
    for (const list of [all, explicit]) expect(list.every((i) => i.linkedTransactions.length === 0)).toBe(true);
    expect(cents(paid().appliedAmount)).toBeLessThan(0);
  });

  it('includeLinkedTransactions=true carries the payments, as retrieve shows them', async () => {
    const linked = await fetchAll<InvoiceView>(api, PATH, { includeLinkedTransactions: true });
    expect(sortedIds(linked)).toEqual(sortedIds(all));
    const withLinks = linked.filter((i) => i.linkedTransactions.length > 0);
    expect(withLinks.length).toBeGreaterThan(0);
    expect(withLinks.some((i) => i.linkedTransactions.some((l) => l.transactionType === 'receive_payment'))).toBe(true);
    for (const invoice of linked) {
      // Payments and credits applied; an estimate or sales order an invoice was made from is linked by quantity.
      const applied = invoice.linkedTransactions.filter((l) => l['linkType'] === 'amount').reduce((sum, l) => sum + cents(l.amount), 0);
      expect(applied, invoice.id).toBe(cents(invoice.appliedAmount));
    }
    for (const invoice of withLinks.slice(0, 20)) {
      const retrieved = bodyOf<InvoiceView>(await api.get(`${PATH}/${invoice.id}`));
      expect(invoice.linkedTransactions).toEqual(retrieved.linkedTransactions);
    }
  });
});

describe('unknown parameters', () => {
  it.each([['foo'], ['status'], ['nameContains'], ['fullNames'], ['totalBalance'], ['excludeAlternateShippingAddresses']])(
    '%s is a 400 naming it',
    async (name) => {
      expectInvalidRequest(await api.get(PATH, { query: { [name]: 'all' } }), name);
    },
  );
});
