import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFixtureTools } from '../simulator/fixtures/fixtureTools.ts';
import { loadServiceSpec } from '../simulator/spec/serviceSpec.ts';
import type { ListsResult } from './benchLists.ts';
import { compareWithBaseline, type ComparisonSetup, type ScenarioResult } from './benchThroughput.ts';
import { countTransactions, type BookCounts } from './countTransactions.ts';
import { cpuSnapshot, roundCpu, type RoundCpu } from './cpuSnapshot.ts';
import { concurrencyCheck, type ConcurrencyResult, type ConcurrencySetup } from './concurrencyCheck.ts';
import type { GetTarget } from './httpsGet.ts';
import { reportRequests, type ReportPeriod, type ReportRequest } from './reportRequests.ts';
import { inChildProcess } from './benchFixtures.ts';
import { loadFixtureOverHttp, type FixtureOverHttp } from './loadLargeFixture.ts';
import { seedLargeEndUser, type LargeEndUserSetup, type SeededEndUser } from './seedLargeEndUser.ts';
import { startServerProcess } from './startServerProcess.ts';
import { timeReportRequests, type ReportRequestTiming } from './timeReportRequests.ts';
import { timeInvoiceUpdates, type InvoiceUpdates } from './timeInvoiceUpdates.ts';
import { writeTlsFiles } from './writeTlsFiles.ts';

export interface LargeSetup {
  /** The sandbox's own demo end user: the "other" end user of the concurrency check. */
  demo: { customers: number; invoices: number };
  seed: number;
  /** The large end user's company file, by resource. */
  sizes: Readonly<Record<string, number>>;
  seedTimeoutMs: number;
  /** End user C's company file, loaded over HTTP from a fixture of this many customers (generated first), while A asks its list page. */
  fixture: { customers: number; timeoutMs: number };
  /** Unmeasured runs of each report request before its timed runs. */
  warmupRuns: number;
  /** Timed runs of each report request; 0 leaves the report table out (the concurrency check then loads `fallbackLoad`). */
  runs: number;
  /** The first is the whole history: the concurrency check loads the slowest of it. */
  periods: readonly ReportPeriod[];
  /** For budget reports, which are asked for by fiscal year. */
  fiscalYear: number;
  reportTimeoutMs: number;
  concurrency: ConcurrencySetup;
  /** How many of the slowest whole-history reports the background loop asks in turn. */
  loadReports: number;
  /** What it asks when the report table found fewer that answered 200. */
  fallbackLoad: readonly { reportType: string; period: string }[];
  /** B's pages against the bare server's (the 100,000-customer file's figures, kept at this size), and every filter of these lists. */
  lists: { throughput: ComparisonSetup; filterResources: readonly string[] };
  /** How many of B's invoices a client edits, one at a time, once everything else is timed (`timeInvoiceUpdates`). */
  invoiceUpdates: number;
}

export interface LargeResult {
  /** The server child's start, its demo company file on disk included. */
  serverStartMs: number;
  /** B as seeded, with what the server and the rest of the machine used of the CPU meanwhile, and what its company file holds. */
  endUser: SeededEndUser & { cpu: RoundCpu; books: BookCounts };
  /** C, loaded from a fixture over HTTP, with how long generating that fixture took (in a fresh process, not the server's). */
  fixture: FixtureOverHttp & { customers: number; generateSeconds: number };
  timings: ReportRequestTiming[];
  concurrency: ConcurrencyResult;
  /** B's list pages, first page and every page, sandbox against the bare server. */
  pages: ScenarioResult[];
  /** Every filter's first page on B's company file, in a fresh process. */
  filters: Pick<ListsResult, 'filters' | 'unmeasured'>;
  /** B's invoices edited one at a time, last: the desktop's write path on a file this size. */
  invoiceUpdates: InvoiceUpdates;
}

/** Between A's requests while B is seeded: a client polling, not a load (the concurrency check below is the load). */
const SEEDING_PAUSE_MS = 100;

function targetFor(port: number, ca: string, headers: Record<string, string>): GetTarget {
  // One socket each: every client here asks one thing at a time, like one end user's app.
  return { port, agent: new https.Agent({ keepAlive: true, maxSockets: 1, ca }), headers };
}

/** The slowest whole-history requests that answered 200, topped up from the fallback list. */
function loadPathsFrom(setup: LargeSetup, requests: readonly ReportRequest[], timings: readonly ReportRequestTiming[]): string[] {
  const whole = setup.periods[0]?.name;
  const slowest = timings
    .filter((t) => t.period === whole && t.status === 200 && Number.isFinite(t.medianMs))
    .sort((a, b) => b.medianMs - a.medianMs)
    .slice(0, setup.loadReports)
    .map((t) => t.path);
  const fallback = setup.fallbackLoad.flatMap((f) => requests.filter((r) => r.reportType === f.reportType && r.period === f.period).map((r) => r.path));
  return [...slowest, ...fallback.filter((p) => !slowest.includes(p))].slice(0, setup.loadReports);
}

const FILTERS_PROCESS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'filtersProcess.ts');

/**
 * Every filter's first page of `resources` on B's company file, opened read-only beside the server
 * that keeps it, in a fresh process (filtersProcess.ts says why).
 */
function filtersOn(filePath: string, resources: readonly string[]): Pick<ListsResult, 'filters' | 'unmeasured'> {
  const child = spawnSync(process.execPath, ['--import', 'tsx', FILTERS_PROCESS, filePath, resources.join(',')], {
    cwd: path.resolve(path.dirname(FILTERS_PROCESS), '..'),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    timeout: 600_000,
  });
  if (child.status !== 0) throw new Error(`bench/filtersProcess.ts failed (${child.status ?? child.signal}): ${child.stderr}`);
  return JSON.parse(child.stdout) as Pick<ListsResult, 'filters' | 'unmeasured'>;
}

/**
 * C's fixture of `setup.fixture.customers`, generated in a fresh process before the server starts:
 * generating blocks this process (spawnSync), and a kept-alive connection the server closed
 * meanwhile would be handed out again unnoticed.
 */
function generateFixture(setup: LargeSetup, dir: string, progress: (message: string) => void): { file: string; seconds: number } {
  const file = path.join(dir, 'fixture.json');
  progress(`large: generating a fixture of ${setup.fixture.customers} customers for end user C`);
  const generated = inChildProcess(['generate', file, String(setup.seed), String(setup.fixture.customers), '0']);
  return { file, seconds: generated.steps.reduce((n, step) => n + step.seconds, 0) };
}

/** C: the fixture loaded over HTTP while A asks its list page. */
async function fixtureEndUser(setup: LargeSetup, fixture: { file: string; seconds: number; caFile: string }, controls: GetTarget, meanwhile: LargeEndUserSetup['meanwhile'], progress: (message: string) => void): Promise<LargeResult['fixture']> {
  try {
    const loaded = await loadFixtureOverHttp(controls, fixture.file, fixture.caFile, setup.fixture.timeoutMs, meanwhile);
    progress(`large: C's fixture (${(loaded.bytes / 1e6).toFixed(0)} MB) loaded in ${(loaded.loadMs / 1000).toFixed(1)} s: ${JSON.stringify(loaded.answer).slice(0, 120)}...`);
    return { ...loaded, customers: setup.fixture.customers, generateSeconds: fixture.seconds };
  } finally {
    fs.rmSync(fixture.file, { force: true });
  }
}

/**
 * Issue 37: a sandbox on disk with its demo end user (A) and a second end user (B) seeded with about
 * 200,000 transactions over HTTP; every report type on B, then A's list page and a control while
 * B's reports run. The server is a child process, so its threads do not share a process with the client.
 */
export async function benchLarge(setup: LargeSetup, workDir: string, progress: (message: string) => void): Promise<LargeResult> {
  const dir = fs.mkdtempSync(path.join(workDir, 'large-'));
  const tls = await writeTlsFiles(dir);
  const fixtureFile = generateFixture(setup, dir, progress);
  const server = await startServerProcess(
    { mode: 'sandbox', keyPath: tls.keyPath, certPath: tls.certPath, ...setup.demo, seed: setup.seed, dataDir: path.join(dir, 'data'), keptSeedings: [{ seed: setup.seed, sizes: { ...setup.sizes } }] },
    { readyTimeoutMs: 300_000 },
  );
  const auth = { authorization: `Bearer ${server.secretKey}` };
  const ca = tls.material.caCert;
  const controls = targetFor(server.port, ca, auth);
  const targets = [controls];
  try {
    progress(`large: sandbox on disk ready in ${(server.startMs / 1000).toFixed(1)} s; seeding end user B (${Object.entries(setup.sizes).map(([k, v]) => `${k} ${v}`).join(', ')})`);
    const other = targetFor(server.port, ca, { ...auth, 'service-end-user-id': server.endUserId });
    targets.push(other);
    const beforeSeeding = cpuSnapshot(server.pid);
    // Meanwhile A asks its list page, a pause between: the sandbox answers others while it seeds.
    const meanwhile = { target: other, path: setup.concurrency.listPath, pauseMs: SEEDING_PAUSE_MS };
    const seeded = await seedLargeEndUser(controls, { seed: setup.seed, sizes: setup.sizes, timeoutMs: setup.seedTimeoutMs, keptFile: server.keptFiles?.[0], meanwhile });
    // The server's own CPU beside the wall time: a figure to compare across machines and busy hours.
    const cpu = roundCpu(beforeSeeding, cpuSnapshot(server.pid));
    const companyFile = path.join(dir, 'data', 'company-files', `company_${seeded.endUserId}.sqlite`);
    const endUser = { ...seeded, cpu, books: countTransactions(companyFile, (await loadFixtureTools()).types) };
    progress(`large: seeded in ${(endUser.seedMs / 1000).toFixed(1)} s, ${endUser.books.transactions} transactions: ${JSON.stringify(endUser.answer)}`);
    progress(`large: loading C's fixture over HTTP`);
    const caFile = path.join(dir, 'ca.pem');
    fs.writeFileSync(caFile, ca);
    const fixture = await fixtureEndUser(setup, { ...fixtureFile, caFile }, controls, meanwhile, progress);
    const large = targetFor(server.port, ca, { ...auth, 'service-end-user-id': endUser.endUserId });
    targets.push(large);

    const { operations } = await loadServiceSpec();
    const requests = reportRequests(operations, setup.periods, setup.fiscalYear);
    const toTime = setup.runs > 0 ? requests : [];
    if (toTime.length > 0) progress(`large: ${toTime.length} report requests, ${setup.warmupRuns} warm-up + ${setup.runs} timed runs each, one at a time`);
    const timings = await timeReportRequests(large, toTime, { warmupRuns: setup.warmupRuns, runs: setup.runs, timeoutMs: setup.reportTimeoutMs }, (done, t) => {
      const answer = t.noAnswer ? `no answer: ${t.noAnswer}` : t.status === 200 ? `${t.rowCount ?? '?'} rows` : `HTTP ${t.status}`;
      progress(`large: [${done}/${toTime.length}] ${t.reportType} (${t.period}): ${Number.isFinite(t.medianMs) ? `${Math.round(t.medianMs)} ms` : '-'}, ${answer}`);
    });
    const loadPaths = loadPathsFrom(setup, requests, timings);
    progress(`large: concurrency check, loading B with ${loadPaths.length} report(s) in turn`);
    const concurrency = await concurrencyCheck(other, controls, large, loadPaths, setup.concurrency, setup.reportTimeoutMs);

    const pageLoad = setup.lists.throughput;
    progress(`large: ${pageLoad.firstPagePath} on B, first page and every page, then the bare server with its bytes`);
    const pagesTarget: GetTarget = { port: server.port, agent: new https.Agent({ keepAlive: true, maxSockets: pageLoad.concurrency, ca }), headers: large.headers };
    targets.push(pagesTarget);
    const pages = await compareWithBaseline(server, pagesTarget, pageLoad, tls, dir);
    progress(`large: every filter's first page of ${setup.lists.filterResources.join(', ')} on B's company file, in a fresh process`);
    const filters = filtersOn(companyFile, setup.lists.filterResources);
    progress(`large: ${setup.invoiceUpdates} of B's invoices edited (memo), one at a time`);
    const invoiceUpdates = await timeInvoiceUpdates(large, setup.invoiceUpdates);
    return { serverStartMs: server.startMs, endUser, fixture, timings, concurrency, pages, filters, invoiceUpdates };
  } finally {
    for (const t of targets) t.agent.destroy();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What issue 37 asks of the large company file; the bench marks each figure against these. */
export interface LargeTargets {
  /** Every report type's median, over each period. */
  reportMs: number;
  /** The reports a client opens most (statements and aging), over each period. */
  keyReportMs: number;
  keyReports: readonly string[];
  seedSeconds: number;
  /** Under load, the p99 may be this many times the quiet p99 ... */
  loadP99Ratio: number;
  /** ... and below this. */
  loadP99Ms: number;
  /** B's list pages: sandbox over bare server throughput, at least. */
  pagesRatio: number;
  /** Every filter's cold first page on B's file, at most. */
  filterMs: number;
}
