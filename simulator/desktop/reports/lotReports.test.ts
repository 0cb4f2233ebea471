import { describe, expect, it } from 'vitest';
import { NumbersOnHand } from './lotReports.ts';

/** The walk NumbersOnHand shortens: every number in the order it first arrived, from the first. */
function naiveTakeOldest(counts: Map<string, number>, quantity: number): void {
  let left = quantity;
  for (const [number, count] of counts) {
    if (left <= 0) break;
    if (count <= 0) continue;
    const taken = Math.min(count, left);
    counts.set(number, count - taken);
    left -= taken;
  }
}

describe('NumbersOnHand', () => {
  it('takes the oldest numbers exactly as a walk from the first does, numbers emptied and stocked again included', () => {
    let state = 12345;
    const random = (n: number): number => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % n;
    };
    for (let round = 0; round < 200; round++) {
      const kept = new NumbersOnHand();
      const naive = new Map<string, number>();
      for (let step = 0; step < 200; step++) {
        const number = `L${random(12)}`;
        if (random(3) === 0) {
          const quantity = 1 + random(5);
          kept.add(number, quantity);
          naive.set(number, (naive.get(number) ?? 0) + quantity);
        } else if (random(2) === 0) {
          const taken = Math.min(1 + random(3), Math.max(0, naive.get(number) ?? 0));
          if (taken > 0) {
            kept.add(number, -taken);
            naive.set(number, (naive.get(number) ?? 0) - taken);
          }
        } else {
          const quantity = 1 + random(8);
          kept.takeOldest(quantity);
          naiveTakeOldest(naive, quantity);
        }
        expect([...kept.counts]).toEqual([...naive]);
      }
    }
  });
});
