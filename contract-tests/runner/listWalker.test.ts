import { describe, expect, it } from 'vitest';
import { smallLimit } from './listWalker.ts';

describe('smallLimit', () => {
  it('walks a list in three small pages, more where a page would reach 150, and a list of more than 745 in full pages', () => {
    const pages = (n: number): number => Math.ceil(n / smallLimit(n));
    expect([3, 10, 100, 446].map(pages)).toEqual([3, 3, 3, 3]);
    expect([447, 600, 745].map(pages)).toEqual([4, 5, 6]);
    for (let n = 3; n <= 745; n += 1) expect(smallLimit(n), `${n} objects`).toBeLessThan(150);
    expect([746, 3000].map(smallLimit)).toEqual([150, 150]);
  });
});
