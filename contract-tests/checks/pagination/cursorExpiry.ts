import { describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import { firstPage } from '../../runner/listWalker.ts';
import { errorOf } from '../expectError.ts';
import { isPagedList, type OperationCheck } from '../operationCheck.ts';
import { smallWalk } from './smallWalk.ts';

export const cursorExpiry: OperationCheck = {
  id: 'pagination.cursor-expiry',
  area: 'pagination',
  rule: 'A page asked more than 10 s after the previous response fails',
  applies: isPagedList,
  async run(ctx, op) {
    const { limit } = await smallWalk(ctx, op);
    const page = await firstPage(ctx, op, { limit });
    if (typeof page.nextCursor !== 'string') throw new Error('the first page had no cursor');
    await ctx.clock.pass(10_500);
    const late = await ctx.client.send({ path: op.path, query: { limit, cursor: page.nextCursor } });
    expectThat(late.status >= 400 && late.status < 500 && errorOf(late) !== undefined, 'a 4xx error for the expired cursor', describeExchange(late), late);
  },
};
