import { allChecks } from '../checks/index.ts';
import type { Check, CheckContext, CheckResult, RunReport } from './checkTypes.ts';
import { CheckFailure, CheckSkip } from './CheckFailure.ts';
import { curlFor } from './curl.ts';
import { HttpClient, type Exchange } from './httpClient.ts';
import { Rng } from './rng.ts';
import { loadSpecModel, type SpecModel } from './specModel.ts';
import { detectClock } from './targetClock.ts';

export interface ContractOptions {
  baseUrl: string;
  apiKey: string;
  endUserId: string;
  /** Another end user, for the isolation checks; without it they create one (with writes) or skip. */
  otherEndUserId?: string;
  specPath: string;
  /** A spec already loaded (by an earlier run), to skip reading it again. */
  spec?: SpecModel;
  /** PEM of the CA to trust, for a target with a self-signed certificate. */
  ca?: string;
  caCertPath?: string;
  /** Where the target's plain-HTTP side listens, when not on the HTTPS port. */
  httpUrl?: string;
  allowWrites: boolean;
  fuzz: number;
  seed: number;
  only?: string[];
  skip?: string[];
  timeoutMs?: number;
  onStart?: (check: Check) => void;
  onResult?: (result: CheckResult) => void;
}

/** `--only`/`--skip` name a check id, an id prefix or an area (`pagination`), each alone or `@operationId`. */
function selected(check: Check, only: string[] | undefined, skip: string[] | undefined): boolean {
  const on = `@${check.operationId ?? ''}`;
  const names = [check.id, check.area, `${check.id}${on}`, `${check.area}${on}`];
  const hit = (patterns: string[]): boolean => patterns.some((p) => names.some((n) => n === p || n.startsWith(`${p}.`)));
  if (only && only.length > 0 && !hit(only)) return false;
  return !(skip && hit(skip));
}

async function runOne(check: Check, ctx: CheckContext, caCertPath: string | undefined): Promise<CheckResult> {
  const base = { id: check.id, area: check.area, rule: check.rule, operationId: check.operationId };
  const started = performance.now();
  const ms = (): number => Math.round(performance.now() - started);
  if (check.writes && !ctx.allowWrites) {
    return { ...base, status: 'skip', ms: 0, reason: 'changes data: runs only with --allow-writes (a real company file is someone\'s books)' };
  }
  try {
    await check.run(ctx);
    return { ...base, status: 'pass', ms: ms() };
  } catch (error) {
    if (error instanceof CheckSkip) return { ...base, status: 'skip', ms: ms(), reason: error.message };
    if (error instanceof CheckFailure) {
      return {
        ...base,
        status: 'fail',
        ms: ms(),
        expected: error.expected,
        received: error.received,
        ...(error.exchange ? { curl: curlFor(error.exchange.request, caCertPath) } : {}),
      };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { ...base, status: 'fail', ms: ms(), expected: 'the check to run to the end', received: `it stopped: ${message}` };
  }
}

/** Runs every selected check against the target, in order; the ones judging all traffic run last. */
export async function runContract(options: ContractOptions): Promise<RunReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const spec = options.spec ?? (await loadSpecModel(options.specPath));
  const client = new HttpClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    endUserId: options.endUserId,
    ca: options.ca,
    timeoutMs: options.timeoutMs ?? 30_000,
  });
  const exchanges: Exchange[] = [];
  let cleanups: (() => Promise<void>)[] = [];
  client.observe((e) => exchanges.push(e));
  try {
    const clock = await detectClock(client);
    const memo = new Map<string, Promise<unknown>>();
    const ctx: CheckContext = {
      client,
      spec,
      clock,
      rng: new Rng(options.seed),
      seed: options.seed,
      fuzzCases: options.fuzz,
      allowWrites: options.allowWrites,
      otherEndUserId: options.otherEndUserId,
      cleanups: [],
      exchanges,
      memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
        let value = memo.get(key) as Promise<T> | undefined;
        if (!value) {
          value = compute();
          memo.set(key, value);
        }
        return value;
      },
    };
    cleanups = ctx.cleanups;
    const checks = allChecks(spec, { httpUrl: options.httpUrl }).filter((c) => selected(c, options.only, options.skip));
    const ordered = [...checks.filter((c) => !c.last), ...checks.filter((c) => c.last)];
    const results: CheckResult[] = [];
    for (const check of ordered) {
      options.onStart?.(check);
      const result = await runOne(check, ctx, options.caCertPath);
      results.push(result);
      options.onResult?.(result);
    }
    return { target: options.baseUrl, seed: options.seed, startedAt, ms: Math.round(performance.now() - started), sandboxClock: clock.controllable, results };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    client.close();
  }
}
