import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock.ts';
import { IteratorError, IteratorRegistry, type SequenceStart } from './IteratorRegistry.ts';

function registry(): { clock: SimClock; iterators: IteratorRegistry<null> } {
  const clock = new SimClock(() => 1_000_000);
  return { clock, iterators: new IteratorRegistry<null>(clock) };
}

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof IteratorError) return error.reason;
    throw error;
  }
  return 'none';
}

/** A sequence of `total` customers; the registry never looks at the plan. */
function start(total: number): SequenceStart<null> {
  return { objectType: 'ldg_customer', filterKey: 'k', output: {}, plan: null, snapshot: 0, total };
}

describe('IteratorRegistry', () => {
  it('tells expired, exhausted, unknown and mismatched cursors apart', () => {
    const { clock, iterators } = registry();
    const a = iterators.open(start(3));
    expect(reasonOf(() => iterators.resume('nope', 'ldg_customer', undefined))).toBe('unknown');
    expect(reasonOf(() => iterators.resume(a.id, 'ldg_invoice', undefined))).toBe('mismatch');
    expect(reasonOf(() => iterators.resume(a.id, 'ldg_customer', 'other'))).toBe('mismatch');
    expect(reasonOf(() => iterators.resume(a.id, 'ldg_customer', 'k'))).toBe('none');
    a.delivered = 3;
    iterators.answered(a);
    expect(reasonOf(() => iterators.resume(a.id, 'ldg_customer', undefined))).toBe('exhausted');
    const b = iterators.open(start(2));
    clock.advance(10_001);
    expect(reasonOf(() => iterators.resume(b.id, 'ldg_customer', undefined))).toBe('expired');
  });

  it('frees expired iterators and keeps a bounded memory of ended ones', () => {
    const { clock, iterators } = registry();
    for (let i = 0; i < 12_000; i += 1) iterators.open(start(2));
    expect(iterators.liveCount).toBe(12_000);
    clock.advance(10_001);
    iterators.sweep();
    expect(iterators.liveCount).toBe(0);
    expect(iterators.endedCount).toBe(10_000);
  });
});
