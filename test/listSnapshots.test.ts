import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idsOf, startTestSandbox, walk, type ApiResponse, type TestSandbox } from './support/testClient.ts';

type Body = ApiResponse['body'];
type Doc = Record<string, unknown>;

const CUSTOMERS = '/ledger-desktop/customers';
const INVOICES = '/ledger-desktop/invoices';

let api: TestSandbox;

beforeAll(async () => {
  api = await startTestSandbox({ sizes: { customers: 60, invoices: 40 } });
});
afterAll(() => api.close());

function dataOf(page: Body): Doc[] {
  return page['data'] as Doc[];
}

async function first(path: string, query: Record<string, string | number | string[]> = {}, limit = 10): Promise<Body> {
  const res = await api.get(path, { query: { ...query, limit } });
  expect(res.status).toBe(200);
  return res.body;
}

/** The pages after `page` of its sequence, checking the count goes down exactly. */
async function rest(path: string, page: Body, limit = 10): Promise<Body[]> {
  const pages: Body[] = [];
  const cursor = page['nextCursor'];
  let remaining = Number(page['remainingCount']);
  while (remaining > 0) {
    const res = await api.get(path, { query: { cursor: String(cursor), limit } });
    expect(res.status).toBe(200);
    expect(res.body['nextCursor'] === null || res.body['nextCursor'] === cursor).toBe(true);
    expect(res.body['remainingCount']).toBe(remaining - dataOf(res.body).length);
    remaining = Number(res.body['remainingCount']);
    pages.push(res.body);
  }
  return pages;
}

async function changeCustomer(id: string, fields: Doc): Promise<Doc> {
  const current = (await api.get(`${CUSTOMERS}/${id}`)).body;
  const res = await api.post(`${CUSTOMERS}/${id}`, { revisionNumber: current['revisionNumber'], ...fields });
  expect(res.status).toBe(200);
  return res.body;
}

function historySize(): number {
  return api.sandbox.deps.host.application(`company_${api.endUser}`).file.store.history.size;
}

function endAll(): void {
  api.clock.advance(10_001);
  api.sandbox.deps.host.sweepIterators();
}

describe('a list sequence is a snapshot of the list when its first page was asked', () => {
  it('leaves out objects added later, wherever they would sort, and keeps remainingCount exact', async () => {
    const before = idsOf(await walk(api, CUSTOMERS));
    const page = await first(CUSTOMERS);
    const added: string[] = [];
    for (const name of ['AAA Snapshot First', 'Mmm Snapshot Middle', 'zzz Snapshot Last']) {
      const res = await api.post(CUSTOMERS, { name });
      expect(res.status).toBe(200);
      added.push(String(res.body['id']));
    }
    const seen = idsOf([page, ...(await rest(CUSTOMERS, page))]);
    expect(seen).toEqual(before);
    expect(seen.some((id) => added.includes(id))).toBe(false);
    const after = idsOf(await walk(api, CUSTOMERS));
    expect(after).toHaveLength(before.length + 3);
  });

  it('shows a changed or renamed object at its old place with its old content, and the new one only to later sequences', async () => {
    const page = await first(CUSTOMERS);
    const listed = (await walk(api, CUSTOMERS)).flatMap(dataOf);
    const all = listed.map((c) => String(c['id']));
    // A top-level customer without jobs, far down the list: its new name takes it to the top.
    const loner = listed.filter((c) => c['sublevel'] === 0 && !listed.some((j) => (j['parent'] as Doc | null)?.['id'] === c['id']));
    const target = loner[loner.length - 5] ?? {};
    const renamed = await changeCustomer(String(target['id']), { name: '0 Renamed To The Top', phone: '555-0100' });
    expect(renamed['fullName']).toBe('0 Renamed To The Top');
    const pages = [page, ...(await rest(CUSTOMERS, page))];
    expect(idsOf(pages)).toEqual(all);
    const shown = pages.flatMap(dataOf).find((c) => c['id'] === target['id']);
    expect(shown).toEqual(target);
    const later = await walk(api, CUSTOMERS);
    expect(idsOf(later)[0]).toBe(target['id']);
    expect(dataOf(later[0] ?? {})[0]?.['phone']).toBe('555-0100');
  });

  it('keeps an object made inactive in the active list it was in, and leaves out one made active', async () => {
    const all = idsOf(await walk(api, CUSTOMERS, { status: 'all' }));
    const active = idsOf(await walk(api, CUSTOMERS));
    const inactive = all.filter((id) => !active.includes(id));
    const toDeactivate = active.find((id) => id !== active[0]) ?? '';
    const page = await first(CUSTOMERS);
    const jobs = (await walk(api, CUSTOMERS)).flatMap(dataOf).filter((c) => (c['parent'] as Doc | null)?.['id'] === toDeactivate);
    for (const job of jobs) await changeCustomer(String(job['id']), { isActive: false });
    await changeCustomer(toDeactivate, { isActive: false });
    if (inactive[0]) await changeCustomer(inactive[0], { isActive: true });
    expect(idsOf([page, ...(await rest(CUSTOMERS, page))])).toEqual(active);
    expect(idsOf(await walk(api, CUSTOMERS))).not.toContain(toDeactivate);
  });

  it('shows jobs with their parent name as it was when a rename of the parent reaches them later', async () => {
    const customers = (await walk(api, CUSTOMERS)).flatMap(dataOf);
    const parent = customers.find((c) => customers.some((j) => (j['parent'] as Doc | null)?.['id'] === c['id']));
    expect(parent).toBeDefined();
    const jobsBefore = customers.filter((j) => (j['parent'] as Doc | null)?.['id'] === parent?.['id']);
    const page = await first(CUSTOMERS, {}, 5);
    await changeCustomer(String(parent?.['id']), { name: 'Renamed Parent Holdings' });
    const seen = [page, ...(await rest(CUSTOMERS, page, 5))].flatMap(dataOf);
    for (const job of jobsBefore) expect(seen.find((c) => c['id'] === job['id'])?.['fullName']).toBe(job['fullName']);
    const now = (await walk(api, CUSTOMERS)).flatMap(dataOf);
    for (const job of jobsBefore) expect(String(now.find((c) => c['id'] === job['id'])?.['fullName'])).toMatch(/^Renamed Parent Holdings:/);
  });

  it('filters past versions by the references they had: an invoice moved to another customer stays in a customerIds walk', async () => {
    const invoices = (await walk(api, INVOICES)).flatMap(dataOf);
    // Only an invoice nothing was applied to can change customer: the last such of its customer moves.
    const movable = invoices.filter((i) => i['appliedAmount'] === '0.00');
    const customerId = String((movable[0]?.['customer'] as Doc)['id']);
    const other = invoices.map((i) => String((i['customer'] as Doc)['id'])).find((id) => id !== customerId) ?? '';
    const theirs = idsOf(await walk(api, INVOICES, { customerIds: customerId }));
    const page = await first(INVOICES, { customerIds: customerId }, 1);
    const moved = movable.filter((i) => theirs.includes(String(i['id']))).at(-1);
    const res = await api.post(`${INVOICES}/${String(moved?.['id'])}`, { revisionNumber: moved?.['revisionNumber'], customerId: other });
    expect(res.status, res.text).toBe(200);
    const lines = (invoices[0]?.['lines'] as Doc[]).filter((l) => l['item'] !== null);
    const fresh = await api.post(INVOICES, { customerId, transactionDate: '2025-06-01', lines: [{ itemId: (lines[0]?.['item'] as Doc)['id'], quantity: 1 }] });
    expect(fresh.status, fresh.text).toBe(200);
    expect(idsOf([page, ...(await rest(INVOICES, page, 1))])).toEqual(theirs);
    const now = idsOf(await walk(api, INVOICES, { customerIds: customerId }));
    expect(now).not.toContain(moved?.['id']);
    expect(now).toContain(fresh.body['id']);
  });

  it('still delivers an object deleted after the first page, as it was', async () => {
    const desktop = api.sandbox.deps.host.application(`company_${api.endUser}`);
    const all = (await walk(api, INVOICES)).flatMap(dataOf);
    const page = await first(INVOICES);
    const doomed = all[25];
    await desktop.exclusive((file) => file.store.transaction(() => file.store.remove('ldg_invoice', String(doomed?.['id']))));
    const seen = [page, ...(await rest(INVOICES, page))].flatMap(dataOf);
    expect(seen.map((i) => i['id'])).toEqual(all.map((i) => i['id']));
    expect(seen[25]).toEqual(doomed);
    expect(idsOf(await walk(api, INVOICES))).not.toContain(doomed?.['id']);
  });

  it('gives two sequences opened around a write their own snapshots', async () => {
    const older = await first(CUSTOMERS, {}, 1);
    const created = await api.post(CUSTOMERS, { name: '00 Between Two Sequences' });
    const newer = await first(CUSTOMERS, {}, 1);
    expect(newer['remainingCount']).toBe(Number(older['remainingCount']) + 1);
    const olderIds = idsOf([older, ...(await rest(CUSTOMERS, older, 50))]);
    const newerIds = idsOf([newer, ...(await rest(CUSTOMERS, newer, 50))]);
    expect(newerIds.filter((id) => id !== created.body['id'])).toEqual(olderIds);
    expect(newerIds).toContain(created.body['id']);
  });
});

describe('past versions', () => {
  it('are kept only while a sequence can see them, and writes with no sequence open keep none', async () => {
    endAll();
    expect(historySize()).toBe(0);
    const someone = idsOf(await walk(api, CUSTOMERS))[3] ?? '';
    await changeCustomer(someone, { phone: '555-0111' });
    expect(historySize()).toBe(0);
    const page = await first(CUSTOMERS);
    await changeCustomer(someone, { phone: '555-0112' });
    await changeCustomer(someone, { phone: '555-0113' });
    expect(historySize()).toBe(1);
    await rest(CUSTOMERS, page);
    expect(historySize()).toBe(0);
    await first(CUSTOMERS);
    await changeCustomer(someone, { phone: '555-0114' });
    expect(historySize()).toBe(1);
    endAll();
    expect(historySize()).toBe(0);
  });

  it('are not kept by a refused write', async () => {
    endAll();
    const someone = (await api.get(`${CUSTOMERS}/${idsOf(await walk(api, CUSTOMERS))[4] ?? ''}`)).body;
    await first(CUSTOMERS);
    const stale = await api.post(`${CUSTOMERS}/${String(someone['id'])}`, { revisionNumber: '1', phone: '555-0120' });
    expect(stale.body.error?.['integrationCode']).toBe('3200');
    expect(historySize()).toBe(0);
    endAll();
  });
});
