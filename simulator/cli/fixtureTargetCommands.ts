import { parseArgs } from 'node:util';
import { isJsonObject, type JsonValue } from '../desktop/values/json.ts';
import { describeProblems, readFixtureFile, serializeFixture, type ParsedFixture } from '../fixtures/fixtureFile.ts';
import { FixtureError, parseProblem } from '../fixtures/FixtureProblem.ts';
import { loadFixtureTools, type FixtureTools } from '../fixtures/fixtureTools.ts';
import { randomToken } from '../service/serviceIds.ts';
import { exportFixtureOfEndUser, loadFixtureForEndUser, type FixtureLoadResult } from '../service/fixtureControls.ts';
import { removeEndUser } from '../service/handlers/endUserHandlers.ts';
import { outputFormat, writeAtomically } from './fixtureFileCommands.ts';
import { UsageError } from './usageErrors.ts';
import { countObjects, countsText } from '../fixtures/fixtureCounts.ts';
import { openDataDir } from './openDataDir.ts';
import { progressBar } from './progressBar.ts';
import { callSandbox, type SandboxTarget } from '../api/callSandbox.ts';
import { readReadyFile, readyFilePath } from '../api/readyFile.ts';
import { ENV, findSandbox, SANDBOX_FLAGS, sayWhich } from './findSandbox.ts';

const TARGET_OPTIONS = {
  'data-dir': { type: 'string' },
  ...SANDBOX_FLAGS,
  'end-user-id': { type: 'string' },
  'end-user': { type: 'string' },
} as const;

type Target = { kind: 'dataDir'; dir: string } | { kind: 'sandbox'; sandbox: SandboxTarget; endUserId?: string };

/** A data directory (no server) when named; otherwise a running sandbox, named or found locally. */
function targetOf(values: Partial<Record<keyof typeof TARGET_OPTIONS, string>>): Target {
  const dir = values['data-dir'];
  if (dir !== undefined && values['base-url'] !== undefined) throw new UsageError('use --data-dir or --base-url, not both');
  if (dir !== undefined) return { kind: 'dataDir', dir };
  const found = findSandbox(values);
  sayWhich(found);
  return { kind: 'sandbox', sandbox: found.target, ...(found.endUserId ? { endUserId: found.endUserId } : {}) };
}

function summary(file: string, result: FixtureLoadResult, seconds: number): string {
  const where = result.newCompanyFile ? 'a new company file' : 'its existing company file';
  return `loaded ${file} into ${where} of end user ${result.endUserId} in ${seconds.toFixed(1)} s: ${countsText(result.added).text}\n`;
}

function companyNameOf(root: JsonValue): string {
  const company = isJsonObject(root) ? root['company'] : undefined;
  const name = isJsonObject(company) ? company['name'] : undefined;
  return typeof name === 'string' && name.length > 0 ? name : 'Fixture company';
}

function reportProblems(file: string, parsed: Pick<ParsedFixture, 'lineOf'>, error: FixtureError): number {
  for (const line of describeProblems(file, parsed, error.problems)) process.stderr.write(`${line}\n`);
  process.stderr.write(`${file}: not loaded (${error.message}); the company file is unchanged\n`);
  return 1;
}

async function loadIntoDataDir(file: string, parsed: ParsedFixture & { root: JsonValue }, tools: FixtureTools, dir: string, endUserId: string | undefined): Promise<number> {
  const data = openDataDir(dir, tools);
  const bar = progressBar('loading');
  try {
    const endUser = endUserId ? data.endUser(endUserId) : data.newEndUser(companyNameOf(parsed.root));
    const started = performance.now();
    try {
      const options = { onProgress: (done: number, total: number) => bar.update(done, total), ...(parsed.shape ? { shape: parsed.shape } : {}) };
      const result = await loadFixtureForEndUser(data.deps, endUser, parsed.root, options);
      bar.finish();
      if (parsed.shape?.failure) process.stderr.write(`note: the fixture's shape was checked on this thread; the second thread failed: ${parsed.shape.failure}\n`);
      process.stderr.write(summary(file, result, (performance.now() - started) / 1000));
      process.stdout.write(`${result.endUserId}\n`);
      return 0;
    } catch (error) {
      bar.finish();
      if (!endUserId) removeEndUser(data.deps, endUser.id);
      if (error instanceof FixtureError) return reportProblems(file, parsed, error);
      throw error;
    }
  } finally {
    parsed.shape?.close();
    data.close();
  }
}

/**
 * A sandbox's refusal of a fixture: its problems, which its message lists as `fixture: ...` lines,
 * read back and told as a load from a data dir tells them (line numbers, the file's order); any
 * other refusal as it was said.
 */
function reportRefusal(file: string, parsed: Pick<ParsedFixture, 'lineOf'>, message: string): number {
  const problems = message.split('\n').flatMap((line) => parseProblem(line, 'fixture') ?? []);
  if (problems.length === 0) {
    process.stderr.write(`${message}\n`);
    return 1;
  }
  return reportProblems(file, parsed, new FixtureError(problems));
}

async function loadIntoSandbox(file: string, parsed: ParsedFixture & { root: JsonValue }, sandbox: SandboxTarget, endUserId: string | undefined): Promise<number> {
  const root = parsed.root;
  let id = endUserId;
  if (!id) {
    const created = await callSandbox(sandbox, 'POST', 'end-users', { companyName: companyNameOf(root), sourceId: `fixture-${randomToken(12)}`, email: 'fixtures@ledger-sim.test' });
    id = String((created.body as { id: unknown }).id);
  }
  const started = performance.now();
  try {
    const reply = await callSandbox(sandbox, 'POST', `/_sandbox/end-users/${encodeURIComponent(id)}/fixture`, root);
    process.stderr.write(summary(file, reply.body as FixtureLoadResult, (performance.now() - started) / 1000));
    process.stdout.write(`${id}\n`);
    return 0;
  } catch (error) {
    // An end user made for this load goes again with it: a failed load leaves nothing behind.
    if (!endUserId) await callSandbox(sandbox, 'DELETE', `end-users/${encodeURIComponent(id)}`).catch(() => undefined);
    return reportRefusal(file, parsed, error instanceof Error ? error.message : String(error));
  }
}

/**
 * A sandbox running on a data dir keeps its company files and counters in memory: a load written
 * beside it would go unseen, or be overwritten. Said before anything is read or written.
 */
function refuseRunningSandbox(dir: string): void {
  const running = readReadyFile(readyFilePath(dir));
  if (!running) return;
  throw new UsageError(
    `a sandbox is running on ${dir} (process ${running.pid} at ${running.baseUrl}) and keeps its company files open, so a load written beside it would go unseen: load through it instead (without --data-dir and with ${ENV.dataDir}=${dir}, or with --base-url ${running.baseUrl} --api-key KEY --ca-cert ${running.caCertPath}), or stop it first`,
  );
}

export async function loadCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: TARGET_OPTIONS });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError('load takes exactly one fixture file');
  const target = targetOf(values);
  const endUserId = values['end-user-id'] ?? values['end-user'];
  const unreadable = (parsed: ParsedFixture): number => reportProblems(file, parsed, new FixtureError(parsed.problems, 'it could not be read'));
  if (target.kind === 'sandbox') {
    const parsed = readFixtureFile(file);
    return parsed.root === undefined ? unreadable(parsed) : loadIntoSandbox(file, { ...parsed, root: parsed.root }, target.sandbox, endUserId);
  }
  refuseRunningSandbox(target.dir);
  // Into a data dir, a large file's shape is checked on a second thread while this one parses and loads it.
  const tools = await loadFixtureTools();
  const parsed = readFixtureFile(file, { tools });
  return parsed.root === undefined ? unreadable(parsed) : loadIntoDataDir(file, { ...parsed, root: parsed.root }, tools, target.dir, endUserId);
}

export async function exportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: { ...TARGET_OPTIONS, out: { type: 'string' } } });
  if (positionals.length > 0) throw new UsageError(`export takes no file argument; use --out FILE (got "${positionals[0]}")`);
  if (!values.out) throw new UsageError('export needs --out FILE (.json, .yaml or .yml)');
  const format = outputFormat(values.out);
  const target = targetOf(values);
  // From the local sandbox, its demo end user unless one is named.
  const endUserId = values['end-user'] ?? values['end-user-id'] ?? (target.kind === 'sandbox' ? target.endUserId : undefined);
  if (!endUserId) throw new UsageError('export needs --end-user ID');
  let fixture: JsonValue;
  if (target.kind === 'dataDir') {
    const data = openDataDir(target.dir, await loadFixtureTools());
    try {
      fixture = await exportFixtureOfEndUser(data.deps, data.endUser(endUserId));
    } finally {
      data.close();
    }
  } else {
    fixture = (await callSandbox(target.sandbox, 'GET', `/_sandbox/end-users/${encodeURIComponent(endUserId)}/fixture`)).body as JsonValue;
  }
  if (!isJsonObject(fixture)) throw new Error('the sandbox did not answer with a fixture');
  writeAtomically(values.out, serializeFixture(fixture, format));
  process.stdout.write(`wrote ${values.out}: ${countObjects(fixture).text}\n`);
  return 0;
}
