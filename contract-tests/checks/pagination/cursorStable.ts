import { expectThat } from '../../runner/CheckFailure.ts';
import { isPagedList, type OperationCheck } from '../operationCheck.ts';
import { smallWalk } from './smallWalk.ts';

export const cursorStable: OperationCheck = {
  id: 'pagination.cursor-stable',
  area: 'pagination',
  rule: 'The cursor is the same value on every page of one walk',
  applies: isPagedList,
  async run(ctx, op) {
    const { small } = await smallWalk(ctx, op);
    const cursors = small.pages.map((p) => p.nextCursor).filter((c) => typeof c === 'string');
    const distinct = [...new Set(cursors)];
    const last = small.pages.at(-1);
    expectThat(distinct.length <= 1, 'one cursor value for the whole walk', `${distinct.length} different cursors: ${distinct.slice(0, 3).join(', ')}`, last?.exchange);
  },
};
