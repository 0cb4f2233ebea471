import { describe, expect, it } from 'vitest';
import type { Check, CheckContext } from './checkTypes.ts';
import { LaneScheduler, type Lane } from './lanes.ts';
import type { SpecModel, SpecOperation } from './specModel.ts';

const endUserHeader = { name: 'Service-End-User-Id', in: 'header', required: true, schema: {} };
const op = (operationId: string, method: string, path: string, data = true): SpecOperation => ({
  operationId,
  method,
  path,
  parameters: data ? [endUserHeader] : [],
  requestBody: undefined,
  paginated: false,
  list: false,
  objectSchema: undefined,
  identity: 'id',
  validateResponse: undefined,
  validateError: undefined,
});
const operations = [
  op('customers.list', 'GET', '/ledger-desktop/customers'),
  op('customers.retrieve', 'GET', '/ledger-desktop/customers/{id}'),
  op('customers.create', 'POST', '/ledger-desktop/customers'),
  op('invoices.list', 'GET', '/ledger-desktop/invoices'),
  op('invoices.retrieve', 'GET', '/ledger-desktop/invoices/{id}'),
  op('vendors.list', 'GET', '/ledger-desktop/vendors'),
  op('endUsers.list', 'GET', '/end-users', false),
];
const spec = { operations, byId: new Map(operations.map((o) => [o.operationId, o])) } as unknown as SpecModel;
const check = (id: string, operationId?: string, extra: Partial<Check> = {}): Check => ({ id, area: 'pagination', rule: id, ...(operationId ? { operationId } : {}), run: async () => undefined, ...extra });
const lane = (other: boolean): Lane => ({ ctx: {} as CheckContext, other });

/** Runs `checks` on a main and an other lane, each check taking `ms` of real time, and says which lane ran what. */
async function schedule(checks: Check[], ms = 1): Promise<{ main: string[]; other: string[] }> {
  const main = lane(false);
  const other = lane(true);
  const ran = { main: [] as string[], other: [] as string[] };
  await new LaneScheduler(spec, [main, other]).run(checks, async (l, c) => {
    (l === main ? ran.main : ran.other).push(`${c.id} ${c.operationId ?? ''}`.trim());
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
  return ran;
}

describe('two lanes side by side', () => {
  const reads = ['customers.list', 'customers.retrieve', 'invoices.list', 'invoices.retrieve', 'vendors.list'].flatMap((o) => [check('a', o), check('b', o)]);
  const writesAndWhole = [check('auth.no-key'), check('writes.create', 'customers.create', { writes: true }), check('isolation.cursor', 'invoices.list', { area: 'isolation' }), check('list.end-users', 'endUsers.list')];

  it('runs every check once, on one lane or the other', async () => {
    const all = [...writesAndWhole, ...reads];
    const { main, other } = await schedule(all);
    expect([...main, ...other].sort()).toEqual(all.map((c) => `${c.id} ${c.operationId ?? ''}`.trim()).sort());
    expect(other.length).toBeGreaterThan(0);
  });

  it("keeps writes, isolation, checks of the target as a whole and operations outside company files on the run's own end user", async () => {
    const { other } = await schedule([...writesAndWhole, ...reads]);
    for (const c of writesAndWhole) expect(other).not.toContain(`${c.id} ${c.operationId ?? ''}`.trim());
  });

  it("gives all reads of one resource (its list and its retrieve) to one lane, so its walks are read once in one company file", async () => {
    const { main, other } = await schedule(reads);
    for (const resource of ['customers', 'invoices', 'vendors']) {
      const on = (ran: string[]): boolean => ran.some((r) => r.includes(`${resource}.`));
      expect(on(main) && on(other), resource).toBe(false);
    }
  });

  it('shares one wait: a lane takes at once every waiting check left that it may take', async () => {
    const waits = { ms: 10, open: async () => undefined, judge: async () => undefined };
    const checks = [check('r', 'customers.list'), check('r', 'invoices.list'), check('w', 'customers.list', { waits }), check('w', 'invoices.list', { waits }), check('w', 'vendors.list', { waits })];
    const groups: string[][] = [];
    await new LaneScheduler(spec, [lane(false), lane(true)]).run(checks, async (_lane, c, takeAll) => {
      if (c.waits) groups.push([c.operationId ?? '', ...takeAll((x) => x.waits !== undefined).map((x) => x.operationId ?? '')]);
      await new Promise((resolve) => setTimeout(resolve, 1));
    });
    expect(groups.flat().sort()).toEqual(['customers.list', 'invoices.list', 'vendors.list']);
    expect(groups.length).toBeLessThanOrEqual(2);
  });
});
