import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hugePagesEnv } from '../simulator/launch/hugePages.js';
import { startSandbox } from '../simulator/api/startSandbox.ts';
import { startHidingProxy } from '../test/support/hidingProxy.ts';

export interface CaptureSetup {
  customers: number;
  invoices: number;
  seed: number;
  /** The desktop's latency by kind of call: a tenth of the real Service's (list page ~4.9 s, health ~5.7 s). */
  latencyMs: { list: number; retrieve: number; health: number };
  /** How much slower the real Service is than `latencyMs`. */
  scale: number;
}

export interface CaptureRun {
  name: string;
  seconds: number;
  objects: number;
  requests: number;
}

export interface CaptureBench {
  runs: CaptureRun[];
  /** Seconds the capture would take at the real latency: the latency's share scaled up, the rest as measured. */
  realSeconds: number;
}

const CAPTURE_PROCESS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'captureProcess.ts');

/** What a capture in a fresh process returned (captureProcess.ts). */
interface ProcessResult {
  complete: boolean;
  stoppedBecause?: string;
  seconds: number;
  objects: number;
  requests: number;
}

/**
 * Issue 39: the demo company file captured through a proxy that hides the sandbox controls, once
 * with the desktop answering at once (the capture's own cost: objects per second) and once at a
 * tenth of the real latency (the time a real capture takes, divided by about ten). The sandbox
 * runs in a process of its own and each capture in a fresh one, as a user's command against a
 * deployment does: nothing the bench ran before has compiled the capture's code.
 */
export async function benchCapture(setup: CaptureSetup, progress: (line: string) => void): Promise<CaptureBench> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-capture-'));
  const sandbox = await startSandbox({ seed: setup.seed, sizes: { customers: setup.customers, invoices: setup.invoices }, logLevel: 'silent', mode: 'child-process' });
  const proxy = await startHidingProxy({ upstream: sandbox.baseUrl, upstreamCa: sandbox.ca });
  try {
    const run = async (name: string, out: string): Promise<CaptureRun> => {
      const result = await inChildProcess([proxy.baseUrl, sandbox.apiKey, sandbox.endUserId, path.join(dir, out)], proxy.ca);
      if (!result.complete) throw new Error(`the capture stopped: ${result.stoppedBecause ?? '?'}`);
      progress(`capture: ${name}: ${result.objects} objects, ${result.requests} requests, ${result.seconds.toFixed(1)} s`);
      return { name, seconds: result.seconds, objects: result.objects, requests: result.requests };
    };
    const instant = await run('no latency', 'instant.json');
    await sandbox.desktop.set({ latency: setup.latencyMs });
    const slow = await run(`at 1/${setup.scale} of the real latency`, 'slow.json');
    return { runs: [instant, slow], realSeconds: instant.seconds + (slow.seconds - instant.seconds) * setup.scale };
  } finally {
    await proxy.close();
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One capture in a fresh process; the proxy answers it from this one, so the child runs asynchronously. */
function inChildProcess(args: string[], ca: string): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CAPTURE_PROCESS, ...args], { cwd: path.resolve(path.dirname(CAPTURE_PROCESS), '..'), stdio: ['pipe', 'pipe', 'pipe'], env: hugePagesEnv() ?? process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`bench/captureProcess.ts failed (${code ?? 'signal'}): ${stderr}`));
      else resolve(JSON.parse(stdout) as ProcessResult);
    });
    child.stdin.end(ca);
  });
}

export function formatCapture(setup: CaptureSetup, bench: CaptureBench, targetObjectsPerSecond: number): string[] {
  const [instant, slow] = bench.runs;
  if (!instant || !slow) return [];
  const rate = instant.objects / instant.seconds;
  return [
    `9. Capture of the demo company file (${setup.customers.toLocaleString('en-US')} customers, ${setup.invoices.toLocaleString('en-US')} invoices, seed ${setup.seed}) through a proxy that hides the sandbox controls, one request at a time`,
    `  no latency: ${instant.seconds.toFixed(1)} s, ${instant.requests} requests, ${instant.objects.toLocaleString('en-US')} objects, ${Math.round(rate).toLocaleString('en-US')} objects/s (${rate >= targetObjectsPerSecond ? 'meets' : 'BELOW'} the target of >= ${targetObjectsPerSecond.toLocaleString('en-US')})`,
    `  desktop at 1/${setup.scale} of the real latency (list ${setup.latencyMs.list} ms, health ${setup.latencyMs.health} ms): ${slow.seconds.toFixed(1)} s, ${slow.requests} requests`,
    `  at the real latency, extrapolated: about ${Math.round(bench.realSeconds / 60)} minutes (${Math.round(bench.realSeconds)} s)`,
  ];
}
