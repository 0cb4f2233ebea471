import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeProblems, formatOfPath, readFixtureFile, serializeFixture, type FixtureFileFormat } from '../fixtures/fixtureFile.ts';
import { loadFixtureTools } from '../fixtures/fixtureTools.ts';
import { generateFixture } from '../fixtures/generateFixture.ts';
import { SEED_PROFILES, type SeedProfileName } from '../fixtures/seedProfiles.ts';
import { validateFixture } from '../fixtures/validateFixture.ts';
import { progressBar } from './progressBar.ts';
import { SIZE_OPTIONS, sizesFromOptions } from './sizeOptions.ts';
import { countObjects } from '../fixtures/fixtureCounts.ts';
import { UsageError } from './usageErrors.ts';
import { isDay, todayOf } from '../fixtures/seedCompanyFile.ts';

export function wholeNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number, got "${value}"`);
  return Number(value);
}

/** The format an --out file is written in; an unknown extension is a usage mistake. */
export function outputFormat(file: string): FixtureFileFormat {
  try {
    return formatOfPath(file);
  } catch (error) {
    throw new UsageError(`--out: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Written next to the target first and renamed, so a reader never sees half a fixture. */
export function writeAtomically(file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
}

/** What `generate` makes when no size is named: a tenth of the demo company, every type in proportion. */
const GENERATED_SIZE = { customers: 100, invoices: 300 };

export async function generateCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: {
      seed: { type: 'string' },
      ...SIZE_OPTIONS,
      profile: { type: 'string' },
      out: { type: 'string' },
      today: { type: 'string' },
    },
  });
  if (positionals.length > 0) throw new UsageError(`generate takes no file argument; use --out FILE (got "${positionals[0]}")`);
  if (!values.out) throw new UsageError('generate needs --out FILE (.json, .yaml or .yml)');
  const format = outputFormat(values.out);
  const profile = values.profile ?? 'standard';
  if (!(profile in SEED_PROFILES)) throw new UsageError(`--profile must be one of ${Object.keys(SEED_PROFILES).join(', ')}, got "${profile}"`);
  const today = values.today ?? todayOf(Date.now());
  if (!isDay(today)) throw new UsageError(`--today must be a date YYYY-MM-DD, got "${today}"`);
  const started = performance.now();
  const tools = await loadFixtureTools();
  const bar = progressBar('generating');
  const fixture = generateFixture(
    {
      seed: wholeNumber(values.seed, 'seed', 1),
      sizes: sizesFromOptions(values, GENERATED_SIZE),
      profile: profile as SeedProfileName,
      today,
      onProgress: (done, total) => bar.update(done, total),
    },
    tools,
  );
  bar.finish();
  writeAtomically(values.out, serializeFixture(fixture, format));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`wrote ${values.out} in ${seconds} s (dated up to the day before ${today}): ${countObjects(fixture).text}\n`);
  return 0;
}

export async function validateCommand(args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: {} });
  if (positionals.length === 0) throw new UsageError('validate needs at least one fixture file');
  const tools = await loadFixtureTools();
  let failed = 0;
  for (const file of positionals) {
    const parsed = readFixtureFile(file);
    const problems = parsed.root === undefined ? parsed.problems : validateFixture(parsed.root, tools);
    for (const line of describeProblems(file, parsed, problems)) process.stdout.write(`${line}\n`);
    if (problems.length > 0) {
      failed += 1;
      process.stdout.write(`${file}: ${problems.length} problem${problems.length === 1 ? '' : 's'}; not loadable\n`);
    } else process.stdout.write(`${file}: valid, ${countObjects(parsed.root).text}\n`);
  }
  return failed > 0 ? 1 : 0;
}
