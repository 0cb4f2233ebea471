import type { ComparisonSetup, ScenarioResult, ServerRun } from './benchThroughput.ts';
import type { FilterTiming } from './benchLists.ts';
import { fixed, formatTable, whole } from './formatTable.ts';

// The tables of a list's speed, printed for the 100,000-customer file (sections 1-3) and for the
// large company file (section 8) alike.

const SERVER_COLUMNS = [
  { title: 'server', align: 'left' as const },
  { title: 'req/s' },
  { title: 'MB/s' },
  { title: 'p50 ms' },
  { title: 'p99 ms' },
  { title: 'max ms' },
  { title: 'bytes/resp' },
  { title: 'errors' },
  { title: 'srv cpu ms/req' },
  { title: 'cli cpu ms/req' },
  { title: 'req/s per round', align: 'left' as const },
];

function serverRow(name: string, run: ServerRun): string[] {
  const r = run.median;
  const roundRates = run.rounds.map((x) => whole(x.reqPerSec)).join(' / ');
  return [
    name,
    fixed(r.reqPerSec, 1),
    fixed(r.mbPerSec, 1),
    fixed(r.latency.p50Ms, 2),
    fixed(r.latency.p99Ms, 2),
    fixed(r.latency.maxMs, 2),
    whole(r.meanBodyBytes),
    `${r.errors}`,
    cpuPerRequest(run, 'serverMs'),
    cpuPerRequest(run, 'clientMs'),
    roundRates,
  ];
}

function foreign(run: ServerRun): string {
  const shares = run.cpu.map((x) => `${whole(x.foreignShare * 100)}%`).join(' / ');
  return run.cpu.some((x) => x.foreignShare > 0.1) ? `${shares} (SHARED MACHINE: rounds above 10% are skewed)` : shares;
}

/** CPU milliseconds per request over all rounds: tells a server-bound run from a client-bound one. */
function cpuPerRequest(run: ServerRun, side: 'serverMs' | 'clientMs'): string {
  const requests = run.rounds.reduce((n, r) => n + r.requests, 0);
  return fixed(run.cpu.reduce((ms, c) => ms + c[side], 0) / requests, 2);
}

/** One scenario of a list's throughput: sandbox against the bare server, closed and open loop, and the ratio against its target. */
export function scenarioLines(scenario: ScenarioResult, setup: Pick<ComparisonSetup, 'pacedRate' | 'pacedRequests' | 'concurrency'>, targets: { ratio: number; p99Ms?: number }): string[] {
  const ratioNote = scenario.ratio >= targets.ratio ? 'meets' : 'BELOW';
  const p99 = scenario.sandbox.paced.latency.p99Ms;
  const paced = (run: ServerRun): string =>
    `p50 ${fixed(run.paced.latency.p50Ms, 2)}, p99 ${fixed(run.paced.latency.p99Ms, 2)}, max ${fixed(run.paced.latency.maxMs, 2)} ms, ${fixed(run.paced.reqPerSec, 0)} req/s done, ${run.paced.errors} errors`;
  return [
    `  ${scenario.name} (${whole(scenario.pageBytes)} bytes per page${scenario.name === 'every page' ? `, ${scenario.sandbox.median.walksCompleted} full walks in the median round` : ''})`,
    formatTable(SERVER_COLUMNS, [serverRow('sandbox', scenario.sandbox), serverRow('baseline', scenario.baseline)]),
    `  CPU taken by other processes per round: sandbox ${foreign(scenario.sandbox)}; baseline ${foreign(scenario.baseline)}`,
    `  open loop, ${whole(setup.pacedRate)} req/s due over ${setup.concurrency} connections, ${whole(setup.pacedRequests)} requests (latency from when due):`,
    `    sandbox  ${paced(scenario.sandbox)}`,
    `    baseline ${paced(scenario.baseline)}`,
    `  RATIO sandbox/baseline throughput: ${fixed(scenario.ratio, 3)}  (${ratioNote} the target of >= ${targets.ratio}); ` +
      `sandbox p99 at ${whole(setup.pacedRate)} req/s ${fixed(p99, 2)} ms` +
      (targets.p99Ms === undefined ? '' : ` (${p99 <= targets.p99Ms ? 'meets' : 'ABOVE'} the target of <= ${targets.p99Ms} ms)`),
    ...(scenario.sandbox.median.firstError ? [`  first sandbox error: ${scenario.sandbox.median.firstError}`] : []),
    ...(scenario.baseline.median.firstError ? [`  first baseline error: ${scenario.baseline.median.firstError}`] : []),
  ];
}

/** Every filter's first page, cold and warm, and which are over the target. */
export function filterLines(filters: readonly FilterTiming[], unmeasured: readonly string[], targetMs: number): string[] {
  const slow = filters.filter((f) => f.coldMs > targetMs);
  return [
    formatTable(
      [{ title: 'list', align: 'left' }, { title: 'filter', align: 'left' }, { title: 'value', align: 'left' }, { title: 'matches' }, { title: 'cold ms' }, { title: 'warm ms' }],
      filters.map((f) => [f.resource, f.parameter, f.value, whole(f.matches), fixed(f.coldMs, 2), fixed(f.warmMs, 3)]),
    ),
    `  ${slow.length === 0 ? 'every filter meets' : `ABOVE the target: ${slow.map((f) => `${f.resource}.${f.parameter}`).join(', ')} (target`} ${targetMs} ms${slow.length === 0 ? '' : ')'}`,
    ...(unmeasured.length > 0 ? [`  not measured (no value rule in bench/benchLists.ts): ${unmeasured.join(', ')}`] : []),
  ];
}
