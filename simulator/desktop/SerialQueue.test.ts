import { describe, expect, it } from 'vitest';
import { SerialQueue } from './SerialQueue.ts';

describe('SerialQueue', () => {
  it('runs one piece of work at a time, in arrival order, and survives failures', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    let running = 0;
    const job = (name: string, ms: number, fail = false) =>
      queue.run(async () => {
        running += 1;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name}`);
        running -= 1;
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([job('a', 20), job('b', 1, true), job('c', 5)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.depth).toBe(0);
  });
});
