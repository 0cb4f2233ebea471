import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { cpuSnapshot, roundCpu, type RoundCpu } from './cpuSnapshot.ts';
import { httpsGet, type GetTarget } from './httpsGet.ts';
import { median } from './latencyStats.ts';
import { runLoad, type LoadOptions, type LoadResult } from './runLoad.ts';
import { startServerProcess, type ServerProcess } from './startServerProcess.ts';
import { writeTlsFiles } from './writeTlsFiles.ts';

export interface ThroughputSetup extends LoadOptions {
  customers: number;
  invoices: number;
  seed: number;
  limit: number;
  rounds: number;
  cpuProfDir?: string;
}

export interface ServerRun {
  /** The round with the median throughput; its latencies are the ones reported. */
  median: LoadResult;
  rounds: LoadResult[];
  /** Per round: CPU of server and client, and of anything else that ran meanwhile. */
  cpu: RoundCpu[];
  serverStartMs: number;
}

export interface ThroughputResult {
  pageBytes: number;
  sandbox: ServerRun;
  baseline: ServerRun;
  /** Sandbox over baseline, of the median round's requests per second. */
  ratio: number;
  /** The sandbox main thread's CPU profile, when asked for. */
  cpuProfile?: string;
}

/** The main thread did the serving, so its profile is by far the largest of the process's files. */
function mainThreadProfile(dir: string): string | undefined {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const sized = files.map((f) => ({ file: path.join(dir, f), size: fs.statSync(path.join(dir, f)).size }));
  return sized.sort((a, b) => b.size - a.size)[0]?.file;
}

function agentFor(ca: string, concurrency: number): https.Agent {
  return new https.Agent({ keepAlive: true, maxSockets: concurrency, ca });
}

async function measure(server: ServerProcess, target: GetTarget, setup: ThroughputSetup): Promise<ServerRun> {
  const rounds: LoadResult[] = [];
  const cpu: RoundCpu[] = [];
  for (let round = 0; round < setup.rounds; round += 1) {
    // Warm-up only before the first round: JIT, TLS sessions and sockets stay warm across rounds.
    if (round === 0) await runLoad(target, { ...setup, measured: setup.warmup, warmup: 0 });
    const before = cpuSnapshot(server.pid);
    rounds.push(await runLoad(target, { ...setup, warmup: 0 }));
    cpu.push(roundCpu(before, cpuSnapshot(server.pid)));
  }
  const mid = median(rounds.map((r) => r.reqPerSec));
  const chosen = rounds.find((r) => r.reqPerSec === mid) ?? [...rounds].sort((a, b) => a.reqPerSec - b.reqPerSec)[rounds.length >> 1];
  if (!chosen) throw new Error('no measured round');
  return { median: chosen, rounds, cpu, serverStartMs: server.startMs };
}

async function withServer<T>(server: ServerProcess, agent: https.Agent, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    agent.destroy();
    await server.stop();
  }
}

/**
 * The sandbox first, then a bare HTTPS server replaying the bytes of a real sandbox page, with the
 * same client, key, certificate and request pattern. One server runs at a time.
 */
export async function benchThroughput(setup: ThroughputSetup, workDir: string): Promise<ThroughputResult> {
  const tls = await writeTlsFiles(workDir);
  const profDir = setup.cpuProfDir ? fs.mkdtempSync(path.join(setup.cpuProfDir, 'sandbox-')) : undefined;
  const sandboxProc = await startServerProcess(
    { mode: 'sandbox', keyPath: tls.keyPath, certPath: tls.certPath, customers: setup.customers, invoices: setup.invoices, seed: setup.seed },
    { cpuProfDir: profDir },
  );
  const sandboxAgent = agentFor(tls.material.caCert, setup.concurrency);
  const headers = { authorization: `Bearer ${sandboxProc.secretKey}`, 'service-end-user-id': sandboxProc.endUserId };
  const sandboxTarget: GetTarget = { port: sandboxProc.port, agent: sandboxAgent, headers };
  const { page, sandbox } = await withServer(sandboxProc, sandboxAgent, async () => {
    const first = await httpsGet(sandboxTarget, setup.firstPagePath);
    if (first.status !== 200) throw new Error(`sandbox first page: HTTP ${first.status} ${first.body.toString('utf8').slice(0, 300)}`);
    return { page: first.body, sandbox: await measure(sandboxProc, sandboxTarget, setup) };
  });

  const bodyPath = path.join(workDir, 'page.json');
  fs.writeFileSync(bodyPath, page);
  const baselineProc = await startServerProcess({ mode: 'baseline', keyPath: tls.keyPath, certPath: tls.certPath, bodyPath });
  const baselineAgent = agentFor(tls.material.caCert, setup.concurrency);
  const baselineTarget: GetTarget = { port: baselineProc.port, agent: baselineAgent, headers };
  const baseline = await withServer(baselineProc, baselineAgent, async () => {
    const check = await httpsGet(baselineTarget, setup.firstPagePath);
    if (!check.body.equals(page)) throw new Error('baseline does not answer with the sandbox page bytes');
    return measure(baselineProc, baselineTarget, setup);
  });

  const cpuProfile = profDir ? mainThreadProfile(profDir) : undefined;
  return { pageBytes: page.length, sandbox, baseline, ratio: sandbox.median.reqPerSec / baseline.median.reqPerSec, cpuProfile };
}
