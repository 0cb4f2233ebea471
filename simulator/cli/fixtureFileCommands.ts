import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isJsonObject, type JsonValue } from '../desktop/values/json.ts';
import { describeProblem, formatOfPath, readFixtureFile, serializeFixture, type FixtureFileFormat } from '../fixtures/fixtureFile.ts';
import { loadFixtureTools } from '../fixtures/fixtureTools.ts';
import { generateFixture } from '../fixtures/generateFixture.ts';
import { parseSizes } from '../fixtures/seedCompanyFile.ts';
import { SEED_PROFILES, type SeedProfileName } from '../fixtures/seedProfiles.ts';
import { validateFixture } from '../fixtures/validateFixture.ts';
import { progressBar } from './progressBar.ts';

/** `--size customers=100,vendors=20`: a usage error when a key or count is wrong. */
function parseSizesOption(text: string | undefined): Record<string, number> {
  try {
    return parseSizes(text ?? '');
  } catch (error) {
    throw new UsageError(`--size: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `--customers N` and `--invoices N`, the shorthands for those two sizes. */
function shorthands(values: { customers?: string; invoices?: string }): Record<string, number> {
  const out: Record<string, number> = {};
  if (values.customers !== undefined) out['customers'] = wholeNumber(values.customers, 'customers', 0);
  if (values.invoices !== undefined) out['invoices'] = wholeNumber(values.invoices, 'invoices', 0);
  return out;
}

export function wholeNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number, got "${value}"`);
  return Number(value);
}

/** Bad options: reported with a pointer to --help and exit code 2, never with a stack trace. */
export class UsageError extends Error {}

/** The format an --out file is written in; an unknown extension is a usage mistake. */
export function outputFormat(file: string): FixtureFileFormat {
  try {
    return formatOfPath(file);
  } catch (error) {
    throw new UsageError(`--out: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Objects per collection of a parsed fixture, for summaries: `customers 12, invoices 30`. */
export function countObjects(root: JsonValue | undefined): { total: number; text: string } {
  if (!isJsonObject(root)) return { total: 0, text: 'no objects' };
  const parts: [string, number][] = [];
  const headline = ['customers', 'invoices', 'payments'];
  let others = 0;
  for (const [name, list] of Object.entries(root)) {
    if (!Array.isArray(list) || list.length === 0) continue;
    if (headline.includes(name)) parts.push([name, list.length]);
    else others += list.length;
  }
  parts.sort((a, b) => headline.indexOf(a[0]) - headline.indexOf(b[0]));
  if (others > 0) parts.unshift(['other objects', others]);
  const total = parts.reduce((n, [, c]) => n + c, 0);
  return { total, text: `${total.toLocaleString('en-US')} objects (${parts.map(([n, c]) => `${c.toLocaleString('en-US')} ${n}`).join(', ') || 'none'})` };
}

/** Written next to the target first and renamed, so a reader never sees half a fixture. */
export function writeAtomically(file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
}

export async function generateCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: {
      seed: { type: 'string' },
      size: { type: 'string' },
      customers: { type: 'string' },
      invoices: { type: 'string' },
      profile: { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (positionals.length > 0) throw new UsageError(`generate takes no file argument; use --out FILE (got "${positionals[0]}")`);
  if (!values.out) throw new UsageError('generate needs --out FILE (.json, .yaml or .yml)');
  const format = outputFormat(values.out);
  const profile = values.profile ?? 'standard';
  if (!(profile in SEED_PROFILES)) throw new UsageError(`--profile must be one of ${Object.keys(SEED_PROFILES).join(', ')}, got "${profile}"`);
  const started = performance.now();
  const tools = await loadFixtureTools();
  const bar = progressBar('generating');
  const fixture = generateFixture(
    {
      seed: wholeNumber(values.seed, 'seed', 1),
      sizes: { customers: 100, invoices: 300, ...parseSizesOption(values.size), ...shorthands(values) },
      profile: profile as SeedProfileName,
      onProgress: (done, total) => bar.update(done, total),
    },
    tools,
  );
  bar.finish();
  writeAtomically(values.out, serializeFixture(fixture, format));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`wrote ${values.out}: ${countObjects(fixture).text} in ${seconds} s\n`);
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
    for (const problem of problems) process.stdout.write(`${describeProblem(file, parsed, problem)}\n`);
    if (problems.length > 0) {
      failed += 1;
      process.stdout.write(`${file}: ${problems.length} problem${problems.length === 1 ? '' : 's'}; not loadable\n`);
    } else process.stdout.write(`${file}: valid, ${countObjects(parsed.root).text}\n`);
  }
  return failed > 0 ? 1 : 0;
}
