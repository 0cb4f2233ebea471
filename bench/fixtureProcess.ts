import fs from 'node:fs';
import { SimClock } from '../simulator/desktop/clock.ts';
import { CompanyFile } from '../simulator/desktop/CompanyFile.ts';
import type { JsonObject } from '../simulator/desktop/values/json.ts';
import { exportFixture } from '../simulator/fixtures/exportFixture.ts';
import { readFixtureFile, serializeFixture } from '../simulator/fixtures/fixtureFile.ts';
import { loadFixtureTools, type FixtureTools } from '../simulator/fixtures/fixtureTools.ts';
import { loadFixture } from '../simulator/fixtures/loadFixture.ts';
import { FIXED_TODAY, middayOf, seedCompanyFile } from '../simulator/fixtures/seedCompanyFile.ts';

// A child process of the bench: `fixtures generate` and `fixtures load` each start in a fresh
// process, so each is timed in one. (Timed in the bench's own process, after the generate had
// grown it to 1.3 GB, the same load took 1 to 2 s longer on this project's 2-core VM.)
// Prints what it did as JSON: { objects, steps: [{ step, seconds }] }.

export interface ProcessSteps {
  /** Objects in the fixture (list objects and payments included); 0 when the process does not know. */
  objects: number;
  steps: { step: string; seconds: number }[];
}

type Timer = <T>(step: string, work: () => T) => T;

function companyFile(tools: FixtureTools, filePath: string): CompanyFile {
  return new CompanyFile({ path: filePath, clock: new SimClock(() => middayOf(FIXED_TODAY)), types: tools.types });
}

/** `fixtures generate`: seed in memory, export, JSON, write. */
function generate(tools: FixtureTools, time: Timer, file: string, seed: number, customers: number, invoices: number): number {
  const seeded = companyFile(tools, ':memory:');
  time('generate: seed in memory', () => seedCompanyFile(seeded, { seed, sizes: { customers, invoices } }));
  const fixture = time('generate: export', () => exportFixture(seeded, tools));
  seeded.close();
  time('generate: JSON + write', () => fs.writeFileSync(file, serializeFixture(fixture, 'json')));
  return Object.values(fixture as JsonObject).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);
}

/**
 * `fixtures load --data-dir` as that command runs it: read and parse (a large file's schema is
 * checked on a second thread from here on), then in one transaction into a company file on disk:
 * plan each object (references, consistency) and add it, recompute balances, commit.
 */
function load(tools: FixtureTools, time: Timer, file: string, companyFilePath: string): void {
  const parsed = time('load: read + parse', () => readFixtureFile(file, { tools }));
  const target = companyFile(tools, companyFilePath);
  try {
    const root = parsed.root;
    if (root === undefined) throw new Error(`the generated fixture cannot be read: ${parsed.problems[0]?.message ?? '?'}`);
    time('load: plan + add + balances + commit (disk)', () => loadFixture(target, root, tools, parsed.shape ? { shape: parsed.shape } : {}));
    if (parsed.shape?.failure) throw new Error(`the schema was not checked on a second thread: ${parsed.shape.failure}`);
  } finally {
    parsed.shape?.close();
    target.close();
  }
}

async function main([what, file, ...rest]: string[]): Promise<ProcessSteps> {
  const tools = await loadFixtureTools();
  const steps: ProcessSteps['steps'] = [];
  const time: Timer = (step, work) => {
    const started = performance.now();
    const result = work();
    steps.push({ step, seconds: (performance.now() - started) / 1000 });
    return result;
  };
  if (what === 'generate' && file) return { objects: generate(tools, time, file, Number(rest[0]), Number(rest[1]), Number(rest[2])), steps };
  if (what === 'load' && file && rest[0]) {
    load(tools, time, file, rest[0]);
    return { objects: 0, steps };
  }
  throw new Error('usage: fixtureProcess.ts generate FILE SEED CUSTOMERS INVOICES | load FILE COMPANY_FILE');
}

process.stdout.write(`${JSON.stringify(await main(process.argv.slice(2)))}\n`);
