import { afterEach, describe, expect, it } from 'vitest';
import { CompanyFileStore, type IndexColumns } from './CompanyFileStore.ts';
import { REFERENCING_SQL } from './ReferenceGraph.ts';
import { FIXED_TODAY, middayOf, seedCompanyFile } from '../../fixtures/seedCompanyFile.ts';
import { indexOperations } from '../../spec/indexOperations.ts';
import { loadSpec } from '../../spec/loadSpec.ts';
import { SimClock } from '../clock.ts';
import { CompanyFile } from '../CompanyFile.ts';
import { buildTypeRegistry } from '../engine/checkTypeTable.ts';
import { TYPE_TABLE } from '../table/typeTable.ts';

const COLUMNS: IndexColumns = { name: null, ref_number: null, is_active: 1, updated_at: 0, txn_date: null, tag: null, is_paid: null, balance_cents: null };

let store: CompanyFileStore;
afterEach(() => store.close());

function add(id: string, edges: { path: string; id: string }[]): number {
  const seq = store.insert('ldg_customer', id, { ...COLUMNS, name: id }, JSON.stringify({ id }), null);
  store.graph.setReferences(seq, edges, true);
  return seq;
}

function edges(): unknown[] {
  return store.db.prepare('SELECT from_seq, path, to_id FROM refs ORDER BY from_seq, path, to_id').raw().all();
}

function hasFromIndex(): boolean {
  return store.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'refs_from'").get() !== undefined;
}

describe('ReferenceGraph during a bulk load', () => {
  it('holds new edges back, yet every read and rewrite sees the graph as written', () => {
    store = new CompanyFileStore(':memory:');
    store.bulk.transaction(() => {
      const a = add('A', []);
      const b = add('B', [{ path: 'parent', id: 'A' }, { path: 'terms', id: 'T1' }]);
      add('C', [{ path: 'parent', id: 'A' }]);
      expect(edges()).toEqual([]);
      expect(hasFromIndex()).toBe(false);
      // A read settles the graph: what was held is written, the holder index is back.
      expect(store.graph.referrers('A').map((row) => row.id)).toEqual(['B', 'C']);
      expect(hasFromIndex()).toBe(true);
      add('D', [{ path: 'parent', id: 'A' }, { path: 'terms', id: 'T1' }]);
      // A rewrite replaces an object's edges, held ones included.
      store.graph.setReferences(b, [{ path: 'terms', id: 'T2' }]);
      expect(store.graph.referencing('ldg_customer', 'parent', 'A').map((doc) => JSON.parse(doc.toString()).id)).toEqual(['C', 'D']);
      void a;
    });
    expect(edges()).toEqual([
      [2, 'terms', 'T2'],
      [3, 'parent', 'A'],
      [4, 'parent', 'A'],
      [4, 'terms', 'T1'],
    ]);
    expect(hasFromIndex()).toBe(true);
  });

  it('writes the same graph as edges written one object at a time, and a failed load leaves none', () => {
    const graphOf = (bulk: boolean): unknown[] => {
      store = new CompanyFileStore(':memory:');
      // Every object names the same currency: more holders of one target and path than one write of the flush takes.
      const load = (): void => {
        for (let i = 1; i <= 20_500; i += 1) {
          add(`O${i}`, [{ path: 'terms', id: `T${i % 7}` }, { path: 'class', id: `K${i % 3}` }, { path: 'terms', id: `T${i % 7}` }, { path: 'currency', id: 'USD' }]);
        }
      };
      if (bulk) store.bulk.transaction(load);
      else store.transaction(load);
      const graph = edges();
      store.close();
      return graph;
    };
    const bulk = graphOf(true);
    expect(bulk).toHaveLength(61_500);
    expect(bulk).toEqual(graphOf(false));

    store = new CompanyFileStore(':memory:');
    expect(() =>
      store.bulk.transaction(() => {
        add('X', [{ path: 'parent', id: 'Y' }]);
        throw new Error('the load fails');
      }),
    ).toThrow('the load fails');
    expect(edges()).toEqual([]);
    expect(hasFromIndex()).toBe(true);
    store.graph.setReferences(add('Z', []), [{ path: 'parent', id: 'Y' }]);
    expect(edges()).toEqual([[1, 'parent', 'Y']]);
  });
});

describe('ReferenceGraph queries', () => {
  it('find the objects pointing at one id through its edges, whatever the statistics say', async () => {
    // 20,000 seeded customers with full statistics (the store samples 1,000 rows per index): for
    // an id most customers point at, SQLite once chose to walk every customer instead, and each
    // customer added to such a file cost 3.3 ms more.
    const file = new CompanyFile({ path: ':memory:', clock: new SimClock(() => middayOf(FIXED_TODAY)), types: buildTypeRegistry(TYPE_TABLE, indexOperations(await loadSpec())) });
    try {
      seedCompanyFile(file, { seed: 1, sizes: { customers: 20_000, invoices: 0 } });
      file.store.db.pragma('analysis_limit = 0');
      file.store.db.exec('ANALYZE');
      const top = file.store.db.prepare('SELECT to_id AS id, path, COUNT(*) AS n FROM refs GROUP BY to_id, path ORDER BY n DESC LIMIT 1').get() as { id: string; path: string; n: number };
      expect(top.n).toBeGreaterThan(10_000);
      const plan = file.store.db.prepare(`EXPLAIN QUERY PLAN ${REFERENCING_SQL}`).all(top.id, top.path, 'ldg_customer') as { detail: string }[];
      expect(plan[0]?.detail).toMatch(/^SEARCH r USING PRIMARY KEY \(to_id=\? AND path=\?\)/);
    } finally {
      file.close();
    }
  });
});
