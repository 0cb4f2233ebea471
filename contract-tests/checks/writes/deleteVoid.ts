import type { CheckContext } from '../../runner/checkTypes.ts';
import { CheckSkip, expectThat } from '../../runner/CheckFailure.ts';
import { related, verbOf, withId } from '../../runner/related.ts';
import type { SpecOperation } from '../../runner/specModel.ts';
import type { OperationCheck } from '../operationCheck.ts';
import { createOne } from './paidDocuments.ts';
import { expectOk } from './writeBodies.ts';

const onDesktop = (verb: 'delete' | 'void') => (op: SpecOperation): boolean => verbOf(op) === verb && op.path.startsWith('/ledger-desktop/');

/** A new object of the operation's resource, and how to retrieve it. */
async function freshObject(ctx: CheckContext, op: SpecOperation): Promise<{ created: Record<string, unknown>; retrieve: string }> {
  const createOp = related(ctx.spec, op, 'create');
  const retrieveOp = related(ctx.spec, op, 'retrieve');
  if (!createOp || !retrieveOp) throw new CheckSkip(`no create and retrieve operations next to ${op.operationId}`);
  const created = await createOne(ctx, createOp);
  return { created, retrieve: withId(retrieveOp, String(created['id'])) };
}

export const deleteTransaction: OperationCheck = {
  id: 'writes.delete',
  area: 'writes',
  rule: 'A delete answers {id, objectType, refNumber, deleted: true} for the object, and the object can no longer be retrieved',
  writes: true,
  applies: onDesktop('delete'),
  async run(ctx, op) {
    const { created, retrieve } = await freshObject(ctx, op);
    const exchange = await ctx.client.send({ method: 'DELETE', path: withId(op, String(created['id'])) });
    const answer = expectOk(exchange, 'deleting the new object');
    for (const field of ['id', 'objectType', 'refNumber'] as const) {
      expectThat(answer[field] === created[field], `${field} ${JSON.stringify(created[field])} in the answer`, JSON.stringify(answer[field]), exchange);
    }
    expectThat(answer['deleted'] === true, 'deleted: true', JSON.stringify(answer['deleted']), exchange);
    const after = await ctx.client.send({ path: retrieve });
    expectThat(after.status !== 200, 'an error retrieving the deleted object', `HTTP ${after.status}`, after);
  },
};

export const voidTransaction: OperationCheck = {
  id: 'writes.void',
  area: 'writes',
  rule: 'A void answers {id, objectType, createdAt, updatedAt, refNumber, voided: true}; the transaction stays, with nothing left to pay',
  writes: true,
  applies: onDesktop('void'),
  async run(ctx, op) {
    const { created, retrieve } = await freshObject(ctx, op);
    const exchange = await ctx.client.send({ method: 'POST', path: withId(op, String(created['id'])) });
    const answer = expectOk(exchange, 'voiding the new object');
    for (const field of ['id', 'objectType', 'createdAt', 'refNumber'] as const) {
      expectThat(answer[field] === created[field], `${field} ${JSON.stringify(created[field])} in the answer`, JSON.stringify(answer[field]), exchange);
    }
    expectThat(answer['voided'] === true, 'voided: true', JSON.stringify(answer['voided']), exchange);
    const after = await ctx.client.send({ path: retrieve });
    const kept = expectOk(after, 'retrieving the voided object');
    expectThat(kept['updatedAt'] === answer['updatedAt'], `updatedAt ${JSON.stringify(answer['updatedAt'])} as the void answered`, JSON.stringify(kept['updatedAt']), after);
    if ('balanceRemaining' in kept) expectThat(kept['balanceRemaining'] === '0.00', 'balanceRemaining "0.00"', JSON.stringify(kept['balanceRemaining']), after);
  },
};
