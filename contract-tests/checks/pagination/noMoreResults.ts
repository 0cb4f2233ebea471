import { describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import { walk } from '../../runner/listWalker.ts';
import { errorOf } from '../expectError.ts';
import { isPagedList, type OperationCheck } from '../operationCheck.ts';
import { smallWalk } from './smallWalk.ts';

export const noMoreResults: OperationCheck = {
  id: 'pagination.no-more-results',
  area: 'pagination',
  rule: 'Asking again after the last page fails with a message saying no more results are available',
  applies: isPagedList,
  async run(ctx, op) {
    const { limit } = await smallWalk(ctx, op);
    const fresh = await walk(ctx, op, {}, limit);
    const cursor = fresh.pages.find((p) => typeof p.nextCursor === 'string')?.nextCursor;
    if (typeof cursor !== 'string') throw new Error('the walk had no cursor');
    const after = await ctx.client.send({ path: op.path, query: { limit, cursor } });
    const message = String(errorOf(after)?.['message'] ?? '');
    expectThat(after.status >= 400 && after.status < 500 && /no more results are available/i.test(message), 'a 4xx error saying no more results are available', describeExchange(after), after);
  },
};
