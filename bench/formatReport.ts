import type { BenchReport } from './benchReport.ts';
import { largeSection } from './formatLarge.ts';
import { filterLines, scenarioLines } from './formatLists.ts';
import { fixed, formatTable, whole } from './formatTable.ts';

function header(report: BenchReport): string[] {
  const m = report.machine;
  const busy = m.busyShareAtStart > 0.2 ? '  WARNING: the machine was busy before the start; figures are skewed' : '';
  return [
    `ledger-sim bench, ${m.startedAt}`,
    `Node ${m.node} | CPU ${m.cpuModel} x ${m.cores} | ${m.platform} | ${fixed(m.totalMemGb, 1)} GB RAM`,
    `CPU busy before start ${whole(m.busyShareAtStart * 100)}% (0.5 s sample); 1-min load average at start ${fixed(m.loadAvgAtStart, 2)}, at end ${fixed(report.loadAvgAtEnd, 2)}${busy}`,
    `memory touched for the first time: ${fixed(m.firstTouchAtStart, 1)} us per 4 KB page at the start, ${fixed(report.firstTouchAtEnd, 1)} at the end (what fills memory, seeding and fixture loads, moves with it)`,
  ];
}

function throughputSection(report: BenchReport, { setup, result }: NonNullable<BenchReport['throughput']>): string[] {
  const lines = [
    `1+2. List-page throughput: GET ${setup.firstPagePath}, then &cursor=... in the "every page" scenario`,
    `  company file    ${whole(setup.customers)} customers, ${whole(setup.invoices)} invoices, seed ${setup.seed}, in memory (startSandbox, logLevel silent)`,
    `  request         Authorization: Bearer <secretKey>, Service-End-User-Id: <endUserIds[0]>`,
    `  scenarios       first page: every request opens a new sequence (limit ${setup.limit});`,
    `                  every page: each walker follows its cursor to the end of the list and starts over`,
    `  client          this process, ${setup.concurrency} connections (https.Agent keepAlive, maxSockets ${setup.concurrency}), closed loop, latency = performance.now() per request;`,
    `                  then an open-loop run at a set rate: the p99 target is read there (at saturation a closed loop's latency is set by its throughput)`,
    `  counts          ${whole(setup.warmup)} warm-up, then ${setup.rounds} rounds x ${whole(setup.measured)} measured per scenario; the median round (by req/s) is shown`,
    `  servers         each in its own child process (tsx bench/serverProcess.ts), one after the other, on 127.0.0.1;`,
    `                  same RSA-2048 key and certificate (createTlsMaterial) for both`,
    `  baseline        bare https.createServer answering every request with the bytes of a real sandbox page of the scenario`,
    `  sandbox child start (seeding included): ${fixed(result.serverStartMs / 1000, 2)} s`,
  ];
  for (const scenario of result.scenarios) lines.push('', ...scenarioLines(scenario, setup, { ratio: report.ratioTarget, p99Ms: report.p99TargetMs }));
  return lines;
}

function seedingSection(report: BenchReport, { setup, runs }: NonNullable<BenchReport['seeding']>): string[] {
  const goal = runs.find((r) => r.customers === setup.aloneCustomers && r.invoices === 0 && r.target === 'memory');
  return [
    `3. Seeding: seedCompanyFile into a fresh company file (DesktopHost, seed ${setup.seed}): ${whole(setup.aloneCustomers)} customers alone, then ${whole(setup.customers)} customers + ${whole(setup.invoices)} invoices`,
    `  objects = SELECT COUNT(*) FROM objects afterwards (lists, jobs and payments included); one run per row, in this process`,
    '',
    formatTable(
      [{ title: 'customers', align: 'left' }, { title: 'invoices' }, { title: 'target', align: 'left' }, { title: 'objects' }, { title: 'seconds' }, { title: 'objects/s' }, { title: 'file MB' }],
      runs.map((r) => [
        whole(r.customers),
        whole(r.invoices),
        r.target === 'disk' ? 'disk (temp dir, WAL)' : 'memory',
        whole(r.objects),
        fixed(r.seconds, 2),
        whole(r.objectsPerSec),
        r.target === 'disk' ? fixed(r.fileBytes / 1e6, 1) : '-',
      ]),
    ),
    goal
      ? `  ${whole(goal.customers)} customers in ${fixed(goal.seconds, 2)} s (${goal.seconds <= report.seedTargetSeconds ? 'meets' : 'ABOVE'} the target of <= ${report.seedTargetSeconds} s)`
      : `  no run of ${whole(setup.aloneCustomers)} customers alone in memory: the seeding target was not measured`,
  ];
}

function listsSection(report: BenchReport, { memory, filters, unmeasured }: NonNullable<BenchReport['lists']>): string[] {
  return [
    `3b. Lists on the seeded in-memory file of section 3 (QueryEngine in this process, no HTTP)`,
    `  sequence memory  ${whole(memory.sequences)} first pages (limit 1) of ${whole(memory.listSize)} active customers, left open: ` +
      `heap+external ${fixed(memory.heapGrowthMb, 1)} MB, RSS ${fixed(memory.rssGrowthMb, 1)} MB more after gc (${memory.liveAfter} still live; target < 20 MB)`,
    `  filters          first page (limit 150) of every filter; cold = median of 5 on a fresh QueryEngine (no plan, count or page cached),`,
    `                   warm = median of 20 asked again before any write; target: cold < ${report.filterTargetMs} ms`,
    '',
    ...filterLines(filters, unmeasured, report.filterTargetMs),
  ];
}

function startupSection(report: BenchReport, { setup, result }: NonNullable<BenchReport['startup']>): string[] {
  const lines = [
    `4. Start to first answer: spawn of the real CLI until GET /v1/ledger-desktop/health-check answers 200 (${setup.runs} runs per mode)`,
    `  demo size       1,000 customers, 3,000 invoices (CLI defaults); new TLS connection for the request`,
    `  modes           bundle = dist/cli/ledger-sim.mjs, built by npm after install (rebuilt first here); source = TypeScript through tsx`,
  ];
  for (const mode of result) {
    const note = mode.medianMs <= report.startupTargetMs ? 'meets' : 'ABOVE';
    lines.push(
      '',
      `  ${mode.mode}: ${mode.command}`,
      formatTable(
        [{ title: 'run', align: 'left' }, { title: 'ready file ms' }, { title: 'first 200 ms' }],
        [
          ...mode.runsMs.map((ms, i) => [`#${i + 1}`, fixed(mode.readyFileMs[i] ?? Number.NaN, 0), fixed(ms, 0)]),
          ['median', '', fixed(mode.medianMs, 0)],
        ],
      ),
      `  median ${fixed(mode.medianMs, 0)} ms (${note} the target of <= ${report.startupTargetMs} ms)`,
    );
  }
  return lines;
}

function fixturesSection(report: BenchReport, { setup, result }: NonNullable<BenchReport['fixtures']>): string[] {
  const row = (s: { step: string; objects: number; seconds: number; objectsPerSec: number }): string[] => [s.step, whole(s.objects), fixed(s.seconds, 2), whole(s.objectsPerSec)];
  const goal = result.rounds.find((r) => r.customers === setup.aloneCustomers && r.invoices === 0);
  return [
    `5. Fixtures: generate then load (seed ${setup.seed}): ${whole(setup.aloneCustomers)} customers alone, then ${whole(setup.customers)} customers + ${whole(setup.invoices)} invoices asked for`,
    '  objects = everything in the fixture: customers, invoices, payments and all other objects',
    '  generate = what `fixtures generate --out x.json` does; load = what `fixtures load x.json --data-dir DIR` does (one transaction, on disk)',
    ...result.rounds.flatMap((r) => [
      '',
      `  ${whole(r.customers)} customers, ${whole(r.invoices)} invoices: JSON file ${fixed(r.fileBytes / 1e6, 1)} MB`,
      formatTable([{ title: 'step', align: 'left' }, { title: 'objects' }, { title: 'seconds' }, { title: 'objects/s' }], [...r.steps.map(row), row(r.generate), row(r.load)]),
    ]),
    goal
      ? `  loading ${whole(goal.objects)} objects (${whole(goal.customers)} customers) in ${fixed(goal.load.seconds, 2)} s (${goal.load.seconds <= report.fixtureLoadTargetSeconds ? 'meets' : 'ABOVE'} the target of <= ${report.fixtureLoadTargetSeconds} s)`
      : `  no round of ${whole(setup.aloneCustomers)} customers alone: the loading target was not measured`,
  ];
}

function reportsSection(report: BenchReport, { setup, result }: NonNullable<BenchReport['reports']>): string[] {
  const slowest = new Map<string, (typeof result.timings)[number]>();
  for (const t of result.timings) if ((slowest.get(t.family)?.medianMs ?? -1) < t.medianMs) slowest.set(t.family, t);
  const worst = Math.max(...result.timings.map((t) => t.medianMs));
  return [
    `6. Reports on the demo company file (seed ${setup.seed}: ${whole(result.objects)} objects, ${whole(result.postings)} postings), all of its history, median of ${setup.runs} runs`,
    `  baseline: reading every posting once takes ${fixed(result.scanMs, 2)} ms`,
    formatTable(
      [{ title: 'endpoint', align: 'left' }, { title: 'slowest report type', align: 'left' }, { title: 'rows' }, { title: 'ms' }, { title: 'x scan' }],
      [...slowest.values()].map((t) => [t.family, t.reportType, whole(t.rows), fixed(t.medianMs, 1), fixed(t.medianMs / Math.max(result.scanMs, 0.001), 0)]),
    ),
    `  ${result.timings.length} report types; the slowest in ${fixed(worst, 1)} ms (${worst <= report.reportTargetMs ? 'meets' : 'ABOVE'} the target of <= ${report.reportTargetMs} ms)`,
  ];
}

function contractSection(report: BenchReport, { setup, result }: NonNullable<BenchReport['contract']>): string[] {
  const latency = Object.entries(setup.latencyMs).map(([k, v]) => `${k}=${v}`).join(',');
  const [sandbox, budgeted, whole_, beside] = result.runs;
  const verdicts = [
    sandbox ? `  straight at the sandbox: ${fixed(sandbox.ms / 1000, 1)} s (${sandbox.ms <= report.contractTargets.sandboxMs ? 'meets' : 'ABOVE'} the target of < ${report.contractTargets.sandboxMs / 1000} s)` : '',
    budgeted ? `  within the budget: ${fixed(budgeted.ms / 1000, 1)} s of ${setup.budgetMs / 1000} s (${budgeted.ms <= setup.budgetMs * 1.1 ? 'meets' : 'ABOVE'} budget + 10%), ${budgeted.getOperationsCovered} of ${budgeted.getOperations} GET operations (${budgeted.getOperationsCovered === budgeted.getOperations ? 'every one' : 'NOT every one'})` : '',
    whole_ ? `  whole, no budget: ${fixed(whole_.ms / 1000, 1)} s (${whole_.ms <= report.contractTargets.wholeMs ? 'meets' : 'ABOVE'} the target of <= ${report.contractTargets.wholeMs / 1000} s); the same run before issue 35 took 1,038 s` : '',
    beside ? `  whole, a second end user's company file read beside: ${fixed(beside.ms / 1000, 1)} s (${beside.ms <= report.contractTargets.wholeMs ? 'meets' : 'ABOVE'} the target of <= ${report.contractTargets.wholeMs / 1000} s), isolation checks included` : '',
  ];
  return [
    `7. The contract runner on the demo company file (${whole(setup.customers)} customers, ${whole(setup.invoices)} invoices, seed ${setup.seed}); behind a proxy that hides the sandbox controls, the desktop at ${latency} ms`,
    formatTable(
      [{ title: 'run', align: 'left' }, { title: 's' }, { title: 'pass' }, { title: 'fail' }, { title: 'skip' }, { title: 'budget skips' }, { title: 'GET ops' }, { title: 'requests' }, { title: 'ms/request' }],
      result.runs.map((r) => [r.name, fixed(r.ms / 1000, 1), whole(r.pass), whole(r.fail), whole(r.skip), whole(r.budgetSkips), `${r.getOperationsCovered}/${r.getOperations}`, r.requests === undefined ? '-' : whole(r.requests), r.requests ? fixed(r.ms / r.requests, 0) : '-']),
    ),
    ...verdicts.filter(Boolean),
  ];
}

export function formatReport(report: BenchReport): string {
  return [
    ...header(report),
    '',
    ...(report.throughput ? [...throughputSection(report, report.throughput), ''] : []),
    ...(report.seeding ? [...seedingSection(report, report.seeding), ''] : []),
    ...(report.lists ? [...listsSection(report, report.lists), ''] : []),
    ...(report.startup ? [...startupSection(report, report.startup), ''] : []),
    ...(report.fixtures ? [...fixturesSection(report, report.fixtures), ''] : []),
    ...(report.reports ? [...reportsSection(report, report.reports), ''] : []),
    ...(report.contract ? [...contractSection(report, report.contract), ''] : []),
    ...(report.large ? [...largeSection(report.largeTargets, report.large), ''] : []),
    `Total bench time ${fixed(report.totalSeconds, 1)} s.${report.cpuProfile ? ` Sandbox CPU profile: ${report.cpuProfile}` : ''}`,
    '',
  ].join('\n');
}
