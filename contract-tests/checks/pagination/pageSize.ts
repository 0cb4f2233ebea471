import { expectThat } from '../../runner/CheckFailure.ts';
import { isPagedList, type OperationCheck } from '../operationCheck.ts';
import { smallWalk } from './smallWalk.ts';

export const pageSize: OperationCheck = {
  id: 'pagination.page-size',
  area: 'pagination',
  rule: 'Every page but the last holds exactly limit objects, and the last no more',
  applies: isPagedList,
  async run(ctx, op) {
    const { small, limit } = await smallWalk(ctx, op);
    for (const [i, page] of small.pages.entries()) {
      const last = i === small.pages.length - 1;
      const ok = last ? page.data.length <= limit : page.data.length === limit;
      expectThat(ok, `${last ? 'at most' : 'exactly'} ${limit} objects on page ${i + 1}`, `${page.data.length}`, page.exchange);
    }
  },
};
