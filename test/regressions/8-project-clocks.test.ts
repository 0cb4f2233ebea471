import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectClockFamily } from '../hostile/families/projectClockFamily.ts';
import { startTestSandbox, type TestSandbox } from '../support/testClient.ts';
import { expectFamilyRefused } from './regressionKit.ts';

let api: TestSandbox;
const otherKey = 'sk_sandbox_clockotherproject00000000000';
beforeAll(async () => {
  api = await startTestSandbox();
  api.sandbox.deps.state.ensureProject({ id: 'proj_clock_other', name: 'clock other', organization: 'Other org' });
  api.sandbox.deps.state.addKey('proj_clock_other', 'secret', otherKey, 0);
});
afterAll(() => api.close());

describe("issue 8.8: a project's clock controls move only its own time", () => {
  it("another project's advance leaves this project's cursor alive; this project's own advance expires it", async () => {
    const first = await api.get('/ledger-desktop/customers', { query: { limit: 5 } });
    const cursor = String(first.body['nextCursor']);
    const advanced = await api.control('POST', '/_sandbox/clock/advance', { seconds: 3600 }, otherKey);
    expect(advanced.body).toMatchObject({ scope: 'project', projectId: 'proj_clock_other', advancedMs: 3_600_000 });
    const second = await api.get('/ledger-desktop/customers', { query: { limit: 5, cursor } });
    expect(second.status).toBe(200);
    await api.control('POST', '/_sandbox/clock/advance', { seconds: 11 });
    const third = await api.get('/ledger-desktop/customers', { query: { limit: 5, cursor } });
    expect(third.status).toBe(400);
    expect(third.body.error?.['code']).toBe('CURSOR_EXPIRED');
  });

  it('shows each project its own clock, and says in GET /_sandbox what the clock covers', async () => {
    const mine = await api.control('GET', '/_sandbox/clock');
    const theirs = await api.control('GET', '/_sandbox/clock', undefined, otherKey);
    expect(Number(theirs.body['now']) - Number(mine.body['now'])).toBe(Number(theirs.body['advancedMs']) - Number(mine.body['advancedMs']));
    const described = await api.control('GET', '/_sandbox');
    expect(described.body['clock']).toMatchObject({ scope: 'project', projectId: 'proj_testing' });
    expect(String((described.body['clock'] as { covers: string }).covers)).toMatch(/never touches another project/);
  });

  it('sets the clock back only to an offset it had, as a tool that advanced it does when done; revisions keep increasing', async () => {
    const start = Number((await api.control('GET', '/_sandbox/clock')).body['advancedMs']);
    const customer = await api.get('/ledger-desktop/customers', { query: { limit: 1 } });
    const { id } = (customer.body['data'] as { id: string }[])[0] ?? { id: '' };
    await api.control('POST', '/_sandbox/clock/advance', { seconds: 600 });
    const later = await api.post(`/ledger-desktop/customers/${id}`, { revisionNumber: String((await api.get(`/ledger-desktop/customers/${id}`)).body['revisionNumber']), note: 'later' });
    expect(later.status).toBe(200);
    const back = await api.control('POST', '/_sandbox/clock/rewind', { advancedMs: start });
    expect([back.status, back.body['advancedMs']]).toEqual([200, start]);
    const again = await api.post(`/ledger-desktop/customers/${id}`, { revisionNumber: String(later.body['revisionNumber']), note: 'after the rewind' });
    expect(again.status, JSON.stringify([later.body, again.body])).toBe(200);
    expect(BigInt(String(again.body['revisionNumber']))).toBeGreaterThan(BigInt(String(later.body['revisionNumber'])));
    for (const body of [{ advancedMs: start + 1 }, { advancedMs: -1 }, {}, { advancedMs: 0, seconds: 1 }]) {
      const refused = await api.control('POST', '/_sandbox/clock/rewind', body);
      expect([refused.status, refused.body.error?.['code']]).toEqual([400, 'INVALID_REQUEST']);
    }
  });

  it("stores the project's clock offset with the project's records, so a restart keeps it", () => {
    const state = api.sandbox.deps.state;
    expect(state.clockOffset('proj_clock_other')).toBeGreaterThanOrEqual(3_600_000);
  });

  it('holds for seeded variants: any advance by another project, any list', async () => {
    await expectFamilyRefused(api, projectClockFamily, 60);
  });
});
