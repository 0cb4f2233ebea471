import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, expectDesktopError, expectInvalidRequest, fetchAll, sortedIds, type CustomerView } from './support/ledgerViews.ts';
import { startTestSandbox, type RequestOptions, type TestSandbox } from './support/testClient.ts';

const PATH = '/ledger-desktop/customers';
const DESKTOP_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const LIST_OBJECT_ID = /^[0-9A-F]+-\d+$/;
const MISSING_ID = '80000999-1234567890';
type Query = NonNullable<RequestOptions['query']>;

let api: TestSandbox;
let seeded: CustomerView[];

beforeAll(async () => {
  api = await startTestSandbox();
  seeded = await fetchAll<CustomerView>(api, PATH, { status: 'all' });
});
afterAll(async () => {
  await api.close();
});

let counter = 0;
/** A name no other test uses, with a word of its own to filter on. */
const fresh = (label: string): string => `${label} Qx${++counter}`;
const topLevel = (): CustomerView => seeded.find((c) => c.sublevel === 0 && c.isActive) ?? (seeded[0] as CustomerView);
const seededJob = (): CustomerView => seeded.find((c) => c.sublevel === 1) ?? (seeded[0] as CustomerView);

const made: string[] = [];
async function create(body: Record<string, unknown>): Promise<CustomerView> {
  const created = bodyOf<CustomerView>(await api.post(PATH, body));
  made.push(created.id);
  return created;
}
async function update(id: string, body: Record<string, unknown>): Promise<CustomerView> {
  return bodyOf<CustomerView>(await api.post(`${PATH}/${id}`, body));
}
async function retrieve(id: string): Promise<CustomerView> {
  return bodyOf<CustomerView>(await api.get(`${PATH}/${id}`));
}
async function listIds(query: Query): Promise<string[]> {
  return sortedIds(await fetchAll<CustomerView>(api, PATH, query));
}

describe('create, retrieve, list', () => {
  // Filled in by the desktop application on every new customer; everything else starts empty.
  const SET_ON_CREATE = ['id', 'objectType', 'createdAt', 'updatedAt', 'revisionNumber', 'name', 'fullName', 'isActive', 'sublevel',
    'balance', 'totalBalance', 'jobStatus', 'preferredDeliveryMethod'];
  const LISTS = ['alternateShippingAddresses', 'customContactFields', 'additionalContacts', 'additionalNotes', 'customFields'];

  it('a minimal customer carries every property of the spec, empty ones null and lists []', async () => {
    const name = fresh('Minimal Goods');
    const created = await create({ name });
    const required = api.sandbox.deps.operations.get('customers.retrieve')?.responseBody?.required ?? [];
    expect(required.length).toBeGreaterThan(40);
    expect(Object.keys(created).sort()).toEqual([...required].sort());
    for (const key of required.filter((k) => !SET_ON_CREATE.includes(k))) {
      expect(created[key], key).toEqual(LISTS.includes(key) ? [] : null);
    }
    expect(created).toMatchObject({ objectType: 'ldg_customer', name, fullName: name, isActive: true, sublevel: 0, parent: null, balance: '0.00', totalBalance: '0.00' });
  });

  it('gets a desktop-style id, a digit revision number and desktop timestamps of now', async () => {
    const before = api.clock.now();
    const created = await create({ name: fresh('Stamped Works') });
    expect(created.id).toMatch(LIST_OBJECT_ID);
    expect(created.revisionNumber).toMatch(/^\d+$/);
    expect(created.createdAt).toMatch(DESKTOP_TIME);
    expect(created.updatedAt).toBe(created.createdAt);
    expect(created.createdAt.slice(-6), 'the machine offset the seeded objects carry').toBe(topLevel().createdAt.slice(-6));
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(created.createdAt)).toBeLessThanOrEqual(api.clock.now());
    expect(seeded.some((c) => c.id === created.id)).toBe(false);
  });

  it('resolves references and keeps what was sent; retrieve and the list show the same object', async () => {
    const terms = topLevel()['terms'] as { id: string; fullName: string };
    const name = fresh('Juniper Landscaping');
    const created = await create({ name, phone: '971-555-0110', termsId: terms.id, billingAddress: { line1: name, city: 'Salem' } });
    expect(created['terms']).toEqual(terms);
    expect(created.phone).toBe('971-555-0110');
    expect(created['billingAddress']).toEqual({ line1: name, line2: null, line3: null, line4: null, line5: null, city: 'Salem', state: null, postalCode: null, country: null, note: null });
    expect(await retrieve(created.id)).toEqual(created);
    const listed = await fetchAll<CustomerView>(api, PATH);
    expect(listed.find((c) => c.id === created.id)).toEqual(created);
    expect(listed).toHaveLength(seeded.filter((c) => c.isActive).length + made.length);
  });
});

describe('update', () => {
  it('with the current revisionNumber changes the field and the revisionNumber, nothing else', async () => {
    const created = await create({ name: fresh('Revision Labs'), email: 'a@revision.test' });
    const updated = await update(created.id, { revisionNumber: created.revisionNumber, phone: '503-555-0199' });
    expect(updated.phone).toBe('503-555-0199');
    expect(updated.revisionNumber).toMatch(/^\d+$/);
    expect(Number(updated.revisionNumber)).toBeGreaterThan(Number(created.revisionNumber));
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    expect({ ...updated, phone: null, revisionNumber: '', updatedAt: '' }).toEqual({ ...created, revisionNumber: '', updatedAt: '' });
    expect(await retrieve(created.id)).toEqual(updated);
  });

  it('with a stale revisionNumber is refused as out-of-date (3200) and changes nothing', async () => {
    const created = await create({ name: fresh('Stale Bakery') });
    const current = await update(created.id, { revisionNumber: created.revisionNumber, fax: '555-0101' });
    const res = await api.post(`${PATH}/${created.id}`, { revisionNumber: created.revisionNumber, fax: '555-0102' });
    expectDesktopError(res, '3200');
    expect(String(res.body.error?.['message'])).toContain('out-of-date');
    expect(String(res.body.error?.['message'])).toContain(`"${created.revisionNumber}"`);
    expect(await retrieve(created.id)).toEqual(current);
  });
});

describe('names are unique, case-insensitively (3100)', () => {
  it('on create', async () => {
    expectDesktopError(await api.post(PATH, { name: topLevel().name.toUpperCase() }), '3100');
  });

  it('on create of a job under the same parent, but not under another one', async () => {
    const job = seededJob();
    expectDesktopError(await api.post(PATH, { name: job.name.toLowerCase(), parentId: job.parent?.id }), '3100');
    const elsewhere = await create({ name: job.name, parentId: (await create({ name: fresh('Other Parent') })).id });
    expect(elsewhere.sublevel).toBe(1);
  });

  it('on update, while a change of case of its own name is fine', async () => {
    const created = await create({ name: fresh('Casing Co') });
    expectDesktopError(await api.post(`${PATH}/${created.id}`, { revisionNumber: created.revisionNumber, name: topLevel().name.toLowerCase() }), '3100');
    const recased = await update(created.id, { revisionNumber: created.revisionNumber, name: created.name.toUpperCase() });
    expect(recased.fullName).toBe(created.name.toUpperCase());
  });
});

describe('request validation (400 INVALID_REQUEST naming the field)', () => {
  it.each([
    ['an unknown key', { nickname: 'Junie' }, 'nickname'],
    ['an unknown nested key', { billingAddress: { line1: 'x', nickname: 'Junie' } }, 'billingAddress.nickname'],
    ['a number for a string', { phone: 5035550100 }, 'phone'],
    ['a string for a boolean', { isActive: 'yes' }, 'isActive'],
    ['a nested wrong type', { billingAddress: { city: 97 } }, 'billingAddress.city'],
    ['a name over 41 characters', { name: 'N'.repeat(42) }, 'name'],
    ['an unknown enum value', { jobStatus: 'started' }, 'jobStatus'],
  ])('create with %s', async (_case, extra: Record<string, unknown>, field) => {
    expectInvalidRequest(await api.post(PATH, { name: fresh('Valid Name'), ...extra }), field);
  });

  it('a name of exactly 41 characters is accepted', async () => {
    const name = `${fresh('Forty One')} `.padEnd(41, 'x');
    expect((await create({ name })).name).toBe(name);
  });

  it.each([
    ['an unknown key', { nickname: 'Junie' }, 'nickname'],
    ['no revisionNumber', { revisionNumber: undefined }, 'revisionNumber'],
    ['a number as revisionNumber', { revisionNumber: 7 }, 'revisionNumber'],
    ['a name over 41 characters', { name: 'N'.repeat(42) }, 'name'],
  ])('update with %s', async (_case, extra: Record<string, unknown>, field) => {
    const created = await create({ name: fresh('Update Target') });
    expectInvalidRequest(await api.post(`${PATH}/${created.id}`, { revisionNumber: created.revisionNumber, ...extra }), field);
    expect(await retrieve(created.id)).toEqual(created);
  });
});

describe('jobs', () => {
  it('a job made with parentId is "Parent:Job" at sublevel 1, its own job at sublevel 2', async () => {
    const parent = await create({ name: fresh('Harbor Bakery') });
    const job = await create({ name: 'Spring catering', parentId: parent.id });
    expect(job).toMatchObject({ name: 'Spring catering', fullName: `${parent.name}:Spring catering`, sublevel: 1, parent: { id: parent.id, fullName: parent.name } });
    const phase = await create({ name: 'Phase 1', parentId: job.id });
    expect(phase).toMatchObject({ fullName: `${parent.name}:Spring catering:Phase 1`, sublevel: 2, parent: { id: job.id, fullName: job.fullName } });
  });

  it('renaming the parent renames every job below it', async () => {
    const parent = await create({ name: fresh('Old Name') });
    const job = await create({ name: 'Roof', parentId: parent.id });
    const phase = await create({ name: 'Gutters', parentId: job.id });
    const newName = fresh('New Name');
    await update(parent.id, { revisionNumber: parent.revisionNumber, name: newName });
    expect(await retrieve(job.id)).toMatchObject({ name: 'Roof', fullName: `${newName}:Roof`, sublevel: 1, parent: { id: parent.id, fullName: newName } });
    expect(await retrieve(phase.id)).toMatchObject({ fullName: `${newName}:Roof:Gutters`, sublevel: 2, parent: { id: job.id, fullName: `${newName}:Roof` } });
    expect(await listIds({ fullNames: [`${newName}:Roof`, `${newName}:roof:gutters`] })).toEqual(sortedIds([job, phase]));
    expectDesktopError(await api.get(PATH, { query: { fullNames: `${parent.name}:Roof` } }), '500');
  });
});

describe('references and ids', () => {
  it.each([
    ['termsId that does not exist', { termsId: MISSING_ID }, 'termsId'],
    ['termsId naming a customer', (): Record<string, unknown> => ({ termsId: topLevel().id }), 'termsId'],
    ['parentId that does not exist', { parentId: MISSING_ID }, 'parentId'],
  ])('create with %s is 3140, and nothing is written', async (_case, extra, field) => {
    const name = fresh('Broken Reference');
    const res = await api.post(PATH, { name, ...(typeof extra === 'function' ? extra() : extra) });
    expectDesktopError(res, '3140');
    expect(String(res.body.error?.['message'])).toContain(field === 'parentId' ? MISSING_ID : field);
    expect((await create({ name })).name).toBe(name);
  });

  it('update with a missing termsId is 3140', async () => {
    const created = await create({ name: fresh('Terms Update') });
    expectDesktopError(await api.post(`${PATH}/${created.id}`, { revisionNumber: created.revisionNumber, termsId: MISSING_ID }), '3140');
  });

  it.each([
    ['GET', MISSING_ID, '500'],
    ['GET', 'not-an-id', '3000'],
    ['POST', MISSING_ID, '500'],
    ['POST', 'not-an-id', '3000'],
  ])('%s of id %s is desktop error %s', async (method, id, code) => {
    const res = await api.request(method, `${PATH}/${id}`, method === 'POST' ? { body: { revisionNumber: '1' } } : {});
    expectDesktopError(res, code);
    expect(String(res.body.error?.['message'])).toContain(id);
  });
});

describe('writes are seen by later lists with the same filters', () => {
  it('create, deactivate and an opening balance show up in name, status, date and balance filters', async () => {
    const name = fresh('Zephyr Tiles');
    const byName: Query = { nameContains: name.toUpperCase() };
    expect(await listIds(byName)).toEqual([]);
    const created = await create({ name, openingBalance: '125.50' });
    expect(created).toMatchObject({ balance: '125.50', totalBalance: '125.50' });
    expect(await listIds(byName)).toEqual([created.id]);
    expect(await listIds({ ...byName, totalBalance: '125.50' })).toEqual([created.id]);
    expect(await listIds({ ...byName, updatedAfter: created.updatedAt.slice(0, 19) })).toEqual([created.id]);
    const inactive = await update(created.id, { revisionNumber: created.revisionNumber, isActive: false });
    expect(inactive.isActive).toBe(false);
    expect(await listIds(byName)).toEqual([]);
    expect(await listIds({ ...byName, status: 'inactive' })).toEqual([created.id]);
    expect(await listIds({ ids: created.id })).toEqual([created.id]);
  });

  it('name filters fold case beyond ASCII, as fullNames does', async () => {
    const name = `Ørsted ${fresh('Émile')} Café`;
    const created = await create({ name });
    const queries: Query[] = [
      { fullNames: name.toUpperCase() },
      { nameStartsWith: 'ØRSTED ÉMILE' },
      { nameContains: 'ÉMILE QX' },
      { nameEndsWith: name.slice(-8).toUpperCase() },
      { nameFrom: name.toUpperCase(), nameTo: name.toUpperCase() },
    ];
    for (const query of queries) expect(await listIds(query), JSON.stringify(query)).toEqual([created.id]);
  });
});
