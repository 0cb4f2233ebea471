import { describe, expect, it } from 'vitest';
import { progressBar } from './progressBar.ts';

function stream(isTTY: boolean): { isTTY: boolean; written: string[]; write(text: string): boolean } {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) > 0 };
}

describe('the progress bar', () => {
  it('stays quiet when stderr is not a terminal', () => {
    const out = stream(false);
    const bar = progressBar('loading', out);
    bar.update(5, 10);
    bar.finish();
    expect(out.written).toEqual([]);
  });

  it('draws on a terminal, always shows the end, and clears its line when finished', () => {
    const out = stream(true);
    const bar = progressBar('loading', out);
    bar.update(0, 1000);
    bar.update(1, 1000);
    bar.update(1000, 1000);
    bar.finish();
    expect(out.written).toHaveLength(3);
    expect(out.written[0]).toBe(`\rloading [${'-'.repeat(28)}]   0% 0/1,000`);
    expect(out.written[1]).toMatch(/\[#{28}\] 100% 1,000\/1,000$/);
    expect(out.written[2]).toBe('\r\u001b[2K');
  });

  it('writes a note after the counts, clearing what a longer earlier note left', () => {
    const out = stream(true);
    progressBar('capture', out).update(150, 1000, 'customers · ETA 2m 10s');
    expect(out.written[0]).toBe(`\rcapture [${'#'.repeat(4)}${'-'.repeat(24)}]  15% 150/1,000 customers · ETA 2m 10s\u001b[K`);
  });
});
