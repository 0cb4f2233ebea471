import { SimClock } from '../simulator/desktop/clock.ts';
import { DesktopHost } from '../simulator/desktop/DesktopHost.ts';
import { buildTypeRegistry } from '../simulator/desktop/engine/checkTypeTable.ts';
import { runReport } from '../simulator/desktop/reports/runReport.ts';
import { REPORT_TYPES } from '../simulator/desktop/reports/reportTypes.ts';
import { TYPE_TABLE } from '../simulator/desktop/table/typeTable.ts';
import { seedCompanyFile } from '../simulator/fixtures/seedCompanyFile.ts';
import { indexOperations } from '../simulator/spec/indexOperations.ts';
import { loadSpec } from '../simulator/spec/loadSpec.ts';
import { median } from './latencyStats.ts';

export interface ReportsSetup {
  seed: number;
  runs: number;
}

export interface ReportTiming {
  family: string;
  reportType: string;
  rows: number;
  medianMs: number;
}

export interface ReportsResult {
  postings: number;
  objects: number;
  /** Reading every posting once (`SELECT SUM(cents) FROM postings`): the floor a report over all the books stands on. */
  scanMs: number;
  timings: ReportTiming[];
}

/**
 * Every report type ledger-sim computes, on the demo company file (its default sizes, in memory),
 * over all of its history: the median of `runs` runs of each, as the desktop side computes it
 * (no HTTP), beside a full read of the postings measured in the same run.
 */
export async function benchReports(setup: ReportsSetup): Promise<ReportsResult> {
  const types = buildTypeRegistry(TYPE_TABLE, indexOperations(await loadSpec()));
  const host = new DesktopHost({ dataDir: undefined, clock: new SimClock(), types });
  const file = host.application('bench').file;
  seedCompanyFile(file, { seed: setup.seed });
  const db = file.store.db;
  const timeOf = (work: () => unknown): number => {
    const samples: number[] = [];
    for (let i = 0; i < setup.runs; i += 1) {
      const start = performance.now();
      work();
      samples.push(performance.now() - start);
    }
    return median(samples);
  };
  const scan = db.prepare('SELECT SUM(cents) FROM postings');
  const scanMs = timeOf(() => scan.get());
  const timings = Object.entries(REPORT_TYPES).map(([reportType, row]) => {
    const family = row.category.replaceAll('_', '-');
    // Budgets are asked for by fiscal year: the demo's budgets are for 2025.
    const query = { reportType, reportDateMacro: 'all', ...(row.category === 'budget_summary' ? { fiscalYear: 2025 } : {}) };
    const rows = Number(runReport(file, family, query)['rowCount']);
    return { family, reportType, rows, medianMs: timeOf(() => runReport(file, family, query)) };
  });
  const result = {
    postings: Number(db.prepare('SELECT COUNT(*) FROM postings').pluck().get()),
    objects: Number(db.prepare('SELECT COUNT(*) FROM object_rows').pluck().get()),
    scanMs,
    timings,
  };
  host.closeAll();
  return result;
}
