import type { ChildProcess } from 'node:child_process';

const live = new Set<ChildProcess>();
let hooked = false;

/** Resolves with the exit code once the child is gone; kills it outright if it lingers. */
export function waitForExit(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/**
 * Every child the bench starts is registered here, so that whatever way the bench ends (error,
 * Ctrl-C), no server is left running behind it.
 */
export const childRegistry = {
  add(child: ChildProcess): ChildProcess {
    if (!hooked) {
      hooked = true;
      process.once('exit', () => {
        for (const c of live) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      });
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.once(signal, () => process.exit(130));
      }
    }
    live.add(child);
    child.once('exit', () => live.delete(child));
    return child;
  },

  /** SIGTERM first (what a user would send), SIGKILL after `graceMs`. */
  async stop(child: ChildProcess, graceMs = 10_000): Promise<number | null> {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return waitForExit(child, graceMs);
  },

  get size(): number {
    return live.size;
  },
};
