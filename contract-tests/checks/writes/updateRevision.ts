import type { CheckContext } from '../../runner/checkTypes.ts';
import { CheckSkip, describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import type { SpecOperation } from '../../runner/specModel.ts';
import { errorOf } from '../expectError.ts';
import type { OperationCheck } from '../operationCheck.ts';
import { createOne, expectOk, scenarioOf } from './writeScenarios.ts';

const isUpdate = (op: SpecOperation): boolean => op.operationId.endsWith('.update') && op.method === 'POST' && scenarioOf(op) !== undefined;

interface Updated {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  path: string;
}

/** Creates an object and updates it once with its revision number; shared by both update checks. */
function updatedOnce(ctx: CheckContext, op: SpecOperation): Promise<Updated> {
  return ctx.memo(`updated:${op.operationId}`, async () => {
    const createOp = ctx.spec.byId.get(op.operationId.replace(/\.update$/, '.create'));
    const scenario = scenarioOf(op);
    if (!createOp || !scenario) throw new CheckSkip(`no create operation for ${op.operationId}`);
    const before = await createOne(ctx, createOp, 'upd');
    const path = op.path.replace('{id}', encodeURIComponent(String(before['id'])));
    const after = expectOk(await ctx.client.send({ method: 'POST', path, body: { revisionNumber: before['revisionNumber'], ...scenario.change } }), 'updating with the current revisionNumber');
    return { before, after, path };
  });
}

export const updateRevision: OperationCheck = {
  id: 'writes.update',
  area: 'writes',
  rule: 'An update with the current revisionNumber changes the fields sent and the revisionNumber, and a retrieve shows it',
  writes: true,
  applies: isUpdate,
  async run(ctx, op) {
    const { before, after, path } = await updatedOnce(ctx, op);
    const change = scenarioOf(op)?.change ?? {};
    for (const [field, value] of Object.entries(change)) {
      expectThat(after[field] === value, `${field} = ${JSON.stringify(value)} after the update`, JSON.stringify(after[field]));
    }
    expectThat(after['revisionNumber'] !== before['revisionNumber'], 'a new revisionNumber', `still ${String(after['revisionNumber'])}`);
    const retrieved = expectOk(await ctx.client.send({ path }), 'retrieving the updated object');
    for (const [field, value] of Object.entries(change)) {
      expectThat(retrieved[field] === value, `${field} = ${JSON.stringify(value)} when retrieved`, JSON.stringify(retrieved[field]));
    }
  },
};

export const staleRevision: OperationCheck = {
  id: 'writes.stale-revision',
  area: 'writes',
  rule: 'An update with an out-of-date revisionNumber fails with desktop code 3200',
  writes: true,
  applies: isUpdate,
  async run(ctx, op) {
    const { before, path } = await updatedOnce(ctx, op);
    const res = await ctx.client.send({ method: 'POST', path, body: { revisionNumber: before['revisionNumber'], ...scenarioOf(op)?.change } });
    expectThat(res.status >= 400 && errorOf(res)?.['integrationCode'] === '3200', 'an error with integrationCode "3200"', describeExchange(res), res);
  },
};
