import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idsOf, startTestSandbox, walk, type TestSandbox } from './support/testClient.ts';

let api: TestSandbox;
let allActive: string[];

beforeAll(async () => {
  api = await startTestSandbox({ sizes: { customers: 170, invoices: 320 } });
  allActive = idsOf(await walk(api, '/ledger-desktop/customers'));
});
afterAll(() => api.close());

describe('limit', () => {
  it('defaults to 150 when there are more', async () => {
    const res = await api.get('/ledger-desktop/invoices');
    expect(res.status).toBe(200);
    expect(res.body['data']).toHaveLength(150);
    expect(res.body['hasMore']).toBe(true);
    expect(res.body['remainingCount']).toBe(320 - 150);
  });

  it.each(['0', '151', 'abc', '-1', '1.5'])('rejects limit=%s with a 400 naming limit', async (limit) => {
    const res = await api.get('/ledger-desktop/customers', { query: { limit } });
    expect(res.status).toBe(400);
    expect(res.body.error?.['code']).toBe('INVALID_REQUEST');
    expect(res.body.error?.['message']).toContain('"limit"');
  });

  it('accepts 1 and 150', async () => {
    for (const limit of [1, 150]) {
      const res = await api.get('/ledger-desktop/customers', { query: { limit } });
      expect(res.body['data']).toHaveLength(Math.min(limit, allActive.length));
    }
  });
});

describe('walking a list', () => {
  it('keeps one cursor, counts down remainingCount, and ends with nextCursor null', async () => {
    const pages = await walk(api, '/ledger-desktop/customers', {}, 7);
    const cursors = new Set(pages.slice(0, -1).map((p) => p['nextCursor']));
    expect(cursors.size).toBe(1);
    let delivered = 0;
    for (const page of pages) {
      delivered += (page['data'] as unknown[]).length;
      expect(page['remainingCount']).toBe(allActive.length - delivered);
      expect(page['hasMore']).toBe(page['remainingCount'] !== 0);
      expect(page['nextCursor'] === null).toBe(!page['hasMore']);
    }
    const last = pages.at(-1);
    expect(last?.['nextCursor']).toBeNull();
    const ids = idsOf(pages);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(allActive);
  });

  it('allows a different limit on each page', async () => {
    const first = await api.get('/ledger-desktop/customers', { query: { limit: 5 } });
    const cursor = String(first.body['nextCursor']);
    const second = await api.get('/ledger-desktop/customers', { query: { limit: 11, cursor } });
    expect(second.body['data']).toHaveLength(11);
    expect(second.body['nextCursor']).toBe(cursor);
    expect(idsOf([first.body, second.body])).toEqual(allActive.slice(0, 16));
  });

  it('fails after the last page with NO_MORE_RESULTS saying no more results are available', async () => {
    const pages = await walk(api, '/ledger-desktop/invoices', {}, 100);
    const cursor = String(pages[0]?.['nextCursor']);
    const after = await api.get('/ledger-desktop/invoices', { query: { limit: 100, cursor } });
    expect(after.status).toBe(400);
    expect(after.body.error?.['code']).toBe('NO_MORE_RESULTS');
    expect(String(after.body.error?.['message'])).toMatch(/no more results are available/i);
  });

  it('returns everything in one page with nextCursor null when it fits', async () => {
    const res = await api.get('/ledger-desktop/customers', { query: { limit: 150, nameStartsWith: 'a' } });
    expect(res.body['hasMore']).toBe(false);
    expect(res.body['nextCursor']).toBeNull();
    expect(res.body['remainingCount']).toBe(0);
  });
});

describe('cursor life', () => {
  it('accepts the next page 10 s after the previous response, and expires it just after', async () => {
    const first = await api.get('/ledger-desktop/customers', { query: { limit: 10 } });
    const cursor = String(first.body['nextCursor']);
    api.clock.advance(10_000);
    const second = await api.get('/ledger-desktop/customers', { query: { limit: 10, cursor } });
    expect(second.status).toBe(200);
    api.clock.advance(10_001);
    const third = await api.get('/ledger-desktop/customers', { query: { limit: 10, cursor } });
    expect(third.status).toBe(400);
    expect(third.body.error?.['code']).toBe('CURSOR_EXPIRED');
  });

  it('works when resent with the same filters, as official clients do', async () => {
    const query = { limit: 10, nameContains: 'e', status: 'all' };
    const first = await api.get('/ledger-desktop/customers', { query });
    const cursor = String(first.body['nextCursor']);
    const second = await api.get('/ledger-desktop/customers', { query: { ...query, cursor } });
    expect(second.status).toBe(200);
    const third = await api.get('/ledger-desktop/customers', { query: { cursor, limit: 10 } });
    expect(third.status).toBe(200);
    const all = idsOf(await walk(api, '/ledger-desktop/customers', { nameContains: 'e', status: 'all' }));
    expect(idsOf([first.body, second.body, third.body])).toEqual(all.slice(0, 30));
  });

  it('treats a resent default as the same filter', async () => {
    const first = await api.get('/ledger-desktop/customers', { query: { limit: 10 } });
    const cursor = String(first.body['nextCursor']);
    const second = await api.get('/ledger-desktop/customers', { query: { limit: 10, cursor, status: 'active' } });
    expect(second.status).toBe(200);
  });

  it.each([
    ['other filters', { nameContains: 'zz' }],
    ['another status', { status: 'inactive' }],
  ])('refuses a cursor sent with %s as CURSOR_INVALID', async (_name, other) => {
    const first = await api.get('/ledger-desktop/customers', { query: { limit: 10 } });
    const res = await api.get('/ledger-desktop/customers', { query: { limit: 10, cursor: String(first.body['nextCursor']), ...other } });
    expect(res.status).toBe(400);
    expect(res.body.error?.['code']).toBe('CURSOR_INVALID');
  });

  it('refuses an unknown cursor, and a cursor of another list', async () => {
    const unknown = await api.get('/ledger-desktop/customers', { query: { cursor: 'no-such-cursor' } });
    expect(unknown.body.error?.['code']).toBe('CURSOR_INVALID');
    const first = await api.get('/ledger-desktop/customers', { query: { limit: 10 } });
    const other = await api.get('/ledger-desktop/invoices', { query: { cursor: String(first.body['nextCursor']) } });
    expect(other.body.error?.['code']).toBe('CURSOR_INVALID');
  });

  it("refuses another end user's cursor", async () => {
    const created = await api.post('/end-users', { companyName: 'Second Co', sourceId: 'second-co', email: 'a@second.test' });
    const other = String(created.body['id']);
    const connect = await api.control('POST', `/_sandbox/end-users/${other}/company-file`, { seed: 3, sizes: { customers: 30, invoices: 10 } });
    expect(connect.status).toBe(200);
    const first = await api.get('/ledger-desktop/customers', { query: { limit: 5 } });
    const res = await api.get('/ledger-desktop/customers', { endUser: other, query: { limit: 5, cursor: String(first.body['nextCursor']) } });
    expect(res.status).toBe(400);
    expect(res.body.error?.['code']).toBe('CURSOR_INVALID');
  });

  it('frees abandoned iterators once they expire', async () => {
    const desktop = api.sandbox.deps.host.application(`company_${api.endUser}`);
    for (let i = 0; i < 40; i += 1) await api.get('/ledger-desktop/customers', { query: { limit: 1 } });
    expect(desktop.queries.iterators.liveCount).toBeGreaterThanOrEqual(40);
    api.clock.advance(10_001);
    api.sandbox.deps.host.sweepIterators();
    expect(desktop.queries.iterators.liveCount).toBe(0);
  });
});

