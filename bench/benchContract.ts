import { DEFAULT_SPEC } from '../contract-tests/runner/contractCommand.ts';
import type { RunReport } from '../contract-tests/runner/checkTypes.ts';
import { HttpClient } from '../contract-tests/runner/httpClient.ts';
import { runContract, type ContractOptions } from '../contract-tests/runner/runContract.ts';
import { loadSpecModel } from '../contract-tests/runner/specModel.ts';
import { startHidingProxy } from '../test/support/hidingProxy.ts';
import { startServerProcess } from './startServerProcess.ts';
import { writeTlsFiles } from './writeTlsFiles.ts';

export interface ContractSetup {
  customers: number;
  invoices: number;
  seed: number;
  /** The desktop's latency by kind of call behind the proxy: a tenth of the real Service's. */
  latencyMs: { list: number; retrieve: number; create: number; update: number; health: number };
  /** The default budget scaled by the same tenth. */
  budgetMs: number;
}

export interface ContractRunFigures {
  name: string;
  ms: number;
  budgetMs: number | undefined;
  pass: number;
  fail: number;
  skip: number;
  /** Skipped for the budget. */
  budgetSkips: number;
  getOperations: number;
  getOperationsCovered: number;
  /** Requests the target served (through the proxy; undefined straight at the sandbox). */
  requests: number | undefined;
}

export interface ContractResult {
  runs: ContractRunFigures[];
}

async function figures(name: string, run: () => Promise<RunReport>, gets: ReadonlySet<string>, requests: () => number | undefined): Promise<ContractRunFigures> {
  const before = requests();
  const report = await run();
  const count = (status: string): number => report.results.filter((r) => r.status === status).length;
  const after = requests();
  return {
    name,
    ms: report.ms,
    budgetMs: report.budgetMs,
    pass: count('pass'),
    fail: count('fail'),
    skip: count('skip'),
    budgetSkips: report.results.filter((r) => r.reason?.startsWith('budget')).length,
    getOperations: gets.size,
    getOperationsCovered: report.coverage.covered.filter((o) => gets.has(o)).length,
    requests: before === undefined || after === undefined ? undefined : after - before,
  };
}

/**
 * The contract runner against the demo company file: straight at the sandbox (its clock moved, not
 * waited for), then behind a proxy that hides the sandbox controls with the desktop at a tenth of
 * the real latency, as a real deployment looks to the runner: within the scaled budget, and whole,
 * with one end user and with a second one whose company file is read beside the first.
 */
export async function benchContract(setup: ContractSetup, workDir: string, progress: (message: string) => void): Promise<ContractResult> {
  const tls = await writeTlsFiles(workDir);
  const server = await startServerProcess({ mode: 'sandbox', keyPath: tls.keyPath, certPath: tls.certPath, customers: setup.customers, invoices: setup.invoices, seed: setup.seed });
  const spec = await loadSpecModel(DEFAULT_SPEC);
  const gets = new Set(spec.operations.filter((o) => o.method === 'GET' && o.path.startsWith('/ledger-desktop/')).map((o) => o.operationId));
  const base: Omit<ContractOptions, 'baseUrl' | 'allowWrites'> = { apiKey: server.secretKey, endUserId: server.endUserId, specPath: DEFAULT_SPEC, spec, ca: tls.material.caCert, fuzz: 50, seed: setup.seed };
  const sandboxUrl = `https://127.0.0.1:${server.port}/v1`;
  const runs: ContractRunFigures[] = [];
  try {
    progress('contract: the whole run with writes, straight at the sandbox (its clock)');
    runs.push(await figures('sandbox, its clock, with writes', () => runContract({ ...base, baseUrl: sandboxUrl, allowWrites: true }), gets, () => undefined));
    const control = new HttpClient({ baseUrl: sandboxUrl, apiKey: server.secretKey, endUserId: server.endUserId, ca: tls.material.caCert, timeoutMs: 30_000 });
    const controls = `https://127.0.0.1:${server.port}/_sandbox/end-users`;
    // A second end user with a company file of the same size, as a QA team would keep two test files.
    const created = await control.send({ method: 'POST', path: '/end-users', body: { companyName: 'Second Co', sourceId: 'bench-second', email: 'qa@second.test' }, endUserId: null });
    const otherEndUserId = String((created.json as { id?: unknown } | undefined)?.id);
    const seeded = await control.send({ method: 'POST', path: `${controls}/${otherEndUserId}/company-file`, body: { seed: setup.seed + 1, sizes: { customers: setup.customers, invoices: setup.invoices } }, endUserId: null });
    if (created.status !== 200 || seeded.status !== 200) throw new Error(`the second end user was not made: HTTP ${created.status}, ${seeded.status} ${seeded.text.slice(0, 200)}`);
    for (const endUserId of [server.endUserId, otherEndUserId]) {
      const set = await control.send({ method: 'POST', path: `${controls}/${endUserId}/desktop`, body: { latency: setup.latencyMs }, endUserId: null });
      if (set.status !== 200) throw new Error(`the desktop latency was not set: HTTP ${set.status} ${set.text.slice(0, 200)}`);
    }
    control.close();
    const proxy = await startHidingProxy({ upstream: sandboxUrl, upstreamCa: tls.material.caCert });
    try {
      progress(`contract: read-only behind a control-hiding proxy at a tenth of the real latency, budget ${setup.budgetMs / 1000} s`);
      runs.push(await figures('no controls, 1/10 latency, budget', () => runContract({ ...base, baseUrl: proxy.baseUrl, ca: proxy.ca, allowWrites: false, budgetMs: setup.budgetMs }), gets, () => proxy.forwarded));
      progress('contract: the same, whole (no budget)');
      runs.push(await figures('no controls, 1/10 latency, whole', () => runContract({ ...base, baseUrl: proxy.baseUrl, ca: proxy.ca, allowWrites: false, budgetMs: Infinity }), gets, () => proxy.forwarded));
      progress('contract: the same, whole, with a second end user whose company file is read beside the first');
      runs.push(await figures('no controls, 1/10 latency, whole, 2 end users', () => runContract({ ...base, baseUrl: proxy.baseUrl, ca: proxy.ca, allowWrites: false, budgetMs: Infinity, otherEndUserId }), gets, () => proxy.forwarded));
    } finally {
      await proxy.close();
    }
    return { runs };
  } finally {
    await server.stop();
  }
}
