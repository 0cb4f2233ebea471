import { vi } from 'vitest';
import type { CliRun } from './cliProcess.ts';

/**
 * Runs one CLI command's function in this process, as `ledger-sim <command>` would, catching what it
 * writes: its exit code, output and messages without a process start (under a second each, which a
 * file of many runs pays many times). `env` is set (or unset) for the run and restored after.
 */
export async function runInProcess(command: (args: string[]) => Promise<number>, args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  // A name given as undefined is unset for the run, as a shell without it would have it.
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  try {
    return { code: await command(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
