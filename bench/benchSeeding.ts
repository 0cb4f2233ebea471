import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SimClock } from '../simulator/desktop/clock.ts';
import { DesktopHost } from '../simulator/desktop/DesktopHost.ts';
import { seedCompanyFile } from '../simulator/fixtures/seedCompanyFile.ts';
import { indexOperations } from '../simulator/spec/indexOperations.ts';
import { loadSpec } from '../simulator/spec/loadSpec.ts';
import { buildTypeRegistry } from '../simulator/desktop/engine/checkTypeTable.ts';
import type { TypeRegistry } from '../simulator/desktop/engine/TypeRegistry.ts';
import { TYPE_TABLE } from '../simulator/desktop/table/typeTable.ts';
import type { CompanyFile } from '../simulator/desktop/CompanyFile.ts';
import { benchLists, listsOf, type ListsResult } from './benchLists.ts';

/** The lists the seeding makes long; the sequence-memory figure is taken on the first. */
const LIST_RESOURCES = ['customers', 'invoices'];

export interface SeedingSetup {
  customers: number;
  invoices: number;
  seed: number;
  /** Seeded alone first, in memory: the run the seeding target is read on. */
  aloneCustomers: number;
}

export interface SeedingRun {
  target: 'memory' | 'disk';
  customers: number;
  invoices: number;
  /** Rows in the objects table afterwards: lists, jobs and payments included, not just the asked-for counts. */
  objects: number;
  seconds: number;
  objectsPerSec: number;
  /** Size of the company file on disk after close (0 in memory). */
  fileBytes: number;
}

function sizeOf(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

function seedOnce(types: TypeRegistry, setup: SeedingSetup, dataDir: string | undefined, inspect?: (file: CompanyFile) => void): SeedingRun {
  const host = new DesktopHost({ dataDir, clock: new SimClock(), types });
  try {
    const app = host.application('company_bench');
    const started = performance.now();
    seedCompanyFile(app.file, { seed: setup.seed, sizes: { customers: setup.customers, invoices: setup.invoices } });
    const seconds = (performance.now() - started) / 1000;
    const row = app.file.store.db.prepare('SELECT COUNT(*) AS n FROM objects').get() as { n: number };
    inspect?.(app.file);
    host.closeAll();
    return { target: dataDir ? 'disk' : 'memory', customers: setup.customers, invoices: setup.invoices, objects: row.n, seconds, objectsPerSec: row.n / seconds, fileBytes: dataDir ? sizeOf(dataDir) : 0 };
  } finally {
    host.closeAll();
  }
}

/**
 * Seeds a fresh company file the way the sandbox does on start, in memory and then on disk (what
 * `npm start` does). Only seedCompanyFile is timed: the spec is loaded once, before either run.
 * The in-memory file is then used for the lists bench (sequence memory, every filter's first page).
 */
export async function benchSeeding(setup: SeedingSetup): Promise<{ runs: SeedingRun[]; lists: ListsResult }> {
  const operations = indexOperations(await loadSpec());
  const types = buildTypeRegistry(TYPE_TABLE, operations);
  // The long lists of the seeded file, with their list operations: what the lists bench measures.
  const lists = listsOf(LIST_RESOURCES, operations, types);
  // First, while the process is fresh: measured after the larger runs it took 5.8 s in a run whose
  // sandbox child seeded the same 100,000 customers in 5.0 s (a bigger heap collects slower).
  const customersOnly = seedOnce(types, { ...setup, customers: setup.aloneCustomers, invoices: 0 }, undefined);
  let listsResult: ListsResult | undefined;
  const memory = seedOnce(types, setup, undefined, (file) => {
    listsResult = benchLists(file, lists);
  });
  if (!listsResult) throw new Error('the lists bench did not run');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-bench-seed-'));
  try {
    return { runs: [customersOnly, memory, seedOnce(types, setup, dir)], lists: listsResult };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
