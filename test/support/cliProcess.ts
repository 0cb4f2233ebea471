import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SandboxInfo } from '../../simulator/Sandbox.ts';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/ledger-sim.js');

export interface RunningCli {
  child: ChildProcess;
  info: SandboxInfo;
  stdout: () => string;
  stderr: () => string;
}

/** Starts `ledger-sim serve` as a real process and waits for its ready file. */
export async function startCli(args: string[], readyFile: string, timeoutMs = 40_000): Promise<RunningCli> {
  fs.rmSync(readyFile, { force: true });
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--http-port', '0', '--ready-file', readyFile, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(readyFile)) {
    if (child.exitCode !== null) throw new Error(`ledger-sim exited with ${child.exitCode}: ${err}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`ledger-sim was not ready in ${timeoutMs} ms: ${err}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const info = JSON.parse(fs.readFileSync(readyFile, 'utf8')) as SandboxInfo;
  // The banner is in the pipe before the ready file exists, but this process may not have read it yet.
  while (!out.includes('sandbox ready in') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return { child, info, stdout: () => out, stderr: () => err };
}

export function stopCli(cli: RunningCli, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    if (cli.child.exitCode !== null || cli.child.signalCode !== null) {
      resolve(cli.child.exitCode);
      return;
    }
    cli.child.once('exit', (code) => resolve(code));
    cli.child.kill(signal);
  });
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `ledger-sim <args>` to completion as a real process, as a user or CI script would. */
export function runCli(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: options.env ?? process.env, cwd: options.cwd });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
