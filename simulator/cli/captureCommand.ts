import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { parseDuration } from '../../contract-tests/runner/plan.ts';
import { TargetUnavailable } from '../../contract-tests/runner/preflight.ts';
import { captureFixture, CaptureUsageError, type CaptureProgress } from '../capture/captureFixture.ts';
import { CaptureFailed } from '../capture/readCollections.ts';
import { outputFormat } from './fixtureFileCommands.ts';
import { UsageError } from './usageErrors.ts';
import { countsText } from '../fixtures/fixtureCounts.ts';
import { progressBar } from './progressBar.ts';

/** Exit status of a capture stopped before its end (budget, Ctrl-C): its state is kept for --resume. */
export const STOPPED_EXIT = 4;

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 3600 ? `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m` : s >= 60 ? `${Math.floor(s / 60)}m ${s % 60}s` : `${s}s`;
}

/**
 * `ledger-sim fixtures capture`: exit 0 with the fixture written, 1 when the target answered
 * something the capture cannot go on from, 2 on bad usage (an unknown --only name, nothing to resume), 3 when the target cannot be used at all,
 * 4 when stopped (budget or Ctrl-C) with its state kept for --resume.
 */
export async function captureCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      'end-user-id': { type: 'string' },
      'ca-cert': { type: 'string' },
      out: { type: 'string' },
      anonymize: { type: 'boolean' },
      salt: { type: 'string' },
      only: { type: 'string' },
      budget: { type: 'string' },
      resume: { type: 'boolean' },
      'page-size': { type: 'string' },
    },
  });
  if (positionals.length > 0) throw new UsageError(`capture takes no file argument; use --out FILE (got "${positionals[0]}")`);
  const baseUrl = values['base-url'] ?? env['SERVICE_BASE_URL'];
  const apiKey = values['api-key'] ?? env['SERVICE_API_KEY'];
  const endUserId = values['end-user-id'] ?? env['SERVICE_END_USER_ID'];
  const missing = [!baseUrl && '--base-url', !apiKey && '--api-key', !endUserId && '--end-user-id', !values.out && '--out'].filter(Boolean);
  if (missing.length > 0 || !baseUrl || !apiKey || !endUserId || !values.out) throw new UsageError(`missing ${missing.join(', ')}`);
  if (!/^https?:\/\//.test(baseUrl)) throw new UsageError(`--base-url must be an http(s) URL, got "${baseUrl}"`);
  outputFormat(values.out);
  if (values.salt !== undefined && !values.anonymize) throw new UsageError('--salt goes with --anonymize');
  const caPath = values['ca-cert'] ?? env['SERVICE_CA_CERT'];
  if (caPath && !fs.existsSync(caPath)) throw new UsageError(`--ca-cert ${caPath} does not exist`);
  const budgetMs = values.budget === undefined || values.budget === 'none' ? undefined : parseDuration(values.budget);
  if (values.budget !== undefined && values.budget !== 'none' && (budgetMs === undefined || budgetMs <= 0)) throw new UsageError(`--budget takes a duration such as 90s, 15m or 1h, or none, got "${values.budget}"`);
  const pageSize = values['page-size'] === undefined ? 150 : Number(values['page-size']);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 150) throw new UsageError(`--page-size takes a whole number from 1 to 150, got "${values['page-size']}"`);
  let salt = values.salt;
  if (values.anonymize && salt === undefined) {
    salt = randomBytes(12).toString('hex');
    process.stderr.write(`ledger-sim fixtures capture: anonymizing with the new salt ${salt} (keep it: the same salt gives the same names again)\n`);
  }
  const stop = new AbortController();
  const onSigint = (): void => stop.abort();
  process.once('SIGINT', onSigint);
  const bar = progressBar('capture');
  let current = '';
  const onProgress = (p: CaptureProgress): void => {
    if (p.collection !== current && current !== '' && !process.stderr.isTTY) process.stderr.write(`  ${current} read (${p.requests.toLocaleString('en-US')} requests so far, ${Math.round(p.msPerRequest)} ms each)\n`);
    current = p.collection;
    bar.update(p.collectionsDone, p.collections, `${p.collection} ${p.read.toLocaleString('en-US')}/${(p.total ?? p.read).toLocaleString('en-US')} · ${Math.round(p.msPerRequest)} ms/request · ETA ${duration(p.etaMs)}`);
  };
  try {
    const result = await captureFixture({
      baseUrl,
      apiKey,
      endUserId,
      ...(caPath ? { ca: fs.readFileSync(caPath, 'utf8') } : {}),
      out: values.out,
      ...(values.anonymize && salt !== undefined ? { anonymize: { salt } } : {}),
      ...(values.only ? { only: values.only.split(',').map((s) => s.trim()).filter(Boolean) } : {}),
      ...(budgetMs !== undefined ? { budgetMs } : {}),
      resume: values.resume === true,
      pageSize,
      signal: stop.signal,
      onProgress,
    });
    bar.finish();
    if (result.complete && current !== '' && !process.stderr.isTTY) process.stderr.write(`  ${current} read (${result.requests.toLocaleString('en-US')} requests in all)\n`);
    const pace = `${result.objects.toLocaleString('en-US')} objects, ${result.requests.toLocaleString('en-US')} requests, ${result.seconds.toFixed(1)} s`;
    if (!result.complete) {
      process.stderr.write(`ledger-sim fixtures capture: stopped (${result.stoppedBecause}) after ${pace}; kept in ${result.statePath}: run again with --resume\n`);
      return STOPPED_EXIT;
    }
    process.stdout.write(`wrote ${values.out} (${pace} read): ${countsText(result.written ?? {}).text}\nWhat the API could not read, and what was done instead:\n${result.notes.map((n) => `  - ${n}`).join('\n')}\n`);
    return 0;
  } catch (error) {
    bar.finish();
    if (error instanceof TargetUnavailable) {
      process.stderr.write(`ledger-sim fixtures capture: target unavailable: ${error.message}\n`);
      return 3;
    }
    if (error instanceof CaptureUsageError) {
      process.stderr.write(`ledger-sim fixtures capture: ${error.message}\n`);
      return 2;
    }
    if (error instanceof CaptureFailed) {
      process.stderr.write(`ledger-sim fixtures capture: ${error.message}; what was read is kept: run again with --resume\n`);
      return 1;
    }
    throw error;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
