import { describe, expect, it } from 'vitest';
import { firstListCounter } from '../desktop/storage/IdAllocator.ts';
import type { JsonObject } from '../desktop/values/json.ts';
import { withCountedGaps } from './unreadReferences.ts';

const TYPE = 'ldg_sales_tax_return_line';
const idAt = (count: number, at: number): string => `${(firstListCounter(TYPE) + count).toString(16).toUpperCase()}-${at}`;
const shown = (count: number, at: number): JsonObject => ({ id: idAt(count, at), objectType: TYPE, name: `Line ${count}`, fullName: `Line ${count}`, createdAt: `t${at}` });

describe('objects of a list the API cannot read, made from references, count the ids their source counted', () => {
  it('puts a stand-in where an id was counted that no reference shows, first or between, made at the next one\'s time', () => {
    const out = withCountedGaps(TYPE, [shown(1, 100), shown(3, 300)]);
    expect(out.map((d) => d['id'])).toEqual([idAt(0, 100), idAt(1, 100), idAt(2, 300), idAt(3, 300)]);
    expect(out[0]).toMatchObject({ name: `Unread ${idAt(0, 100).split('-')[0]}`, isActive: false, createdAt: 't100' });
    expect(out[2]).toMatchObject({ createdAt: 't300' });
  });

  it.each([
    ['nothing skipped', [shown(0, 100), shown(1, 200)], 2],
    ['an object whose id is not known (a parent named by a child)', [{ id: `unread:${TYPE}:A`, name: 'A' }, shown(2, 200)], 2],
    ['ids not counting up in the order made (ids of another file)', [shown(3, 100), shown(1, 200)], 2],
    ['more than a thousand counts missing', [shown(5_000, 100)], 1],
  ])('makes no stand-in when %s', (_label, docs: JsonObject[], length: number) => {
    expect(withCountedGaps(TYPE, docs)).toHaveLength(length);
  });
});
