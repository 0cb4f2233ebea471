import { describe, expect, it } from 'vitest';
import { ReadPace } from './readPace.ts';

describe('ReadPace', () => {
  it('is the preflight\'s figure until reads are seen, and never less', () => {
    const pace = new ReadPace(40);
    expect(pace.readMs()).toBe(40);
    for (let i = 0; i < 10; i++) pace.observe(5);
    expect(pace.readMs()).toBe(40);
  });

  it('follows a target that slows down, by the median of the latest reads (one slow answer moves nothing)', () => {
    const pace = new ReadPace(40, 5);
    for (const ms of [30, 35, 2_000, 38, 33]) pace.observe(ms);
    expect(pace.readMs()).toBe(40);
    for (const ms of [300, 320, 310]) pace.observe(ms);
    expect(pace.readMs()).toBe(300);
    for (let i = 0; i < 5; i++) pace.observe(20);
    expect(pace.readMs()).toBe(40);
  });
});
