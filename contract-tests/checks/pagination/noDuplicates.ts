import { expectThat } from '../../runner/CheckFailure.ts';
import { idOf } from '../../runner/listWalker.ts';
import { isPagedList, type OperationCheck } from '../operationCheck.ts';
import { smallWalk } from './smallWalk.ts';

export const noDuplicates: OperationCheck = {
  id: 'pagination.no-duplicates',
  area: 'pagination',
  rule: 'No object appears twice in one walk',
  applies: isPagedList,
  async run(ctx, op) {
    const { small } = await smallWalk(ctx, op);
    const seen = new Set<string>();
    for (const page of small.pages) {
      for (const item of page.data) {
        const id = idOf(item);
        expectThat(!seen.has(id), 'every id once', `${id} again`, page.exchange);
        seen.add(id);
      }
    }
  },
};
