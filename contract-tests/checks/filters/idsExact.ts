import { CheckSkip, expectThat } from '../../runner/CheckFailure.ts';
import { fullList, hasParam, idOf, walk } from '../../runner/listWalker.ts';
import type { OperationCheck } from '../operationCheck.ts';

export const idsExact: OperationCheck = {
  id: 'filters.ids-exact',
  area: 'filters',
  rule: 'ids returns exactly the objects asked for, whatever other filters say',
  applies: (op) => op.method === 'GET' && hasParam(op, 'ids'),
  async run(ctx, op) {
    const all = (await fullList(ctx, op)).items;
    if (all.length < 3) throw new CheckSkip('fewer than 3 objects to ask for');
    const wanted = [all[0], all[Math.floor(all.length / 2)], all[all.length - 1]].map((item) => idOf(item ?? {}));
    const got = await walk(ctx, op, { ids: wanted });
    const ids = got.items.map(idOf).sort();
    expectThat(JSON.stringify(ids) === JSON.stringify([...wanted].sort()), `exactly ${wanted.join(', ')}`, ids.join(', ') || 'no objects', got.pages[0]?.exchange);
  },
};
