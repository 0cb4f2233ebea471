import { randomBytes } from 'node:crypto';
import type { CheckContext } from '../../runner/checkTypes.ts';
import { CheckFailure, CheckSkip, describeExchange } from '../../runner/CheckFailure.ts';
import type { Exchange } from '../../runner/httpClient.ts';
import { fullList, idOf } from '../../runner/listWalker.ts';
import type { SpecOperation } from '../../runner/specModel.ts';

/**
 * What a write needs that the spec cannot say: a body the target will accept, a field to change,
 * and whether names must be unique. Keyed by resource (`customers.create` -> `customers`).
 */
interface WriteScenario {
  createBody(ctx: CheckContext, unique: string): Promise<Record<string, unknown>>;
  change: Record<string, unknown>;
  uniqueName: boolean;
}

const SCENARIOS: Record<string, WriteScenario> = {
  customers: {
    createBody: async (_ctx, unique) => ({ name: `Contract check ${unique}`.slice(0, 41), companyName: 'Contract check' }),
    change: { phone: '555-0142', jobTitle: 'Contract tester' },
    uniqueName: true,
  },
  invoices: {
    async createBody(ctx) {
      const list = ctx.spec.byId.get('invoices.list');
      if (!list) throw new CheckSkip('no invoices.list to borrow a customer and an item from');
      const sample = (await fullList(ctx, list)).items.find((i) => Array.isArray(i['lines']) && (i['lines'] as unknown[]).length > 0);
      const line = (sample?.['lines'] as Record<string, unknown>[] | undefined)?.[0];
      const item = line?.['item'] as { id?: string } | null | undefined;
      const customer = sample?.['customer'] as { id?: string } | null | undefined;
      if (!customer?.id || !item?.id) throw new CheckSkip('no existing invoice with a customer and an item line to copy');
      return { customerId: customer.id, transactionDate: String(sample?.['transactionDate']), lines: [{ itemId: item.id, quantity: 2, rate: '10.00' }] };
    },
    change: { memo: 'Contract check memo' },
    uniqueName: false,
  },
};

export function scenarioOf(op: SpecOperation): WriteScenario | undefined {
  return SCENARIOS[op.operationId.split('.')[0] ?? ''];
}

export function resourcePath(op: SpecOperation): string {
  return op.path.replace(/\/\{id\}$/, '');
}

export function expectOk(exchange: Exchange, what: string): Record<string, unknown> {
  if (exchange.status !== 200 || typeof exchange.json !== 'object' || exchange.json === null) {
    throw new CheckFailure(`${what}: HTTP 200 with the object`, describeExchange(exchange), exchange);
  }
  return exchange.json as Record<string, unknown>;
}

/** Creates an object through the create operation of the resource; returns it. */
export async function createOne(ctx: CheckContext, createOp: SpecOperation, label: string): Promise<Record<string, unknown>> {
  const scenario = scenarioOf(createOp);
  if (!scenario) throw new CheckSkip(`no write scenario for ${createOp.operationId}`);
  // The seed alone repeats names in every run, so a second run against the same company file would
  // hit "name in use" (3100); a tag per run keeps them apart without changing what the seed draws.
  const runTag = await ctx.memo('write-run-tag', () => Promise.resolve(randomBytes(3).toString('hex')));
  const unique = `${runTag}-${ctx.seed}-${label}-${ctx.rng.int(1000, 9999)}`;
  const body = await scenario.createBody(ctx, unique);
  return expectOk(await ctx.client.send({ method: 'POST', path: createOp.path, body }), `creating with ${JSON.stringify(body)}`);
}

export { idOf };
