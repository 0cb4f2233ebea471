import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hugePagesEnv } from '../simulator/launch/hugePages.js';
import type { ProcessSteps } from './fixtureProcess.ts';

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

const FIXTURE_PROCESS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtureProcess.ts');

/** One command of fixtureProcess.ts in a fresh process: what it did, as it timed it. */
export function inChildProcess(args: string[]): ProcessSteps {
  const child = spawnSync(process.execPath, ['--import', 'tsx', FIXTURE_PROCESS, ...args], {
    cwd: path.resolve(path.dirname(FIXTURE_PROCESS), '..'),
    encoding: 'utf8',
    maxBuffer: 1024 * 1024,
    timeout: 600_000,
    // As `ledger-sim fixtures` starts itself.
    env: hugePagesEnv() ?? process.env,
  });
  if (child.status !== 0) throw new Error(`bench/fixtureProcess.ts ${args[0] ?? ''} failed (${child.status ?? child.signal}): ${child.stderr}`);
  return JSON.parse(child.stdout) as ProcessSteps;
}

/**
 * Times what `fixtures generate` and `fixtures load --data-dir` do, step by step, each in a fresh
 * process as the commands run (fixtureProcess.ts): generate (seed in memory, export, JSON, write)
 * and load (read, parse, check, add in one transaction into a company file on disk, recompute
 * balances, commit).
 */
function fixtureRound(seed: number, customers: number, invoices: number): FixtureRound {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-bench-fixtures-'));
  const file = path.join(dir, 'fixture.json');
  try {
    const generated = inChildProcess(['generate', file, String(seed), String(customers), String(invoices)]);
    const loaded = inChildProcess(['load', file, path.join(dir, 'company.sqlite')]);
    const objects = generated.objects;
    const steps: FixtureStep[] = [...generated.steps, ...loaded.steps].map(({ step, seconds }) => ({ step, objects, seconds, objectsPerSec: objects / seconds }));

    const total = (prefix: string, step: string): FixtureStep => {
      const seconds = steps.filter((s) => s.step.startsWith(prefix)).reduce((n, s) => n + s.seconds, 0);
      return { step, objects, seconds, objectsPerSec: objects / seconds };
    };
    return { customers, invoices, objects, fileBytes: fs.statSync(file).size, steps, generate: total('generate', 'generate, total'), load: total('load', 'load, total') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The customers alone first (the loading target's round), then the mix. */
export function benchFixtures(setup: FixturesSetup): FixturesResult {
  return { rounds: [fixtureRound(setup.seed, setup.aloneCustomers, 0), fixtureRound(setup.seed, setup.customers, setup.invoices)] };
}
