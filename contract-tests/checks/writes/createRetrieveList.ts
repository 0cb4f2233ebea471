import { expectThat } from '../../runner/CheckFailure.ts';
import { hasParam, walk } from '../../runner/listWalker.ts';
import { related, verbOf, withId } from '../../runner/related.ts';
import type { OperationCheck } from '../operationCheck.ts';
import { createOne } from './paidDocuments.ts';
import { expectOk } from './writeBodies.ts';

export const createRetrieveList: OperationCheck = {
  id: 'writes.create-retrieve-list',
  area: 'writes',
  rule: 'A created object can be retrieved by its id as created, and appears in its list',
  writes: true,
  applies: (op) => verbOf(op) === 'create' && op.path.startsWith('/ledger-desktop/'),
  async run(ctx, op) {
    const created = await createOne(ctx, op);
    const id = String(created['id']);
    const retrieveOp = related(ctx.spec, op, 'retrieve');
    if (retrieveOp) {
      const got = expectOk(await ctx.client.send({ path: withId(retrieveOp, id) }), 'retrieving the new object');
      expectThat(JSON.stringify(got) === JSON.stringify(created), 'the retrieved object equal to the created one', JSON.stringify(got).slice(0, 300));
    }
    const listOp = related(ctx.spec, op, 'list');
    if (listOp) {
      const listed = await walk(ctx, listOp, hasParam(listOp, 'ids') ? { ids: [id] } : {});
      expectThat(listed.items.some((i) => i.id === id), `${id} in the list`, `${listed.items.length} objects, not it`, listed.pages[0]?.exchange);
    }
  },
};
