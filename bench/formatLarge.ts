import type { LargeResult, LargeSetup, LargeTargets } from './benchLarge.ts';
import type { SequentialRun } from './concurrencyCheck.ts';
import { filterLines, scenarioLines } from './formatLists.ts';
import { fixed, formatTable, whole } from './formatTable.ts';
import type { SeededEndUser } from './seedLargeEndUser.ts';
import type { ReportRequestTiming } from './timeReportRequests.ts';

function verdict(ok: boolean): string {
  return ok ? 'meets' : 'ABOVE';
}

/** What came back: its rows, a refusal with the start of its reason, or why nothing came. */
function answerOf(t: ReportRequestTiming): string {
  const changed = t.statusChanged ? ' (status changed between runs)' : '';
  if (t.noAnswer) return `no answer: ${t.noAnswer.slice(0, 80)}`;
  if (t.status === 200) return `${t.rowCount === undefined ? '?' : whole(t.rowCount)} rows${changed}`;
  const kind = t.status === 400 ? 'refused' : 'FAILED';
  return `${kind} (${t.status}): ${(t.message ?? '').slice(0, 80)}${changed}`;
}

/** An answer in time: a report, or a refusal by design (a 400) that came as quickly. */
function inTime(t: ReportRequestTiming | undefined, ms: number): boolean {
  return t !== undefined && (t.status === 200 || t.status === 400) && t.medianMs <= ms;
}

function reportLines(setup: LargeSetup, targets: LargeTargets, timings: readonly ReportRequestTiming[]): string[] {
  const periods = setup.periods.map((p) => p.name);
  const byType = new Map<string, ReportRequestTiming[]>();
  for (const t of timings) byType.set(t.reportType, [...(byType.get(t.reportType) ?? []), t]);
  const cells = (list: readonly ReportRequestTiming[]): string[] =>
    periods.flatMap((name) => {
      const t = list.find((x) => x.period === name);
      return t ? [fixed(t.medianMs, 0), answerOf(t)] : ['-', '-'];
    });
  const rows = [...byType.values()].map((list) => [list[0]?.family ?? '', list[0]?.reportType ?? '', ...cells(list)]);
  const allInTime = [...byType.values()].filter((list) => periods.every((name) => inTime(list.find((x) => x.period === name), targets.reportMs)));
  const failed = timings.filter((t) => t.noAnswer || (t.status !== 200 && t.status !== 400));
  const slowest = [...timings].sort((a, b) => (Number.isFinite(b.medianMs) ? b.medianMs : Infinity) - (Number.isFinite(a.medianMs) ? a.medianMs : Infinity)).slice(0, 5);
  const key = targets.keyReports.map((type) => {
    const list = byType.get(type) ?? [];
    const figures = periods.map((name) => {
      const t = list.find((x) => x.period === name);
      return `${name} ${t ? `${fixed(t.medianMs, 0)} ms` : 'not run'}`;
    });
    const ok = periods.every((name) => inTime(list.find((x) => x.period === name), targets.keyReportMs));
    return `    ${type.padEnd(26)} ${figures.join(', ')} (${verdict(ok)} the target of <= ${targets.keyReportMs} ms)`;
  });
  return [
    `  every report type: GET /v1/ledger-desktop/reports/{family}?reportType=...; other required parameters at their plainest value, budgets fiscalYear=${setup.fiscalYear};`,
    `  periods: ${setup.periods.map((p) => `${p.name} (${new URLSearchParams({ ...p.query }).toString()})`).join(', ')}; ${setup.warmupRuns} warm-up run(s) not counted, then the median of ${setup.runs}; one request at a time; ms from sent to the whole body read`,
    '',
    formatTable(
      [{ title: 'family', align: 'left' }, { title: 'report type', align: 'left' }, ...periods.flatMap((name) => [{ title: `${name} ms` }, { title: 'answer', align: 'left' as const }])],
      rows,
    ),
    '',
    `  ${allInTime.length} of ${byType.size} report types answer in <= ${whole(targets.reportMs)} ms over both periods (${allInTime.length === byType.size ? 'meets' : 'MISSES'} the target: every one; a refusal by design counts as an answer)`,
    ...(failed.length > 0 ? [`  FAILED (not 200, not 400, or no answer): ${failed.map((t) => `${t.reportType} (${t.period})`).join(', ')}`] : []),
    `  slowest five: ${slowest.map((t) => `${t.reportType} (${t.period}) ${fixed(t.medianMs, 0)} ms`).join('; ')}`,
    `  the reports opened most:`,
    ...key,
  ];
}

function runCells(run: SequentialRun): string[] {
  return [fixed(run.latency.p50Ms, 2), fixed(run.latency.p99Ms, 2), fixed(run.latency.maxMs, 2), whole(run.errors)];
}

/** A's list page while another end user's file was made (`what`), against its quiet p99 of the concurrency check (same path, same connection). */
function meanwhileLine(what: string, meanwhile: SeededEndUser['meanwhile'], quiet: SequentialRun, targets: LargeTargets): string {
  const l = meanwhile.latency;
  const ratio = l.p99Ms / quiet.latency.p99Ms;
  const ok = ratio <= targets.loadP99Ratio && l.p99Ms < targets.loadP99Ms && meanwhile.errors === 0;
  const errors = meanwhile.errors > 0 ? `, ${meanwhile.errors} errors (first: ${meanwhile.firstError ?? '?'})` : ', no errors';
  return (
    `  while ${what}, A asked GET ${meanwhile.path} ${l.count} times: p50 ${fixed(l.p50Ms, 1)} ms, p99 ${fixed(l.p99Ms, 1)} ms, max ${fixed(l.maxMs, 1)} ms${errors}; ` +
    `${fixed(ratio, 2)}x its quiet p99 (${verdict(ok)} the concurrency target below)`
  );
}

/** C, loaded from a fixture through the control: a figure beside section 6's, which loads the same size from the command line. */
function fixtureLine(f: LargeResult['fixture']): string {
  return (
    `  end user C loaded with POST /_sandbox/end-users/{id}/fixture: a fixture of ${whole(f.customers)} customers (${fixed(f.bytes / 1e6, 0)} MB, generated in ${fixed(f.generateSeconds, 1)} s beforehand), ` +
    `sent, read, checked and loaded into a new company file on disk in ${fixed(f.loadMs / 1000, 1)} s; answer: ${JSON.stringify(f.answer)}`
  );
}

function concurrencyLines(setup: LargeSetup, targets: LargeTargets, result: LargeResult['concurrency']): string[] {
  const c = setup.concurrency;
  const row = (name: string, quiet: SequentialRun, loaded: SequentialRun): string[] => {
    const ratio = loaded.latency.p99Ms / quiet.latency.p99Ms;
    const ok = ratio <= targets.loadP99Ratio && loaded.latency.p99Ms < targets.loadP99Ms && loaded.errors === 0;
    return [name, ...runCells(quiet), ...runCells(loaded), fixed(ratio, 2), ok ? 'meets' : 'MISSES'];
  };
  const errors = [result.baseline.list, result.baseline.control, result.underLoad.list, result.underLoad.control].flatMap((r) => (r.firstError ? [r.firstError] : []));
  return [
    `  concurrency: end user A (the demo file) asks ${c.listRequests} x GET ${c.listPath}, then ${c.controlRequests} x GET ${c.controlPath}, one at a time, each on its own connection;`,
    `  first on a quiet server (after ${c.warmup} warm-up requests of each; ${result.baseline.rounds} round(s)), then while end user B asks, one at a time and back to back, the slowest whole-history reports of the table (a fixed three without it):`,
    ...result.loadPaths.map((p) => `    ${p}`),
    '',
    formatTable(
      [
        { title: 'request', align: 'left' },
        { title: 'quiet p50' },
        { title: 'quiet p99' },
        { title: 'quiet max' },
        { title: 'errors' },
        { title: 'loaded p50' },
        { title: 'loaded p99' },
        { title: 'loaded max' },
        { title: 'errors' },
        { title: 'p99 ratio' },
        { title: 'target', align: 'left' },
      ],
      [row(`A's list page`, result.baseline.list, result.underLoad.list), row('sandbox control', result.baseline.control, result.underLoad.control)],
    ),
    `  (ms) target: p99 under load <= ${targets.loadP99Ratio}x the quiet p99 and < ${targets.loadP99Ms} ms, no errors`,
    `  under load, rounds of the same requests until each load report had answered once (at most ${c.maxLoadedSeconds} s): ${result.underLoad.rounds} round(s) in ${fixed(result.underLoadSeconds, 1)} s;`,
    `  B's loop sent ${result.reportsStarted} report request(s) meanwhile and finished ${result.reportsCompleted}, ${result.reportErrors} not 200` +
      (result.reportsCompleted === 0 ? ' (one report was in flight throughout)' : ''),
    ...(result.firstReportError ? [`  first report error: ${result.firstReportError.slice(0, 200)}`] : []),
    ...errors.map((e) => `  first error: ${e.slice(0, 200)}`),
  ];
}

export function largeSection(targets: LargeTargets, { setup, result }: { setup: LargeSetup; result: LargeResult }): string[] {
  const e = result.endUser;
  const sizes = Object.entries(setup.sizes)
    .map(([k, v]) => `${k} ${whole(v)}`)
    .join(', ');
  const kept = e.keptBytes > 0 ? `its ${fixed(e.keptBytes / 1e6, 0)} MB copy in the demo cache (written within the request) removed again` : 'not kept in the demo cache (larger than all the cache holds)';
  return [
    `8. The large company file (issue 37): a sandbox on disk (child process, reports on its worker thread), demo end user A (${whole(setup.demo.customers)} customers, ${whole(setup.demo.invoices)} invoices),`,
    `  end user B made with POST /v1/end-users and seeded with POST /_sandbox/end-users/{id}/company-file (seed ${setup.seed}): ${sizes}`,
    `  its company file: ${whole(e.books.transactions)} transactions, ${whole(e.books.postings)} postings`,
    `  answer: ${JSON.stringify(e.answer)}`,
    `  sandbox child start ${fixed(result.serverStartMs / 1000, 1)} s; B seeded in ${fixed(e.seedMs / 1000, 1)} s (${verdict(e.seedMs / 1000 <= targets.seedSeconds)} the target of <= ${targets.seedSeconds} s; ` +
      `the server's CPU ${fixed(e.cpu.serverMs / 1000, 1)} s, other processes ${fixed(e.cpu.foreignShare * 100, 0)}% of the machine meanwhile); ${kept}` +
      (e.removedStaleCopy ? '; a copy from an earlier run was removed first' : ''),
    meanwhileLine("B was seeded (on the sandbox's fill thread)", e.meanwhile, result.concurrency.baseline.list, targets),
    fixtureLine(result.fixture),
    meanwhileLine("C's fixture loaded (on the sandbox's fill thread)", result.fixture.meanwhile, result.concurrency.baseline.list, targets),
    ...(result.timings.length > 0 ? reportLines(setup, targets, result.timings) : ['  report table not run (runs: 0)']),
    '',
    ...concurrencyLines(setup, targets, result.concurrency),
    '',
    ...listLines(setup, targets, result),
    '',
    invoiceUpdatesLine(setup, result),
  ];
}

/** B's invoices edited one at a time: no target, the write path's figure at this size. */
function invoiceUpdatesLine(setup: LargeSetup, { invoiceUpdates: u }: LargeResult): string {
  const failed = u.errors > 0 ? `, ${u.errors} errors (first: ${u.firstError ?? '?'})` : ', no errors';
  return `  writes on B: POST /v1/ledger-desktop/invoices/{id} changing the memo of ${setup.invoiceUpdates} invoices, one at a time (each re-posted, rolled up and settled): p50 ${fixed(u.latency.p50Ms, 1)} ms, p99 ${fixed(u.latency.p99Ms, 1)} ms, max ${fixed(u.latency.maxMs, 1)} ms${failed}`;
}

/** B's list pages against the bare server's, and every filter's first page on B's file. */
function listLines(setup: LargeSetup, targets: LargeTargets, result: LargeResult): string[] {
  const load = setup.lists.throughput;
  return [
    `  lists of B: GET ${load.firstPagePath}, then &cursor=... ("every page"), ${load.concurrency} connections, ${whole(load.warmup)} warm-up, ${load.rounds} rounds x ${whole(load.measured)}; then a bare HTTPS server sending the same bytes`,
    ...result.pages.flatMap((scenario) => ['', ...scenarioLines(scenario, load, { ratio: targets.pagesRatio })]),
    '',
    `  filters of B (${setup.lists.filterResources.join(', ')}): first page (limit 150), cold = median of 5 on a fresh QueryEngine, warm = median of 20; target: cold < ${targets.filterMs} ms`,
    ...filterLines(result.filters.filters, result.filters.unmeasured, targets.filterMs),
  ];
}
