import { expectThat } from '../../runner/CheckFailure.ts';
import { isPagedList, type OperationCheck } from '../operationCheck.ts';
import { smallWalk } from './smallWalk.ts';

export const hasMore: OperationCheck = {
  id: 'pagination.has-more',
  area: 'pagination',
  rule: 'hasMore is true exactly when nextCursor is a string; the last page has nextCursor null and hasMore false',
  applies: isPagedList,
  async run(ctx, op) {
    const { small } = await smallWalk(ctx, op);
    for (const [i, page] of small.pages.entries()) {
      const agree = (page.hasMore === true && typeof page.nextCursor === 'string') || (page.hasMore === false && page.nextCursor === null);
      expectThat(agree, `hasMore and nextCursor agreeing on page ${i + 1}`, `hasMore ${String(page.hasMore)}, nextCursor ${JSON.stringify(page.nextCursor)}`, page.exchange);
    }
    const last = small.pages.at(-1);
    expectThat(last?.hasMore === false && last.nextCursor === null, 'a last page with hasMore false and nextCursor null', `hasMore ${String(last?.hasMore)}, nextCursor ${JSON.stringify(last?.nextCursor)}`, last?.exchange);
  },
};
