import { describe, expect, it } from 'vitest';
import { SimClock } from './clock.ts';

describe('waiting on the clock', () => {
  it('ends when the clock is advanced past the wait, not before', async () => {
    const clock = new SimClock(() => 1_000_000);
    let done = false;
    const wait = clock.sleep(5_000).then(() => (done = true));
    clock.advance(4_999);
    await Promise.resolve();
    expect(done).toBe(false);
    clock.advance(1);
    await wait;
    expect(done).toBe(true);
  });

  it('ends by itself when that much real time has passed (someone trying the sandbox by hand)', async () => {
    const clock = new SimClock();
    const started = performance.now();
    await clock.sleep(40);
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
  });

  it('never ends once its signal aborts, and forgets the wait', async () => {
    const clock = new SimClock(() => 0);
    const stop = new AbortController();
    let done = false;
    void clock.sleep(1_000, stop.signal).then(() => (done = true));
    stop.abort();
    clock.advance(2_000);
    await new Promise((r) => setTimeout(r, 5));
    expect(done).toBe(false);
  });

  it('a wait of nothing is over at once', async () => {
    await expect(new SimClock(() => 0).sleep(0)).resolves.toBeUndefined();
  });
});
