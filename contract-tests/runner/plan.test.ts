import { describe, expect, it } from 'vitest';
import type { Check } from './checkTypes.ts';
import { breadthFirst, parseDuration } from './plan.ts';

describe('the run plan', () => {
  it.each([
    ['90s', 90_000],
    ['15m', 900_000],
    ['1h', 3_600_000],
    ['1h30m', 5_400_000],
    ['45', 45_000],
    ['', undefined],
    ['soon', undefined],
    ['15 min', undefined],
  ])('reads the budget %j as %j ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it('orders breadth first: the whole target, then each operation once, then again, the traffic judges last', () => {
    const check = (id: string, operationId?: string, last = false): Check => ({ id, area: 'schema', rule: id, ...(operationId ? { operationId } : {}), ...(last ? { last } : {}), run: () => Promise.resolve() });
    const checks = [check('a', 'x'), check('b', 'x'), check('c', 'x'), check('a', 'y'), check('auth'), check('traffic', undefined, true), check('a', 'z'), check('b', 'z')];
    expect(breadthFirst(checks).map((c) => `${c.id}${c.operationId ? `@${c.operationId}` : ''}`)).toEqual(['auth', 'a@x', 'a@y', 'a@z', 'b@x', 'b@z', 'c@x', 'traffic']);
  });
});
