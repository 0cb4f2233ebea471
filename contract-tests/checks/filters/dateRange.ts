import { CheckSkip, expectThat } from '../../runner/CheckFailure.ts';
import { fullList, hasParam, idOf, walk } from '../../runner/listWalker.ts';
import type { OperationCheck } from '../operationCheck.ts';

export const dateRange: OperationCheck = {
  id: 'filters.date-range',
  area: 'filters',
  rule: 'transactionDateFrom/To (or updatedAfter/Before) return exactly the objects inside the range, ends included',
  applies: (op) => op.method === 'GET' && op.list && (hasParam(op, 'transactionDateFrom') || hasParam(op, 'updatedAfter')),
  async run(ctx, op) {
    const byDate = hasParam(op, 'transactionDateFrom');
    const field = byDate ? 'transactionDate' : 'updatedAt';
    const all = (await fullList(ctx, op)).items.filter((i) => typeof i[field] === 'string');
    if (all.length < 4) throw new CheckSkip('fewer than 4 dated objects');
    const values = all.map((i) => String(i[field])).sort();
    // The middle fifth: enough to show both ends cut, few pages of a long list to read.
    const from = values[Math.floor((values.length * 2) / 5)] ?? '';
    const to = values[Math.floor((values.length * 3) / 5)] ?? '';
    const inside = (v: string): boolean => (byDate ? v >= from && v <= to : Date.parse(v) >= Date.parse(from) && Date.parse(v) <= Date.parse(to));
    const want = all.filter((i) => inside(String(i[field]))).map(idOf).sort();
    const query = byDate ? { transactionDateFrom: from, transactionDateTo: to } : { updatedAfter: from, updatedBefore: to };
    const got = (await walk(ctx, op, query, 150)).items;
    expectThat(got.every((i) => inside(String(i[field]))), `only ${field} within ${from}..${to}`, got.filter((i) => !inside(String(i[field]))).map((i) => String(i[field])).slice(0, 3).join(', '));
    const gotIds = got.map(idOf).sort();
    const extra = gotIds.filter((id) => !want.includes(id));
    const missing = want.filter((id) => !gotIds.includes(id));
    expectThat(
      JSON.stringify(gotIds) === JSON.stringify(want),
      `${want.length} objects in the range`,
      () => `${got.length}; not expected: ${extra.slice(0, 3).join(', ') || 'none'}; missing: ${missing.slice(0, 3).join(', ') || 'none'}`,
    );
  },
};
