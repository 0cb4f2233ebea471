import { CheckSkip, expectThat } from '../../runner/CheckFailure.ts';
import { fullList, hasParam, idOf, walk } from '../../runner/listWalker.ts';
import type { SpecOperation } from '../../runner/specModel.ts';
import { errorOf } from '../expectError.ts';
import type { OperationCheck } from '../operationCheck.ts';

/** The exact-match name filter of a list and the field it matches. */
function nameFilter(op: SpecOperation): { param: string; field: string } | undefined {
  if (hasParam(op, 'fullNames')) return { param: 'fullNames', field: 'fullName' };
  if (hasParam(op, 'names')) return { param: 'names', field: 'name' };
  if (hasParam(op, 'refNumbers')) return { param: 'refNumbers', field: 'refNumber' };
  return undefined;
}

export const namesExact: OperationCheck = {
  id: 'filters.names-exact',
  area: 'filters',
  rule: 'fullNames / names / refNumbers return exactly the objects with those values, and fail on a value that does not exist',
  applies: (op) => op.method === 'GET' && nameFilter(op) !== undefined,
  async run(ctx, op) {
    const filter = nameFilter(op);
    if (!filter) return;
    const all = (await fullList(ctx, op)).items.filter((item) => typeof item[filter.field] === 'string');
    const picked = [all[1], all[all.length - 2]].filter((item) => item !== undefined);
    if (picked.length < 2) throw new CheckSkip('fewer than 2 named objects');
    const values = picked.map((item) => String(item[filter.field]));
    const want = all.filter((item) => values.includes(String(item[filter.field]))).map(idOf).sort();
    const got = (await walk(ctx, op, { [filter.param]: values })).items.map(idOf).sort();
    expectThat(JSON.stringify(got) === JSON.stringify(want), `${want.length} objects named ${values.join(' | ')}`, got.join(', '));
    const missing = await ctx.client.send({ path: op.path, query: { [filter.param]: [values[0] ?? '', 'contract check: no such name 7f3a'] } });
    expectThat(missing.status >= 400 && errorOf(missing) !== undefined, 'an error body for the value that does not exist', `HTTP ${missing.status}`, missing);
  },
};
