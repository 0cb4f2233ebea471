import fs from 'node:fs';
import { httpsGetTail, type GetTarget } from './httpsGet.ts';
import { httpsPostJson } from './httpsPostJson.ts';
import { latencyStats, type LatencyStats } from './latencyStats.ts';

export interface LargeEndUserSetup {
  seed: number;
  /** Objects by resource, as POST /_sandbox/end-users/{id}/company-file takes them; customers and invoices both given. */
  sizes: Readonly<Record<string, number>>;
  timeoutMs: number;
  /** Where the server's demo cache would keep this seeding (the server child names it). */
  keptFile: string | undefined;
  /** Asked one at a time (a pause between) while the seeding runs: another end user's request. */
  meanwhile: { target: GetTarget; path: string; pauseMs: number };
}

/** The requests asked while the seeding ran, timed from sent to their whole body read. */
export interface Meanwhile {
  path: string;
  latency: LatencyStats;
  errors: number;
  firstError?: string;
}

export interface SeededEndUser {
  endUserId: string;
  /** The seeding request, sent to answered: seeding on disk plus keeping its bytes in the demo cache. */
  seedMs: number;
  /** The control's answer, as sent. */
  answer: unknown;
  /** Bytes the seeding kept in the demo cache (dist/demo-cache); removed again by the bench. */
  keptBytes: number;
  /** A kept copy from an earlier run that was removed first, so that the figure is a seeding. */
  removedStaleCopy: boolean;
  meanwhile: Meanwhile;
}

/** `path`, one request at a time with a pause between, until `done` says stop. */
export async function askMeanwhile({ target, path, pauseMs }: SeedingSetupMeanwhile, done: () => boolean): Promise<Meanwhile> {
  const samples: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  while (!done()) {
    const started = performance.now();
    try {
      const res = await httpsGetTail(target, path);
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.head.subarray(0, 200).toString('utf8')}`);
      samples.push(performance.now() - started);
    } catch (error) {
      errors += 1;
      firstError ??= error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return { path, latency: latencyStats(samples), errors, ...(firstError === undefined ? {} : { firstError }) };
}

type SeedingSetupMeanwhile = LargeEndUserSetup['meanwhile'];

function fail(what: string, status: number, body: Buffer): never {
  throw new Error(`${what}: HTTP ${status} ${body.toString('utf8').slice(0, 300)}`);
}

/** A new end user of the sandbox's project, made as a client makes one: its id. */
export async function newEndUser(target: GetTarget, companyName: string, sourceId: string): Promise<string> {
  const created = await httpsPostJson(target, '/v1/end-users', { companyName, sourceId, email: `${sourceId}@example.test` });
  if (created.status !== 200) fail('POST /v1/end-users', created.status, created.body);
  const endUserId = (JSON.parse(created.body.toString('utf8')) as { id?: unknown }).id;
  if (typeof endUserId !== 'string') fail('POST /v1/end-users answered no id', created.status, created.body);
  return endUserId;
}

/**
 * A second end user of the sandbox's project, connected to a new company file of `sizes`. The
 * control keeps a seeded file that fits the demo cache and opens the kept bytes next time: a second
 * bench run would then time a copy, not a seeding. A copy under the key is removed before and
 * after, should the cache ever keep a file this large.
 */
export async function seedLargeEndUser(target: GetTarget, setup: LargeEndUserSetup): Promise<SeededEndUser> {
  const endUserId = await newEndUser(target, 'Large Co', 'large-co');

  const kept = setup.keptFile;
  const removedStaleCopy = kept !== undefined && fs.existsSync(kept);
  if (kept) fs.rmSync(kept, { force: true });
  const started = performance.now();
  let answered = false;
  const asking = httpsPostJson(target, `/_sandbox/end-users/${endUserId}/company-file`, { seed: setup.seed, sizes: setup.sizes }, setup.timeoutMs).finally(() => {
    answered = true;
  });
  const [seeded, meanwhile] = await Promise.all([asking.then((res) => ({ res, ms: performance.now() - started })), askMeanwhile(setup.meanwhile, () => answered)]);
  const seedMs = seeded.ms;
  if (seeded.res.status !== 200) fail('POST /_sandbox/end-users/{id}/company-file', seeded.res.status, seeded.res.body);
  const keptBytes = kept !== undefined && fs.existsSync(kept) ? fs.statSync(kept).size : 0;
  if (kept) fs.rmSync(kept, { force: true });
  return { endUserId, seedMs, answer: JSON.parse(seeded.res.body.toString('utf8')) as unknown, keptBytes, removedStaleCopy, meanwhile };
}
