import { isDeepStrictEqual } from 'node:util';
import { CheckSkip, describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import { firstPage, hasParam } from '../../runner/listWalker.ts';
import { existingObject, related, verbOf, withId } from '../../runner/related.ts';
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
    // there by coincidence (standard lists every file has), and a leak serves this file's object:
    // another object under the same id is the other file's own, and for the same one the other
    // file's list tells a leak from a copy. Asked after, not before: each request costs seconds on
    // a real desktop.
    const created = ctx.allowWrites && createOp !== undefined;
    const own = created ? await createOne(ctx, createOp) : await existingObject(ctx, op);
    const id = String(own['id']);
    const crossed = await ctx.client.send({ path: withId(op, id), endUserId: other });
    if (crossed.status < 400 && !created) {
      const listOp = related(ctx.spec, op, 'list');
      const theirs = `the other company file has its own object ${id}: nothing to tell apart`;
      if (listOp?.identity === 'id' && !isDeepStrictEqual(crossed.json, own)) throw new CheckSkip(theirs);
      if (!listOp || !hasParam(listOp, 'ids')) throw new CheckSkip('without writes, needs a list with an ids filter to tell a leak from a shared id');
      const there = await ctx.client.send({ path: listOp.path, query: { ids: [id] }, endUserId: other });
      const data = (there.json as { data?: unknown[] } | undefined)?.data;
      if (there.status === 200 && Array.isArray(data) && data.length > 0) throw new CheckSkip(theirs);
    }
    expectThat(crossed.status >= 400, `an error: ${id} is in another end user's company file`, describeExchange(crossed), crossed);
  },
};
