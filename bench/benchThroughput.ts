import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { cpuSnapshot, roundCpu, type RoundCpu } from './cpuSnapshot.ts';
import { httpsGet, type GetTarget } from './httpsGet.ts';
import { median } from './latencyStats.ts';
import { nextCursorOf, runLoad, type LoadOptions, type LoadResult } from './runLoad.ts';
import { startServerProcess, type ServerProcess } from './startServerProcess.ts';
import { writeTlsFiles, type TlsFilePaths } from './writeTlsFiles.ts';

export interface ThroughputSetup extends Omit<LoadOptions, 'follow' | 'ratePerSec'> {
  /** After the closed-loop rounds: one open-loop run at this many requests per second, for latency under a set load. */
  pacedRate: number;
  pacedRequests: number;
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
  /** The open-loop run at the setup's paced rate: latency at a set load rather than at saturation. */
  paced: LoadResult;
  serverStartMs: number;
}

/** First pages only, or walks that follow the cursor to the end: the two costs of a list. */
export type ScenarioName = 'first page' | 'every page';

export interface ScenarioResult {
  name: ScenarioName;
  /** The page the baseline sends: a real sandbox page of this scenario. */
  pageBytes: number;
  sandbox: ServerRun;
  baseline: ServerRun;
  /** Sandbox over baseline, of the median round's requests per second. */
  ratio: number;
}

export interface ThroughputResult {
  scenarios: ScenarioResult[];
  serverStartMs: number;
  /** The sandbox main thread's CPU profile, when asked for. */
  cpuProfile?: string;
}

const SCENARIOS: readonly { name: ScenarioName; follow: boolean }[] = [
  { name: 'first page', follow: false },
  { name: 'every page', follow: true },
];

/** The main thread did the serving, so its profile is by far the largest of the process's files. */
function mainThreadProfile(dir: string): string | undefined {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const sized = files.map((f) => ({ file: path.join(dir, f), size: fs.statSync(path.join(dir, f)).size }));
  return sized.sort((a, b) => b.size - a.size)[0]?.file;
}

function agentFor(ca: string, concurrency: number): https.Agent {
  return new https.Agent({ keepAlive: true, maxSockets: concurrency, ca });
}

async function measure(server: Pick<ServerProcess, 'pid' | 'startMs'>, target: GetTarget, options: LoadOptions & Pick<ThroughputSetup, 'pacedRate' | 'pacedRequests'>, rounds: number): Promise<ServerRun> {
  const results: LoadResult[] = [];
  const cpu: RoundCpu[] = [];
  for (let round = 0; round < rounds; round += 1) {
    // Warm-up only before the first round: JIT, TLS sessions and sockets stay warm across rounds.
    if (round === 0) await runLoad(target, { ...options, measured: options.warmup, warmup: 0 });
    const before = cpuSnapshot(server.pid);
    results.push(await runLoad(target, { ...options, warmup: 0 }));
    cpu.push(roundCpu(before, cpuSnapshot(server.pid)));
  }
  const mid = median(results.map((r) => r.reqPerSec));
  const chosen = results.find((r) => r.reqPerSec === mid) ?? [...results].sort((a, b) => a.reqPerSec - b.reqPerSec)[results.length >> 1];
  if (!chosen) throw new Error('no measured round');
  const paced = await runLoad(target, { ...options, warmup: 0, measured: options.pacedRequests, ratePerSec: options.pacedRate });
  return { median: chosen, rounds: results, cpu, paced, serverStartMs: server.startMs };
}

async function withServer<T>(server: ServerProcess, agent: https.Agent, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    agent.destroy();
    await server.stop();
  }
}

/** A page of the scenario, as the sandbox sends it: the first, or one from the middle of a walk. */
async function samplePage(target: GetTarget, path: string, follow: boolean): Promise<Buffer> {
  const first = await httpsGet(target, path);
  if (first.status !== 200) throw new Error(`sandbox first page: HTTP ${first.status} ${first.body.toString('utf8').slice(0, 300)}`);
  const cursor = nextCursorOf(first.body);
  if (!follow || cursor === null) return first.body;
  const next = await httpsGet(target, `${path}&cursor=${encodeURIComponent(cursor)}`);
  if (next.status !== 200) throw new Error(`sandbox second page: HTTP ${next.status} ${next.body.toString('utf8').slice(0, 300)}`);
  return next.body;
}

/** The server under test: its process (for its CPU) and how long it took to start. */
type MeasuredServer = Pick<ServerProcess, 'pid' | 'startMs'>;

/** What compareWithBaseline needs of a setup: the load and the page asked for. */
export type ComparisonSetup = Omit<ThroughputSetup, 'customers' | 'invoices' | 'seed' | 'cpuProfDir'>;

/**
 * Every scenario on a running sandbox (left running), then a bare HTTPS server replaying the bytes
 * of a real page of each scenario, with the same client, key, certificate and request pattern. One
 * server serves at a time.
 */
export async function compareWithBaseline(sandbox: MeasuredServer, sandboxTarget: GetTarget, setup: ComparisonSetup, tls: TlsFilePaths, workDir: string): Promise<ScenarioResult[]> {
  const sandboxRuns: { page: Buffer; run: ServerRun }[] = [];
  for (const scenario of SCENARIOS) {
    const page = await samplePage(sandboxTarget, setup.firstPagePath, scenario.follow);
    sandboxRuns.push({ page, run: await measure(sandbox, sandboxTarget, { ...setup, follow: scenario.follow }, setup.rounds) });
  }
  const scenarios: ScenarioResult[] = [];
  for (const [i, scenario] of SCENARIOS.entries()) {
    const sandboxRun = sandboxRuns[i];
    if (!sandboxRun) throw new Error(`no sandbox run for ${scenario.name}`);
    const bodyPath = path.join(workDir, `page-${i}.json`);
    fs.writeFileSync(bodyPath, sandboxRun.page);
    const baselineProc = await startServerProcess({ mode: 'baseline', keyPath: tls.keyPath, certPath: tls.certPath, bodyPath });
    const baselineAgent = agentFor(tls.material.caCert, setup.concurrency);
    const baselineTarget: GetTarget = { port: baselineProc.port, agent: baselineAgent, headers: sandboxTarget.headers };
    const baseline = await withServer(baselineProc, baselineAgent, async () => {
      const check = await httpsGet(baselineTarget, setup.firstPagePath);
      if (!check.body.equals(sandboxRun.page)) throw new Error('baseline does not answer with the sandbox page bytes');
      // The baseline has no cursor to follow: it sends the same page to every request.
      return measure(baselineProc, baselineTarget, { ...setup, follow: false }, setup.rounds);
    });
    scenarios.push({
      name: scenario.name,
      pageBytes: sandboxRun.page.length,
      sandbox: sandboxRun.run,
      baseline,
      ratio: sandboxRun.run.median.reqPerSec / baseline.median.reqPerSec,
    });
  }
  return scenarios;
}

/** The sandbox of `setup`'s size in a child process of its own, compared with the bare server. */
export async function benchThroughput(setup: ThroughputSetup, workDir: string): Promise<ThroughputResult> {
  const tls = await writeTlsFiles(workDir);
  const profDir = setup.cpuProfDir ? fs.mkdtempSync(path.join(setup.cpuProfDir, 'sandbox-')) : undefined;
  const sandboxProc = await startServerProcess(
    { mode: 'sandbox', keyPath: tls.keyPath, certPath: tls.certPath, customers: setup.customers, invoices: setup.invoices, seed: setup.seed },
    { cpuProfDir: profDir },
  );
  const sandboxAgent = agentFor(tls.material.caCert, setup.concurrency);
  const headers = { authorization: `Bearer ${sandboxProc.secretKey}`, 'service-end-user-id': sandboxProc.endUserId };
  const scenarios = await withServer(sandboxProc, sandboxAgent, () => compareWithBaseline(sandboxProc, { port: sandboxProc.port, agent: sandboxAgent, headers }, setup, tls, workDir));
  const cpuProfile = profDir ? mainThreadProfile(profDir) : undefined;
  return { scenarios, serverStartMs: sandboxProc.startMs, cpuProfile };
}
