import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, expectDesktopError, expectInvalidRequest, fetchAll, sortedIds, type CustomerView } from './support/ledgerViews.ts';
import { startTestSandbox, type RequestOptions, type TestSandbox } from './support/testClient.ts';

// Every expectation is computed from the whole file (`status=all`, walked page by page) by the
// test itself, then compared with what the filter returns. Nothing here writes, so the seeded
// company file (seed 7, 60 customers) stays as it is for the whole file.
const PATH = '/ledger-desktop/customers';
type Query = NonNullable<RequestOptions['query']>;

let api: TestSandbox;
let all: CustomerView[];

beforeAll(async () => {
  api = await startTestSandbox();
  all = await fetchAll<CustomerView>(api, PATH, { status: 'all' });
});
afterAll(async () => {
  await api.close();
});

const active = (): CustomerView[] => all.filter((c) => c.isActive);
const lc = (c: CustomerView): string => c.fullName.toLowerCase();
const at = <T>(list: readonly T[], index: number): T => {
  const found = list[index];
  if (found === undefined) throw new Error(`the seeded company file has no element ${index} here`);
  return found;
};
const one = (pick: (c: CustomerView) => boolean): CustomerView => {
  const found = all.find(pick);
  if (!found) throw new Error('the seeded company file lacks a customer this test needs');
  return found;
};
const inactiveOne = (): CustomerView => one((c) => !c.isActive);
const topLevel = (): CustomerView => one((c) => c.isActive && c.sublevel === 0);
const job = (): CustomerView => one((c) => c.isActive && c.sublevel === 1);

async function listIds(query: Query): Promise<string[]> {
  return sortedIds(await fetchAll<CustomerView>(api, PATH, query));
}

/** Expected ids among the default (active) customers; must be a real subset, or the row proves nothing. */
function expectedActive(pick: (c: CustomerView) => boolean): string[] {
  const ids = sortedIds(active().filter(pick));
  expect(ids.length, 'a row must match some customers').toBeGreaterThan(0);
  expect(ids.length, 'a row must leave some customers out').toBeLessThan(active().length);
  return ids;
}

describe('the seeded company file', () => {
  it('has 60 customers, among them inactive ones and jobs', () => {
    expect(all).toHaveLength(60);
    expect(all.some((c) => !c.isActive)).toBe(true);
    expect(all.some((c) => c.sublevel > 0)).toBe(true);
  });
});

describe('ids', () => {
  it.each([
    ['repeated keys', (ids: string[]): Query => ({ ids })],
    ['one comma-joined value', (ids: string[]): Query => ({ ids: ids.join(',') })],
  ])('given as %s, return exactly those customers, an inactive one included', async (_form, query) => {
    const picked = [inactiveOne().id, topLevel().id, job().id];
    expect(await listIds(query(picked))).toEqual([...picked].sort());
  });

  it('make every other filter be ignored', async () => {
    const picked = [inactiveOne().id, topLevel().id];
    const query = { ids: picked, status: 'inactive', nameStartsWith: 'zzzz', totalBalanceGreaterThan: '99999999' };
    expect(await listIds(query)).toEqual([...picked].sort());
  });

  it.each([
    ['an id that does not exist', '80000999-1234567890', '500'],
    ['a malformed id', 'not-an-id', '3000'],
  ])('with %s fail the whole request', async (_case, bad, code) => {
    const res = await api.get(PATH, { query: { ids: [topLevel().id, bad] } });
    expectDesktopError(res, code);
    expect(String(res.body.error?.['message'])).toContain(bad);
  });
});

describe('fullNames', () => {
  it('match case-insensitively and name jobs "Parent:Job"', async () => {
    const names = [job().fullName.toUpperCase(), topLevel().fullName.toLowerCase()];
    expect(job().fullName).toBe(`${job().parent?.fullName ?? ''}:${job().name}`);
    expect(await listIds({ fullNames: names })).toEqual(sortedIds([job(), topLevel()]));
  });

  it('keep a full name with a comma whole', async () => {
    const withComma = one((c) => c.fullName.includes(','));
    expect(await listIds({ fullNames: withComma.fullName })).toEqual([withComma.id]);
  });

  it('ignore the status filter', async () => {
    expect(await listIds({ fullNames: inactiveOne().fullName, status: 'active' })).toEqual([inactiveOne().id]);
  });

  it.each([
    ['a name nobody has', (): string => 'No Such Customer Anywhere'],
    ["a job's own name without its parent", (): string => job().name],
  ])('with %s fail the whole request with 500', async (_case, name) => {
    expect(all.some((c) => lc(c) === name().toLowerCase())).toBe(false);
    const res = await api.get(PATH, { query: { fullNames: [topLevel().fullName, name()] } });
    expectDesktopError(res, '500');
    expect(String(res.body.error?.['message'])).toContain(name());
  });
});

describe('name matching (case-insensitive, on the full name)', () => {
  it.each([
    ['nameContains', 'AND', (n: string, v: string) => n.includes(v)],
    ['nameContains', 'Remodel', (n: string, v: string) => n.includes(v)],
    ['nameStartsWith', 'KO', (n: string, v: string) => n.startsWith(v)],
    ['nameStartsWith', 'stokes llc:', (n: string, v: string) => n.startsWith(v)],
    ['nameEndsWith', 'Inc', (n: string, v: string) => n.endsWith(v)],
    ['nameEndsWith', 'SONS', (n: string, v: string) => n.endsWith(v)],
  ])('%s=%s', async (filter, value, matches) => {
    const expected = expectedActive((c) => matches(lc(c), value.toLowerCase()));
    expect(await listIds({ [filter]: value })).toEqual(expected);
  });

  it.each(['nameContains', 'nameStartsWith', 'nameEndsWith'])('%s with empty text keeps every active customer', async (filter) => {
    expect(await listIds({ [filter]: '' })).toEqual(sortedIds(active()));
  });

  it.each([
    ['nameContains', 'nameStartsWith'],
    ['nameStartsWith', 'nameEndsWith'],
    ['nameContains', 'nameEndsWith'],
  ])('%s with %s is a 400', async (first, second) => {
    const res = await api.get(PATH, { query: { [first]: 'a', [second]: 'b' } });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', type: 'INVALID_REQUEST_ERROR' });
    expect(String(res.body.error?.['message'])).toContain(first);
    expect(String(res.body.error?.['message'])).toContain(second);
  });
});

describe('nameFrom / nameTo (both ends included)', () => {
  // [ours] nameTo keeps names that start with it: "nameTo=h" keeps "Hoppe and Sons".
  const within = (name: string, from: string | undefined, to: string | undefined): boolean =>
    (from === undefined || name >= from) && (to === undefined || name <= to || name.startsWith(to));

  it.each([
    ['nameFrom only', (): [string | undefined, string | undefined] => ['h', undefined]],
    ['nameTo only', (): [string | undefined, string | undefined] => [undefined, 'h']],
    ['a single letter', (): [string | undefined, string | undefined] => ['O', 'O']],
    ['two existing full names', (): [string | undefined, string | undefined] => [at(active(), 10).fullName.toUpperCase(), at(active(), 30).fullName]],
  ])('%s', async (_case, range) => {
    const [from, to] = range();
    const expected = expectedActive((c) => within(lc(c), from?.toLowerCase(), to?.toLowerCase()));
    const query: Query = { ...(from === undefined ? {} : { nameFrom: from }), ...(to === undefined ? {} : { nameTo: to }) };
    expect(await listIds(query)).toEqual(expected);
  });

  it('includes both named ends', async () => {
    const [from, to] = [at(active(), 10), at(active(), 30)];
    const ids = await listIds({ nameFrom: from.fullName, nameTo: to.fullName });
    expect(ids).toContain(from.id);
    expect(ids).toContain(to.id);
    expect(ids).not.toContain(at(active(), 9).id);
  });
});

describe('status', () => {
  it.each([
    ['left out (active)', {}, (c: CustomerView) => c.isActive],
    ['active', { status: 'active' }, (c: CustomerView) => c.isActive],
    ['inactive', { status: 'inactive' }, (c: CustomerView) => !c.isActive],
  ])('%s', async (_case, query: Query, pick) => {
    const expected = sortedIds(all.filter(pick));
    expect(expected.length).toBeGreaterThan(0);
    expect(await listIds(query)).toEqual(expected);
  });

  it('all returns active and inactive alike', async () => {
    expect(all.filter((c) => c.isActive).length).toBeLessThan(all.length);
    expect(await listIds({ status: 'all' })).toEqual(sortedIds(all));
  });

  it('an unknown value is a 400 naming the parameter', async () => {
    expectInvalidRequest(await api.get(PATH, { query: { status: 'deleted' } }), 'status');
  });
});

describe('updatedAfter / updatedBefore', () => {
  // Desktop timestamps carry the machine's own offset, so their first 10 (19) characters are the
  // local date (date-time) the filters speak of when no offset is given.
  const pivot = (): CustomerView => at([...active()].sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt)), Math.floor(active().length / 2));
  const day = (): string => pivot().updatedAt.slice(0, 10);
  const local = (): string => pivot().updatedAt.slice(0, 19);
  const instant = (): number => Date.parse(pivot().updatedAt);
  const inZone = (ms: number, offsetMinutes: number): string => {
    const shifted = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
    const sign = offsetMinutes < 0 ? '-' : '+';
    const abs = Math.abs(offsetMinutes);
    return `${shifted}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  };

  it.each([
    ['updatedAfter, a date', (): Query => ({ updatedAfter: day() }), (c: CustomerView) => c.updatedAt.slice(0, 10) >= day()],
    ['updatedBefore, a date (the whole day)', (): Query => ({ updatedBefore: day() }), (c: CustomerView) => c.updatedAt.slice(0, 10) <= day()],
    ['updatedAfter, a local date-time', (): Query => ({ updatedAfter: local() }), (c: CustomerView) => c.updatedAt.slice(0, 19) >= local()],
    ['updatedBefore, a local date-time', (): Query => ({ updatedBefore: local() }), (c: CustomerView) => c.updatedAt.slice(0, 19) <= local()],
    ['updatedAfter, in UTC', (): Query => ({ updatedAfter: inZone(instant(), 0).replace('+00:00', 'Z') }), (c: CustomerView) => Date.parse(c.updatedAt) >= instant()],
    ['updatedBefore, with another offset', (): Query => ({ updatedBefore: inZone(instant(), 120) }), (c: CustomerView) => Date.parse(c.updatedAt) <= instant()],
    ['both on the same day', (): Query => ({ updatedAfter: day(), updatedBefore: day() }), (c: CustomerView) => c.updatedAt.slice(0, 10) === day()],
    ['a time and a date of that day', (): Query => ({ updatedAfter: local(), updatedBefore: day() }), (c: CustomerView) => c.updatedAt.slice(0, 19) >= local() && c.updatedAt.slice(0, 10) <= day()],
  ])('%s', async (_case, query, pick) => {
    const expected = sortedIds(active().filter(pick));
    expect(expected).toContain(pivot().id);
    expect(expected.length).toBeLessThan(active().length);
    expect(await listIds(query())).toEqual(expected);
  });

  it.each(['yesterday', '2024-02-30', '2024-13-01T10:00:00', '2024-01-01T25:00:00-05:00', '2024-1-5'])(
    'updatedAfter=%s is desktop error 3020',
    async (value) => {
      expectDesktopError(await api.get(PATH, { query: { updatedAfter: value } }), '3020');
    },
  );

  it.each([
    [{ updatedAfter: '2024-06-02', updatedBefore: '2024-06-01' }],
    [{ updatedAfter: '2024-06-01T12:00:01', updatedBefore: '2024-06-01T12:00:00' }],
    [{ updatedAfter: '2024-06-02', updatedBefore: '2024-06-01T23:59:59' }],
  ])('after later than before is desktop error 3030: %j', async (query) => {
    expectDesktopError(await api.get(PATH, { query }), '3030');
  });
});

describe('totalBalance filters', () => {
  const threshold = (): string => {
    const positive = active().filter((c) => cents(c.totalBalance) > 0).sort((a, b) => cents(a.totalBalance) - cents(b.totalBalance));
    return positive[Math.floor(positive.length / 2)]?.totalBalance ?? '0.00';
  };

  it.each([
    ['totalBalance', (b: number, t: number) => b === t],
    ['totalBalanceGreaterThan', (b: number, t: number) => b > t],
    ['totalBalanceGreaterThanOrEqualTo', (b: number, t: number) => b >= t],
    ['totalBalanceLessThan', (b: number, t: number) => b < t],
    ['totalBalanceLessThanOrEqualTo', (b: number, t: number) => b <= t],
  ])('%s', async (filter, compare) => {
    const t = threshold();
    const expected = expectedActive((c) => compare(cents(c.totalBalance), cents(t)));
    expect(await listIds({ [filter]: t })).toEqual(expected);
  });

  it('totalBalance=0 finds the customers who owe nothing, parents of owing jobs excluded', async () => {
    expect(active().some((c) => cents(c.balance) === 0 && cents(c.totalBalance) > 0)).toBe(true);
    expect(await listIds({ totalBalance: '0' })).toEqual(expectedActive((c) => cents(c.totalBalance) === 0));
  });

  it('a value that is not an amount is a 400 naming the parameter', async () => {
    expectInvalidRequest(await api.get(PATH, { query: { totalBalanceGreaterThan: 'lots' } }), 'totalBalanceGreaterThan');
  });
});

describe('output options and unknown parameters', () => {
  it('excludeAlternateShippingAddresses=true leaves that field null, on the same customers', async () => {
    const excluded = await fetchAll<CustomerView>(api, PATH, { status: 'all', excludeAlternateShippingAddresses: true });
    expect(sortedIds(excluded)).toEqual(sortedIds(all));
    expect(excluded.every((c) => c.alternateShippingAddresses === null)).toBe(true);
    expect(all.every((c) => Array.isArray(c.alternateShippingAddresses))).toBe(true);
  });

  it.each([['foo'], ['paymentStatus'], ['refNumbers'], ['includeLineItems']])('an unknown parameter %s is a 400 naming it', async (name) => {
    expectInvalidRequest(await api.get(PATH, { query: { [name]: 'true' } }), name);
  });
});
