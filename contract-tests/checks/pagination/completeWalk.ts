import { CheckSkip, expectThat } from '../../runner/CheckFailure.ts';
import { idOf } from '../../runner/listWalker.ts';
import { isPagedList, type OperationCheck } from '../operationCheck.ts';
import { smallWalk } from './smallWalk.ts';

export const completeWalk: OperationCheck = {
  id: 'pagination.complete-walk',
  area: 'pagination',
  rule: 'A walk in small pages delivers exactly the objects of a walk in full pages',
  applies: isPagedList,
  async run(ctx, op) {
    const { full, small } = await smallWalk(ctx, op);
    if (small === full) throw new CheckSkip(`the list has ${full.items.length} objects; at most 745 are needed to walk it in small pages (a longer one is walked in full pages only)`);
    const want = new Set(full.items.map(idOf));
    const got = new Set(small.items.map(idOf));
    const missing = [...want].filter((id) => !got.has(id));
    const extra = [...got].filter((id) => !want.has(id));
    expectThat(missing.length === 0 && extra.length === 0, `the same ${want.size} objects`, `${missing.length} missing (${missing.slice(0, 3).join(', ')}), ${extra.length} extra (${extra.slice(0, 3).join(', ')})`, small.pages.at(-1)?.exchange);
  },
};
