import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../values/json.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import { rollUpTree } from './balances.ts';

describe('rollUpTree', () => {
  it("rewrites a job and its customer from their own amounts without changing the objects `find` handed out (the store's cache is shared)", () => {
    const stored = new Map<string, JsonObject>([
      ['c1', Object.freeze({ id: 'c1', fullName: 'Acme', parent: null, balance: '0.00', totalBalance: '0.00' })],
      ['j1', Object.freeze({ id: 'j1', fullName: 'Acme:Roof', parent: { id: 'c1' }, balance: '0.00', totalBalance: '0.00' })],
    ]);
    const own: Record<string, number> = { c1: 500, j1: 1234 };
    const ctx = {
      find: (_type: string, id: string) => stored.get(id),
      referencing: (_type: string, _path: string, id: string) => [...stored.values()].filter((d) => (d['parent'] as { id?: string } | null)?.id === id),
      rewriteAmounts: (_type: string, doc: JsonObject) => stored.set(String(doc['id']), Object.freeze(doc)),
    } as unknown as RulesContext;
    rollUpTree(ctx, 'ldg_customer', 'j1', (id) => [own[id] ?? 0]);
    expect(stored.get('j1')).toMatchObject({ balance: '12.34', totalBalance: '12.34' });
    expect(stored.get('c1')).toMatchObject({ balance: '5.00', totalBalance: '17.34' });
  });
});
