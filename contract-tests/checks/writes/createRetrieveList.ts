import { expectThat } from '../../runner/CheckFailure.ts';
import { walk } from '../../runner/listWalker.ts';
import type { OperationCheck } from '../operationCheck.ts';
import { createOne, expectOk, scenarioOf } from './writeScenarios.ts';

export const createRetrieveList: OperationCheck = {
  id: 'writes.create-retrieve-list',
  area: 'writes',
  rule: 'A created object can be retrieved by its id as created, and appears in its list',
  writes: true,
  applies: (op) => op.operationId.endsWith('.create') && op.method === 'POST' && scenarioOf(op) !== undefined,
  async run(ctx, op) {
    const created = await createOne(ctx, op, 'crl');
    const id = String(created['id']);
    const retrieveOp = ctx.spec.byId.get(op.operationId.replace(/\.create$/, '.retrieve'));
    if (retrieveOp) {
      const got = expectOk(await ctx.client.send({ path: retrieveOp.path.replace('{id}', encodeURIComponent(id)) }), 'retrieving the new object');
      expectThat(JSON.stringify(got) === JSON.stringify(created), 'the retrieved object equal to the created one', JSON.stringify(got).slice(0, 300));
    }
    const listOp = ctx.spec.byId.get(op.operationId.replace(/\.create$/, '.list'));
    if (listOp) {
      const listed = await walk(ctx, listOp, { ids: [id] });
      expectThat(listed.items.some((i) => i.id === id), `${id} in the list`, `${listed.items.length} objects, not it`, listed.pages[0]?.exchange);
    }
  },
};
