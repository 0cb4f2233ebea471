import type { CheckContext } from '../../runner/checkTypes.ts';
import { CheckSkip, expectThat } from '../../runner/CheckFailure.ts';
import { idOf } from '../../runner/listWalker.ts';
import { isItemPath, related, someObjects, withId } from '../../runner/related.ts';
import type { SpecOperation } from '../../runner/specModel.ts';
import type { OperationCheck } from '../operationCheck.ts';
import { exchangesOf } from './exchangesOf.ts';

/**
 * Makes sure a read operation was called at least once, so there is something to judge: with one
 * request, two for an object by id. A budgeted run calls it for every read operation before any
 * check of depth (runContract).
 */
export async function touchOperation(ctx: CheckContext, op: SpecOperation): Promise<void> {
  if (op.method !== 'GET' || exchangesOf(ctx, op).length > 0) return;
  if (!isItemPath(op)) {
    await ctx.client.send({ path: op.path });
    return;
  }
  const listOp = related(ctx.spec, op, 'list');
  const first = listOp ? (await someObjects(ctx, listOp))[0] : undefined;
  const id = first ? idOf(first) : op.path.startsWith('/end-users') ? ctx.client.config.endUserId : undefined;
  if (id) await ctx.client.send({ path: withId(op, id) });
}

export const responsesMatchSpec: OperationCheck = {
  id: 'schema.responses',
  area: 'schema',
  rule: 'Every 200 response received for the operation has the body the spec gives it, and every response a Service-Request-Id header',
  last: true,
  applies: () => true,
  async run(ctx, op) {
    await touchOperation(ctx, op);
    const seen = exchangesOf(ctx, op);
    if (seen.length === 0) throw new CheckSkip(op.method === 'GET' ? 'no response seen' : 'not called in this run (writes are off or it has no check of its own)');
    // Error bodies are judged once, by schema.error-shape, so one broken error shape is one failure.
    // A body seen before (the same page read by several checks) is judged once.
    const judged = new Set<string>();
    for (const exchange of seen) {
      const header = exchange.headers['service-request-id'];
      expectThat(typeof header === 'string' && header.length > 0, 'a Service-Request-Id header', 'none', exchange);
      const validate = op.validateResponse;
      if (exchange.status !== 200 || !validate || judged.has(exchange.text)) continue;
      judged.add(exchange.text);
      expectThat(validate(exchange.json), 'a 200 body matching the spec', JSON.stringify(validate.errors?.slice(0, 3)), exchange);
    }
  },
};
