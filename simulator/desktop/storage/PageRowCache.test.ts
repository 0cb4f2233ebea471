import { describe, expect, it } from 'vitest';
import { PageRowCache } from './PageRowCache.ts';

const row = (seq: number, bytes: number) => ({ seq, doc: Buffer.alloc(bytes, 0x20), linked: null });

describe('PageRowCache', () => {
  it('keeps rows within its byte budget, dropping the oldest first', () => {
    const cache = new PageRowCache(1000);
    for (let seq = 1; seq <= 5; seq += 1) cache.set(row(seq, 300));
    expect(cache.size).toBe(3);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(5)?.doc.length).toBe(300);
  });

  it('replaces a row in place and forgets dropped rows', () => {
    const cache = new PageRowCache(1000);
    cache.set(row(1, 400));
    cache.set(row(1, 500));
    cache.set(row(2, 500));
    expect(cache.size).toBe(2);
    cache.drop(1);
    expect(cache.get(1)).toBeUndefined();
    cache.set(row(3, 500));
    expect(cache.get(2)).toBeDefined();
  });
});
