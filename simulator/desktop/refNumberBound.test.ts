import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { compareRefNumbers, FILTERS, type FilterContext } from './storage/queryFilters.ts';

const REFS = [null, '', '7', '10', '0010', '99', '100', '1001', 'A-7', 'INV-10', 'inv-2', '12B', '12', '999999999999', 'Z'];
const BOUNDS = ['7', '10', '0100', '12', 'A', 'INV-10', '12B', '', '99999999999'];

describe('reference number bounds in SQL', () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (ref_number TEXT)');
  const insert = db.prepare('INSERT INTO t (ref_number) VALUES (?)');
  for (const ref of REFS) insert.run(ref);

  it.each(BOUNDS)('keeps exactly what compareRefNumbers orders inside the bound %j', (bound) => {
    for (const [name, keep] of [
      ['refNumberFrom', (ref: string | null) => ref !== null && compareRefNumbers(ref, bound) >= 0],
      ['refNumberTo', (ref: string | null) => compareRefNumbers(ref, bound) <= 0],
    ] as const) {
      const ctx: FilterContext = { offsetMinutes: 0, rows: 'current', walk: false, where: [], params: [] };
      FILTERS[name]?.(ctx, bound, {});
      const got = db.prepare(`SELECT ref_number FROM t WHERE ${ctx.where.join(' AND ')}`).pluck().all(...ctx.params);
      expect({ name, got: [...got].sort() }).toEqual({ name, got: REFS.filter(keep).sort() });
    }
  });
});

describe('reference number text filters in SQL', () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (ref_number TEXT)');
  const insert = db.prepare('INSERT INTO t (ref_number) VALUES (?)');
  const refs = [null, '', '1', '10', '102', '2', 'INV-10', 'inv-2', 'Inv-3', 'A-1', 'a-12', '-5', '10-A', '5%', '50', 'A_1', 'AB1', 'x\\y', 'xy'];
  for (const ref of refs) insert.run(ref);
  const tests = { refNumberStartsWith: (r: string, n: string) => r.startsWith(n), refNumberContains: (r: string, n: string) => r.includes(n), refNumberEndsWith: (r: string, n: string) => r.endsWith(n) };

  // Letterless prefixes take an index range on the column as stored; the rest LIKE, whose wildcards in a needle are plain characters.
  it.each(Object.keys(tests).flatMap((filter) => ['1', '10', '-', '10-', 'inv-', 'INV-1', 'a', 'A-1', 'x', '%', '5%', '_', 'a_', '\\', '-1'].map((needle) => [filter, needle] as const)))('%s %j keeps the numbers it names, ignoring case', (filter, needle) => {
    const ctx: FilterContext = { offsetMinutes: 0, rows: 'current', walk: false, where: [], params: [] };
    FILTERS[filter]?.(ctx, needle, {});
    const got = db.prepare(`SELECT ref_number FROM t WHERE ${ctx.where.join(' AND ')}`).pluck().all(...ctx.params);
    const keep = tests[filter as keyof typeof tests];
    expect([...got].sort()).toEqual(refs.filter((r): r is string => r !== null && keep(r.toLowerCase(), needle.toLowerCase())).sort());
  });
});
