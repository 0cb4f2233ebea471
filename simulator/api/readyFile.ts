import fs from 'node:fs';
import path from 'node:path';
import { LAUNCHER_PID } from '../launch/relaunch.js';
import type { SandboxInfo } from '../Sandbox.ts';

/** What `ledger-sim serve` leaves while it runs: how to reach it, and whose process it is. */
export interface ReadyFile extends SandboxInfo {
  pid: number;
}

/** The ready file a sandbox on disk leaves in its data directory. */
export function readyFilePath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'ready.json');
}

/**
 * Written whole (aside, then renamed), so a reader that waits for it never sees half; readable by
 * its owner only, since it holds the plain secret key for local tools.
 */
export function writeReadyFile(file: string, ready: ReadyFile): void {
  const aside = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(aside, `${JSON.stringify(ready, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(aside, file);
}

/**
 * The process its user started this sandbox as: this one, or the launcher the CLI ran it from
 * (launch/relaunch.js). The ready file names that one: its starter waits on it and signals it, and
 * it is gone as soon as the sandbox is.
 */
export function startedAsPid(): number {
  const launcher = Number(process.env[LAUNCHER_PID]);
  return Number.isInteger(launcher) && launcher > 0 ? launcher : process.pid;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process is there, only not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The ready file of a running sandbox; undefined when there is none, or when the process that
 * wrote it is gone (killed before it could remove it).
 */
export function readReadyFile(file: string): ReadyFile | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`cannot read the ready file ${file}: ${(error as Error).message}`, { cause: error });
  }
  let ready: Partial<ReadyFile>;
  try {
    ready = JSON.parse(text) as Partial<ReadyFile>;
  } catch (error) {
    throw new Error(`the ready file ${file} is not JSON; delete it if no sandbox runs there`, { cause: error });
  }
  if (typeof ready.baseUrl !== 'string' || typeof ready.secretKey !== 'string' || typeof ready.caCertPath !== 'string' || !Array.isArray(ready.endUserIds)) {
    throw new Error(`the ready file ${file} lacks baseUrl, secretKey, caCertPath or endUserIds; delete it if no sandbox runs there`);
  }
  if (typeof ready.pid === 'number' && !alive(ready.pid)) return undefined;
  return ready as ReadyFile;
}

/** Removes the ready file at a clean stop, unless another sandbox has written its own since. */
export function removeReadyFile(file: string, pid: number = startedAsPid()): void {
  try {
    if ((JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: number }).pid === pid) fs.rmSync(file, { force: true });
  } catch {
    // Gone already, or not ours.
  }
}
