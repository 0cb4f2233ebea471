import type { CheckContext } from '../../runner/checkTypes.ts';
import { CheckSkip, describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import { related, verbOf, withId } from '../../runner/related.ts';
import type { SpecOperation } from '../../runner/specModel.ts';
import { errorOf } from '../expectError.ts';
import type { OperationCheck } from '../operationCheck.ts';
import { createOne } from './paidDocuments.ts';
import { changeFor, expectOk, uniqueLabel, type Change } from './writeBodies.ts';

const isUpdate = (op: SpecOperation): boolean => verbOf(op) === 'update' && op.path.startsWith('/ledger-desktop/');

interface Updated {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  path: string;
  change: Change;
}

/**
 * What an update must send besides the revision number and the change (a time entry's `entityId`
 * and `duration`), as the object holds it now: a reference by its id, anything else as it is.
 */
function requiredAsItIs(op: SpecOperation, before: Record<string, unknown>): Record<string, unknown> {
  const required = (op.requestBody?.required ?? []).filter((key) => key !== 'revisionNumber');
  return Object.fromEntries(
    required.map((key) => {
      const reference = key.endsWith('Id') ? before[key.slice(0, -2)] : undefined;
      return [key, reference && typeof reference === 'object' ? (reference as Record<string, unknown>)['id'] : before[key]];
    }),
  );
}

/** Creates an object and updates one field of it with its revision number; shared by both update checks. */
function updatedOnce(ctx: CheckContext, op: SpecOperation): Promise<Updated> {
  return ctx.memo(`updated:${op.operationId}`, async () => {
    const createOp = related(ctx.spec, op, 'create');
    if (!createOp) throw new CheckSkip(`no create operation next to ${op.operationId} to make an object to update`);
    const change = changeFor(op, op.objectSchema, await uniqueLabel(ctx));
    if (!change) throw new CheckSkip(`${op.operationId} takes no plain text field the object also shows, to change and read back`);
    const before = await createOne(ctx, createOp);
    const path = withId(op, String(before['id']));
    const body = { ...requiredAsItIs(op, before), revisionNumber: before['revisionNumber'], [change.field]: change.value };
    const after = expectOk(await ctx.client.send({ method: 'POST', path, body }), `updating with ${JSON.stringify(body)}`);
    return { before, after, path, change };
  });
}

export const updateRevision: OperationCheck = {
  id: 'writes.update',
  area: 'writes',
  rule: 'An update with the current revisionNumber changes the fields sent and the revisionNumber, and a retrieve shows it',
  writes: true,
  applies: isUpdate,
  async run(ctx, op) {
    const { before, after, path, change } = await updatedOnce(ctx, op);
    const { field, value } = change;
    expectThat(after[field] === value, `${field} = ${JSON.stringify(value)} after the update`, JSON.stringify(after[field]));
    expectThat(after['revisionNumber'] !== before['revisionNumber'], 'a new revisionNumber', `still ${String(after['revisionNumber'])}`);
    const retrieved = expectOk(await ctx.client.send({ path }), 'retrieving the updated object');
    expectThat(retrieved[field] === value, `${field} = ${JSON.stringify(value)} when retrieved`, JSON.stringify(retrieved[field]));
  },
};

export const staleRevision: OperationCheck = {
  id: 'writes.stale-revision',
  area: 'writes',
  rule: 'An update with an out-of-date revisionNumber fails with desktop code 3200',
  writes: true,
  applies: isUpdate,
  async run(ctx, op) {
    const { before, path, change } = await updatedOnce(ctx, op);
    const res = await ctx.client.send({ method: 'POST', path, body: { ...requiredAsItIs(op, before), revisionNumber: before['revisionNumber'], [change.field]: change.value } });
    expectThat(res.status >= 400 && errorOf(res)?.['integrationCode'] === '3200', 'an error with integrationCode "3200"', describeExchange(res), res);
  },
};
