import type { WriteStream } from 'node:tty';

export interface Progress {
  /** `note` follows the counts (what is being read, the time left). */
  update(done: number, total: number, note?: string): void;
  /** Clears the bar so the next output starts on a clean line. */
  finish(): void;
}

const WIDTH = 28;
const QUIET: Progress = { update: () => undefined, finish: () => undefined };

/**
 * A one-line progress bar on stderr, redrawn at most ten times a second; silent when stderr is not
 * a terminal, so logs and CI output never fill with carriage returns.
 */
export function progressBar(label: string, stream: Pick<WriteStream, 'isTTY' | 'write'> = process.stderr): Progress {
  if (!stream.isTTY) return QUIET;
  let lastDraw = 0;
  let drawn = false;
  return {
    update(done, total, note) {
      const now = Date.now();
      if (now - lastDraw < 100 && done < total) return;
      lastDraw = now;
      const share = total > 0 ? Math.min(1, done / total) : 0;
      const filled = Math.round(share * WIDTH);
      stream.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(Math.round(share * 100)).padStart(3)}% ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}${note ? ` ${note}\u001b[K` : ''}`);
      drawn = true;
    },
    finish() {
      if (drawn) stream.write('\r\u001b[2K');
      drawn = false;
    },
  };
}
