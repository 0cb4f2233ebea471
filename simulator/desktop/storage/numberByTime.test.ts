import { beforeAll, describe, expect, it } from 'vitest';
import { SimClock } from '../clock.ts';
import { CompanyFile } from '../CompanyFile.ts';
import { buildTypeRegistry } from '../engine/checkTypeTable.ts';
import type { TypeRegistry } from '../engine/TypeRegistry.ts';
import { TYPE_TABLE } from '../table/typeTable.ts';
import type { JsonObject } from '../values/json.ts';
import { indexOperations } from '../../spec/indexOperations.ts';
import { loadSpec } from '../../spec/loadSpec.ts';
import { parseDoc } from './CompanyFileStore.ts';
import { numberByTime } from './numberByTime.ts';

let types: TypeRegistry;
beforeAll(async () => {
  types = buildTypeRegistry(TYPE_TABLE, indexOperations(await loadSpec()));
});

const T0 = Date.UTC(2024, 0, 2) / 1000;
const namesInOrder = (file: CompanyFile, kinds: readonly string[]): unknown[] =>
  (file.store.statement(`SELECT doc FROM objects WHERE type IN (${kinds.map(() => '?').join(',')}) ORDER BY seq`).pluck().all(...kinds) as Buffer[]).map((b) => parseDoc<JsonObject>(b)['name']);

describe('a bulk load numbered by time', () => {
  it('keeps the timed types in the order of their times, the others as they came, references and later writes as ever', () => {
    const file = new CompanyFile({ path: ':memory:', clock: new SimClock(() => (T0 + 10_000) * 1000), types });
    try {
      const made: Record<string, string> = {};
      const add = (type: string, name: string, at: number, parent?: string): void => {
        file.fixedTime = T0 + at;
        made[name] = String(file.add(type, { name, ...(parent ? { parentId: made[parent] } : {}) })['id']);
      };
      file.bulkLoad(() => {
        file.store.numbering = numberByTime(file.store, new Set(['ldg_class']));
        // Written as a seeder writes: one type after another, each on its own clock.
        add('ldg_class', 'Late', 300);
        add('ldg_customer_type', 'Retail', 400);
        add('ldg_class', 'Later', 500, 'Late');
        add('ldg_customer_type', 'Trade', 100);
        add('ldg_class', 'First', 50);
        add('ldg_class', 'Also first', 50);
      });
      expect(file.store.numbering).toBeUndefined();
      add('ldg_class', 'Made after', 9_000);
      expect(namesInOrder(file, ['ldg_class'])).toEqual(['First', 'Also first', 'Late', 'Later', 'Made after']);
      // Others keep the order they were written in, whatever their times.
      expect(namesInOrder(file, ['ldg_customer_type'])).toEqual(['Retail', 'Trade']);
      expect(file.retrieve('ldg_class', String(made['Later']))['parent']).toEqual({ id: made['Late'], fullName: 'Late' });
      expect(file.store.graph.referencing('ldg_class', 'parent', String(made['Late'])).map((b) => parseDoc<JsonObject>(b)['name'])).toEqual(['Later']);
    } finally {
      file.close();
    }
  });
});
