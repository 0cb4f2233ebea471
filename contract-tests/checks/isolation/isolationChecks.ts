import { CheckSkip, describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import { firstPage, hasParam } from '../../runner/listWalker.ts';
import { existingId, related, verbOf, withId } from '../../runner/related.ts';
import { isDataOperation, isPagedList, type OperationCheck } from '../operationCheck.ts';
import { createOne } from '../writes/paidDocuments.ts';
import { secondEndUser } from './secondEndUser.ts';

export const cursorIsolation: OperationCheck = {
  id: 'isolation.cursor',
  area: 'isolation',
  rule: "A cursor of one end user's list, sent under another end user, fails instead of serving the first one's objects",
  applies: (op) => isPagedList(op) && isDataOperation(op),
  async run(ctx, op) {
    const other = await secondEndUser(ctx);
    const page = await firstPage(ctx, op, { limit: 1 });
    if (typeof page.nextCursor !== 'string') throw new CheckSkip(`the list has ${page.data.length} objects; at least 2 are needed for a cursor to carry over`);
    const crossed = await ctx.client.send({ path: op.path, query: { limit: 1, cursor: page.nextCursor }, endUserId: other });
    expectThat(crossed.status >= 400, "an error: the cursor belongs to another end user's list", describeExchange(crossed), crossed);
  },
};

export const objectIdIsolation: OperationCheck = {
  id: 'isolation.object-id',
  area: 'isolation',
  rule: "An object id of one end user's company file, retrieved under another end user, is not found there",
  applies: (op) => verbOf(op) === 'retrieve' && isDataOperation(op),
  async run(ctx, op) {
    const other = await secondEndUser(ctx);
    const createOp = related(ctx.spec, op, 'create');
    // A freshly created object's id cannot be in the other file unless it leaked; a listed one may be
    // there by coincidence (standard lists every file has), so the other file is asked first.
    let id: string;
    if (ctx.allowWrites && createOp) {
      id = String((await createOne(ctx, createOp))['id']);
    } else {
      id = await existingId(ctx, op);
      const listOp = related(ctx.spec, op, 'list');
      if (!listOp || !hasParam(listOp, 'ids')) throw new CheckSkip('without writes, needs a list with an ids filter to tell a leak from a shared id');
      const there = await ctx.client.send({ path: listOp.path, query: { ids: [id] }, endUserId: other });
      const data = (there.json as { data?: unknown[] } | undefined)?.data;
      if (there.status === 200 && Array.isArray(data) && data.length > 0) throw new CheckSkip(`the other company file has its own object ${id}: nothing to tell apart`);
    }
    const crossed = await ctx.client.send({ path: withId(op, id), endUserId: other });
    expectThat(crossed.status >= 400, `an error: ${id} is in another end user's company file`, describeExchange(crossed), crossed);
  },
};
