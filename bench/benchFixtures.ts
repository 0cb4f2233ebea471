import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SimClock } from '../simulator/desktop/clock.ts';
import { CompanyFile } from '../simulator/desktop/CompanyFile.ts';
import type { JsonObject } from '../simulator/desktop/json.ts';
import { checkFixture } from '../simulator/fixtures/checkFixture.ts';
import { exportFixture } from '../simulator/fixtures/exportFixture.ts';
import { parseFixtureText, serializeFixture } from '../simulator/fixtures/fixtureFile.ts';
import { loadFixtureTools, type FixtureTools } from '../simulator/fixtures/fixtureTools.ts';
import { loadPlan } from '../simulator/fixtures/loadFixture.ts';
import { SEED_AS_OF, seedCompanyFile } from '../simulator/fixtures/seedCompanyFile.ts';

export interface FixturesSetup {
  seed: number;
  customers: number;
  invoices: number;
  /** Generated and loaded alone first: the round the loading target is read on. */
  aloneCustomers: number;
}

/** One timed step; `objects` counts everything in the fixture (list objects and payments included). */
export interface FixtureStep {
  step: string;
  objects: number;
  seconds: number;
  objectsPerSec: number;
}

/** One fixture generated, then loaded. */
export interface FixtureRound {
  customers: number;
  invoices: number;
  objects: number;
  fileBytes: number;
  steps: FixtureStep[];
  /** `fixtures generate` as a whole: seed, export, JSON, write. */
  generate: FixtureStep;
  /** `fixtures load --data-dir` as a whole: read, parse, check, load into a company file on disk. */
  load: FixtureStep;
}

export interface FixturesResult {
  /** First the customers alone (the loading target's round), then customers and invoices. */
  rounds: FixtureRound[];
}

function countOf(fixture: JsonObject): number {
  return Object.values(fixture).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);
}

function companyFile(tools: FixtureTools, filePath: string): CompanyFile {
  return new CompanyFile({ path: filePath, clock: new SimClock(() => SEED_AS_OF * 1000), types: tools.types });
}

type Timer = <T>(step: string, work: () => T) => T;

/**
 * `fixtures generate` in this process: seed in memory, export, JSON, write. A function of its own,
 * so that nothing it made (the exported fixture is several hundred MB at 100,000 customers) is
 * still reachable while the load is timed: `fixtures load` starts without it.
 */
function generate(tools: FixtureTools, time: Timer, file: string, seed: number, customers: number, invoices: number): number {
  const seeded = companyFile(tools, ':memory:');
  time('generate: seed in memory', () => seedCompanyFile(seeded, { seed, sizes: { customers, invoices } }));
  const fixture = time('generate: export', () => exportFixture(seeded, tools));
  seeded.close();
  time('generate: JSON + write', () => fs.writeFileSync(file, serializeFixture(fixture, 'json')));
  return countOf(fixture);
}

/** `fixtures load --data-dir` in this process: read, parse, check, load into a company file on disk. */
function load(tools: FixtureTools, time: Timer, file: string, dir: string): void {
  const root = time('load: read + parse', () => parseFixtureText(fs.readFileSync(file, 'utf8'), 'json').root);
  const target = companyFile(tools, path.join(dir, 'company.sqlite'));
  const { plan, problems } = time('load: check (schema, references)', () => checkFixture(root ?? null, tools));
  if (!plan) throw new Error(`the generated fixture has problems: ${problems[0]?.message ?? '?'}`);
  time('load: add + balances + commit (disk)', () => loadPlan(target, plan));
  target.close();
}

/**
 * Times what `fixtures generate` and `fixtures load --data-dir` do, step by step, in this process:
 * generate (seed in memory, export, JSON, write) and load (read, parse, check, add in one
 * transaction into a company file on disk, recompute balances, commit).
 */
function fixtureRound(tools: FixtureTools, seed: number, customers: number, invoices: number): FixtureRound {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-bench-fixtures-'));
  const file = path.join(dir, 'fixture.json');
  const steps: FixtureStep[] = [];
  let objects = 0;
  const time: Timer = (step, work) => {
    const started = performance.now();
    const result = work();
    const seconds = (performance.now() - started) / 1000;
    steps.push({ step, objects, seconds, objectsPerSec: objects / seconds });
    return result;
  };
  try {
    objects = generate(tools, time, file, seed, customers, invoices);
    for (const s of steps) Object.assign(s, { objects, objectsPerSec: objects / s.seconds });
    load(tools, time, file, dir);

    const total = (prefix: string, step: string): FixtureStep => {
      const seconds = steps.filter((s) => s.step.startsWith(prefix)).reduce((n, s) => n + s.seconds, 0);
      return { step, objects, seconds, objectsPerSec: objects / seconds };
    };
    return { customers, invoices, objects, fileBytes: fs.statSync(file).size, steps, generate: total('generate', 'generate, total'), load: total('load', 'load, total') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The customers alone first (while the process is fresh, as the seeding bench does), then the mix. The spec is loaded first. */
export async function benchFixtures(setup: FixturesSetup): Promise<FixturesResult> {
  const tools = await loadFixtureTools();
  return { rounds: [fixtureRound(tools, setup.seed, setup.aloneCustomers, 0), fixtureRound(tools, setup.seed, setup.customers, setup.invoices)] };
}
