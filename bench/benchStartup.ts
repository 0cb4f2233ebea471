import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childRegistry } from './childRegistry.ts';
import { httpsGet } from './httpsGet.ts';
import { median } from './latencyStats.ts';

const PROJECT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const POLL_MS = 5;

export interface StartupSetup {
  runs: number;
  timeoutMs: number;
}

/** How the CLI ran: its bundle (what an installed ledger-sim runs) or its TypeScript sources through tsx. */
export type StartupMode = 'bundle' | 'source';

export interface StartupResult {
  mode: StartupMode;
  command: string;
  runsMs: number[];
  medianMs: number;
  /** When the ready file appeared, per run: the rest up to runsMs is the first request itself. */
  readyFileMs: number[];
}

interface ReadyInfo {
  baseUrl: string;
  secretKey: string;
  endUserIds: string[];
  caCertPath: string;
}

function readReady(file: string): ReadyInfo | undefined {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ReadyInfo>;
    if (typeof value.baseUrl !== 'string' || typeof value.secretKey !== 'string' || typeof value.caCertPath !== 'string' || !Array.isArray(value.endUserIds)) return undefined;
    return { baseUrl: value.baseUrl, secretKey: value.secretKey, endUserIds: value.endUserIds, caCertPath: value.caCertPath };
  } catch {
    // Not there yet, or caught half-written: poll again.
    return undefined;
  }
}

async function pollReady(file: string, deadline: number, exited: () => string | undefined): Promise<ReadyInfo> {
  for (;;) {
    const info = readReady(file);
    if (info) return info;
    const reason = exited();
    if (reason) throw new Error(`the CLI exited before it was ready (${reason})`);
    if (performance.now() > deadline) throw new Error('the CLI did not write its ready file in time');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The in-memory sandbox leaves its public CA in a temp folder of its own; the bench cleans up after it. */
function removeCaDir(caCertPath: string): void {
  const dir = path.dirname(caCertPath);
  if (path.dirname(dir) === os.tmpdir() && path.basename(dir).startsWith('ledger-sim-')) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Spawn-to-first-200 of one `ledger-sim serve` (its args after node's), in `cwd` (the project, or a
 * project that installed the package) with `env`.
 */
export async function timeFirstAnswer(args: string[], workDir: string, run: string, timeoutMs: number, where: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ totalMs: number; readyMs: number }> {
  const readyFile = path.join(workDir, `ready-${run}.json`);
  const started = performance.now();
  const child = childRegistry.add(spawn(process.execPath, [...args, '--ready-file', readyFile], { cwd: where.cwd ?? PROJECT_DIR, env: where.env ?? process.env, stdio: ['ignore', 'ignore', 'pipe'] }));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = (): string | undefined => (child.exitCode !== null || child.signalCode !== null ? `${child.exitCode ?? child.signalCode}: ${stderr.trim()}` : undefined);
  let caCertPath: string | undefined;
  try {
    const info = await pollReady(readyFile, started + timeoutMs, exited);
    caCertPath = info.caCertPath;
    const readyMs = performance.now() - started;
    // A fresh agent without keep-alive: the first request pays for its TLS handshake, as a user's would.
    const agent = new https.Agent({ keepAlive: false, ca: fs.readFileSync(info.caCertPath, 'utf8') });
    try {
      const headers = { authorization: `Bearer ${info.secretKey}`, 'service-end-user-id': info.endUserIds[0] ?? '' };
      const res = await httpsGet({ port: Number(new URL(info.baseUrl).port), agent, headers }, '/v1/ledger-desktop/health-check', timeoutMs);
      const totalMs = performance.now() - started;
      if (res.status !== 200) throw new Error(`health check answered HTTP ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`);
      return { totalMs, readyMs };
    } finally {
      agent.destroy();
    }
  } finally {
    const code = await childRegistry.stop(child);
    if (code !== 0 && code !== null) process.stderr.write(`bench: the CLI exited with ${code} after SIGTERM\n${stderr}`);
    if (caCertPath) removeCaDir(caCertPath);
  }
}

/**
 * Spawn-to-first-200 of the real CLI with the demo company file, one process at a time: from its
 * bundle (built first, as `npm install` does) and from its sources.
 */
export async function benchStartup(setup: StartupSetup, workDir: string): Promise<StartupResult[]> {
  execFileSync(process.execPath, ['scripts/bundle.mjs'], { cwd: PROJECT_DIR, stdio: 'inherit' });
  const args = ['bin/ledger-sim.js', 'serve', '--memory', '--port', '0', '--http-port', '0', '--log-level', 'silent'];
  const results: StartupResult[] = [];
  for (const mode of ['bundle', 'source'] as const) {
    const runsMs: number[] = [];
    const readyFileMs: number[] = [];
    for (let run = 0; run < setup.runs; run += 1) {
      const env = { ...process.env, LEDGER_SIM_FROM_SOURCE: mode === 'source' ? '1' : '0' };
      const { totalMs, readyMs } = await timeFirstAnswer(args, workDir, `${mode}-${run}`, setup.timeoutMs, { env });
      runsMs.push(totalMs);
      readyFileMs.push(readyMs);
    }
    const command = `${mode === 'source' ? 'LEDGER_SIM_FROM_SOURCE=1 ' : ''}node ${args.join(' ')} --ready-file <tmp>`;
    results.push({ mode, command, runsMs, medianMs: median(runsMs), readyFileMs });
  }
  return results;
}
