import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hugePagesEnv } from '../launch/hugePages.js';
import { startSandbox as startInProcess } from '../Sandbox.ts';
import { readReadyFile, type ReadyFile } from './readyFile.ts';
import type { SandboxConnection, SandboxHandle, StartSandboxOptions } from './sandboxApi.ts';
import { sandboxControls } from './sandboxControls.ts';
import { trustingFetch } from './trustingFetch.ts';

/** The CLI's starter: beside this module's folder both as a source and in the package. */
const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/ledger-sim.js');
const CHILD_START_TIMEOUT_MS = 60_000;

function handle(connection: Omit<SandboxConnection, 'fetch'> & { publishableKey: string; caCertPath: string }, close: () => Promise<void>): SandboxHandle {
  const target = { baseUrl: connection.baseUrl, apiKey: connection.apiKey, ca: connection.ca };
  return { ...connection, fetch: trustingFetch(connection.ca), ...sandboxControls(target, connection.endUserId), close };
}

async function startChild(options: StartSandboxOptions): Promise<SandboxHandle> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-child-'));
  const readyFile = path.join(scratch, 'ready.json');
  const args = [BIN, 'serve', '--port', '0', '--http-port', '0', '--ready-file', readyFile, '--log-level', options.logLevel ?? 'warn'];
  args.push(...(options.dataDir ? ['--data-dir', options.dataDir] : ['--memory']));
  if (options.seed !== undefined) args.push('--seed', String(options.seed));
  if (options.today !== undefined) args.push('--today', options.today);
  // As named, the others at the demo's counts (the library's sizes), not in proportion (the command's).
  if (options.sizes) args.push('--size', Object.entries(options.sizes).map(([k, v]) => `${k}=${v}`).join(','), '--scale', '1');
  if (options.secretKey) args.push('--secret-key', options.secretKey);
  if (options.checkResponses) args.push('--check-responses');
  // Started as the CLI would start itself (launch/hugePages.js), so it needs no launcher in between.
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env: hugePagesEnv() ?? process.env });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const stop = (): Promise<void> => stopChild(child).finally(() => fs.rmSync(scratch, { recursive: true, force: true }));
  let ready: ReadyFile;
  try {
    ready = await waitForReadyFile(readyFile, child, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  const endUserId = ready.endUserIds[0] ?? '';
  const ca = fs.readFileSync(ready.caCertPath, 'utf8');
  return handle({ baseUrl: ready.baseUrl, apiKey: ready.secretKey, publishableKey: ready.publishableKey, endUserId, ca, caCertPath: ready.caCertPath }, stop);
}

/** The ready file, once the child has written it; the child's last words when it ends first. */
function waitForReadyFile(file: string, child: ChildProcess, stderr: () => string): Promise<ReadyFile> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const onExit = (code: number | null): void => {
      clearInterval(poll);
      reject(new Error(`the sandbox process ended (exit ${String(code)}) before it was ready:\n${stderr()}`));
    };
    child.once('exit', onExit);
    // The child writes the file whole (aside, then renamed): a file that exists is complete.
    const poll = setInterval(() => {
      if (fs.existsSync(file)) {
        clearInterval(poll);
        child.off('exit', onExit);
        try {
          const ready = readReadyFile(file);
          if (ready) resolve(ready);
          else reject(new Error(`the sandbox process wrote ${file} and ended`));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      } else if (Date.now() - started > CHILD_START_TIMEOUT_MS) {
        clearInterval(poll);
        child.off('exit', onExit);
        reject(new Error(`the sandbox process was not ready within ${CHILD_START_TIMEOUT_MS / 1000} s:\n${stderr()}`));
      }
    }, 10);
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(hard);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts a sandbox for a test suite: in this process (the default, fastest: the demo file opens
 * from its kept bytes) or as `ledger-sim serve` in a child process (nothing shared with the test's
 * process). Either way on free ports, in memory unless `dataDir` is given, quiet unless asked, and
 * steered through the same controls over HTTP.
 */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<SandboxHandle> {
  const mode = options.mode ?? 'in-process';
  if (mode === 'child-process') return startChild(options);
  if (mode !== 'in-process') throw new Error(`startSandbox: mode is 'in-process' or 'child-process', got ${JSON.stringify(mode)}`);
  const sandbox = await startInProcess({
    port: 0,
    httpPort: 0,
    ...(options.dataDir ? { dataDir: options.dataDir } : { memory: true }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.sizes ? { sizes: options.sizes } : {}),
    ...(options.today === undefined ? {} : { today: options.today }),
    ...(options.secretKey ? { secretKey: options.secretKey } : {}),
    logLevel: options.logLevel ?? 'silent',
    ...(options.checkResponses === undefined ? {} : { checkResponses: options.checkResponses }),
  });
  const endUserId = sandbox.endUserIds[0] ?? '';
  return handle({ baseUrl: sandbox.baseUrl, apiKey: sandbox.secretKey, publishableKey: sandbox.publishableKey, endUserId, ca: sandbox.caCert, caCertPath: sandbox.caCertPath }, () => sandbox.close());
}
