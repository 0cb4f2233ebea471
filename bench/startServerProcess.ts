import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hugePagesEnv } from '../simulator/launch/hugePages.js';
import { childRegistry, waitForExit } from './childRegistry.ts';
import { isServerMessage, STOP_MESSAGE, type ServerConfig } from './serverMessage.ts';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const PROJECT_DIR = path.resolve(BENCH_DIR, '..');

export interface ServerProcess {
  port: number;
  secretKey: string;
  endUserId: string;
  /** Time the child itself took from entering main to listening (seeding included). */
  startMs: number;
  /** Demo-cache files of the config's `keptSeedings`, as the child named them. */
  keptFiles?: string[];
  pid: number;
  /** Asks the child to close and exit on its own; it is killed if it has not within 15 s. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Folder for V8 CPU profiles of the server (one per thread: tsx adds a loader thread), written when it exits. */
  cpuProfDir?: string;
  readyTimeoutMs?: number;
}

function awaitReady(child: ChildProcess, timeoutMs: number): Promise<Omit<ServerProcess, 'stop' | 'pid'>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server process not ready after ${timeoutMs} ms`)), timeoutMs);
    const done = (): void => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (message: unknown): void => {
      if (!isServerMessage(message)) return;
      done();
      if (message.type === 'failed') reject(new Error(`server process failed: ${message.error}`));
      else {
        const { type: _type, ...ready } = message;
        resolve(ready);
      }
    };
    const onExit = (code: number | null): void => {
      done();
      reject(new Error(`server process exited with ${code} before it was ready`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Runs bench/serverProcess.ts in its own Node process (through tsx) and waits until it listens. */
export async function startServerProcess(config: ServerConfig, options: StartOptions = {}): Promise<ServerProcess> {
  const execArgv = ['--import', 'tsx', ...(process.env['BENCH_CHILD_FLAGS'] ?? '').split(' ').filter(Boolean)];
  // No --cpu-prof-name: every thread would write to that one name and the loader thread's would win.
  if (options.cpuProfDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`);
  const child = childRegistry.add(
    fork(path.join(BENCH_DIR, 'serverProcess.ts'), [JSON.stringify(config)], {
      cwd: PROJECT_DIR,
      execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // As `ledger-sim serve` starts itself.
      env: hugePagesEnv() ?? process.env,
    }),
  );
  try {
    const ready = await awaitReady(child, options.readyTimeoutMs ?? 120_000);
    return {
      ...ready,
      pid: child.pid ?? -1,
      async stop() {
        if (child.connected) child.send(STOP_MESSAGE);
        await waitForExit(child, 15_000);
      },
    };
  } catch (error) {
    await childRegistry.stop(child, 2_000);
    throw error;
  }
}
