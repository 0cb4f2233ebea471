import { CheckSkip, describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import { fullList, hasParam, idOf } from '../../runner/listWalker.ts';
import { errorOf } from '../expectError.ts';
import type { OperationCheck } from '../operationCheck.ts';

/** An id in the desktop form that no company file issues (its counter part is far out of range). */
export const MISSING_ID = 'FFFFFFF0-1000000000';

export const idsMissing: OperationCheck = {
  id: 'filters.ids-missing',
  area: 'filters',
  rule: 'ids with a value that does not exist fails the whole request instead of returning the rest',
  applies: (op) => op.method === 'GET' && hasParam(op, 'ids'),
  async run(ctx, op) {
    const first = (await fullList(ctx, op)).items[0];
    if (!first) throw new CheckSkip('the list is empty');
    const res = await ctx.client.send({ path: op.path, query: { ids: [idOf(first), MISSING_ID] } });
    expectThat(res.status >= 400 && errorOf(res) !== undefined, 'an error for the missing id', describeExchange(res), res);
  },
};
