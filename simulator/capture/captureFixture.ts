import fs from 'node:fs';
import path from 'node:path';
import { HttpClient } from '../../contract-tests/runner/httpClient.ts';
import { preflight } from '../../contract-tests/runner/preflight.ts';
import type { JsonObject, JsonValue } from '../desktop/values/json.ts';
import { exportFrom } from '../fixtures/exportFixture.ts';
import { formatOfPath, serializeFixture } from '../fixtures/fixtureFile.ts';
import { loadFixtureTools, type FixtureTools } from '../fixtures/fixtureTools.ts';
import { anonymizeFixture } from './anonymizeFixture.ts';
import { newState, readState, removeState, statePathOf, writeState, type CaptureState } from './CaptureState.ts';
import { captureSource } from './captureSource.ts';
import { inferOpenings } from './inferOpenings.ts';
import { unreadReferences } from './unreadReferences.ts';
import { readableCollections, readCollection, readSingletons } from './readCollections.ts';
import { readBudgets } from './readBudgets.ts';
import type { ReadProgress } from './captureProgress.ts';

export interface CaptureOptions {
  baseUrl: string;
  apiKey: string;
  endUserId: string;
  /** PEM of a CA to trust (a self-signed deployment such as the sandbox). */
  ca?: string;
  /** The fixture file (.json, .yaml, .yml); the state of a stopped capture is kept beside it. */
  out: string;
  /** Replace names, contacts, addresses and free text, deterministically for this salt. */
  anonymize?: { salt: string };
  /** Collections (`customers`) or resources (`sales-receipts`) to read; all when absent. */
  only?: readonly string[];
  /** Stop after this long, keeping the state for `resume`. */
  budgetMs?: number;
  /** Go on from the state an earlier, stopped capture into `out` kept. */
  resume?: boolean;
  /** Stops the capture before its next request, keeping the state. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Objects a page asks for (1..150, default 150): fewer make each answer quicker on a slow desktop, at more requests. */
  pageSize?: number;
  onProgress?: (progress: CaptureProgress) => void;
}

export interface CaptureProgress extends ReadProgress {
  /** Collections finished, and how many there are. */
  collectionsDone: number;
  collections: number;
  /** Milliseconds still to go at the measured pace (at least: unread lists count one page each). */
  etaMs: number;
}

export interface CaptureResult {
  /** False when stopped before the end: `statePath` holds what was read, for `resume`. */
  complete: boolean;
  stoppedBecause?: string;
  statePath?: string;
  objects: number;
  requests: number;
  seconds: number;
  /** Of `seconds`, those spent reading (the rest shapes, infers openings and writes the file). */
  readSeconds?: number;
  /** What the API could not read and what the capture did instead (also in the fixture's `capture` section). */
  notes: string[];
  /** Objects written per collection of the fixture (stand-ins for unread lists included), when complete. */
  written?: Record<string, number>;
}

/** What the Service serves no read of: said in every capture. */
const NOT_READABLE = [
  'payroll detail: paychecks, payroll items and payroll liabilities have no read in the API; not captured (what they moved on bank and liability accounts shows in the inferred opening balances; profit and loss lacks the payroll expense)',
  'budgets: no read in the API; rebuilt from the budget overview reports of every fiscal year the transactions span and the next (profit and loss and balance sheet; by account, by account and class, by account and customer), named "FY<year> - <kind> by <criterion>" (the reports do not show a budget\'s own name)',
  'voided transactions: the API shows them voided (memo "VOID:", amounts zero), not as they were made; captured as shown and marked voided, so loading voids them again and their postings and stock moves stay undone',
  'deleted transactions and list objects: not part of a company file\'s contents; not captured',
  'lines made from lines of another transaction (an invoice from an estimate): the API shows which transaction, not which line; each line was matched to a line of that source with the same item, keeping to what an order shows invoiced or received of each of its lines',
  'a line told to post to another account than its item\'s: not shown by the API; captured posting to the item\'s account',
  'ids: a fixture names objects by full name, refNumber or key; loading gives them new ids, every reference kept',
];

const STATE_EVERY_MS = 30_000;

/** The capture was asked for something it cannot do (an unknown collection, no state to resume). */
export class CaptureUsageError extends Error {}

const countOf = (state: CaptureState): number => Object.values(state.types).reduce((n, t) => n + t.objects.length, 0);

function fixtureOf(tools: FixtureTools, state: CaptureState, notes: string[], salt: string | undefined): JsonObject {
  const readable = new Set(readableCollections(tools.collections, tools.operations, undefined).map((r) => r.collection.model.objectType));
  const unread = unreadReferences(tools, state, readable);
  // One source for both exports: it reads the openings when it shapes an object, so they can come after the first.
  const openings = new Map<string, Record<string, JsonValue>>();
  const source = captureSource(tools, state, openings, unread.byType);
  const plain = exportFrom(source, tools);
  const inferred = inferOpenings(tools, state, plain);
  for (const [id, fields] of inferred.openings) openings.set(id, fields);
  // Only the collections holding an object given an opening are shaped again; the rest (the transactions, most of a file) stay as the first export wrote them.
  const opened = new Set(tools.collections.filter((c) => (state.types[c.name]?.objects ?? []).some((o) => openings.has(String(o['id'])))).map((c) => c.name));
  const fixture = { ...plain, ...exportFrom(source, tools, opened) };
  const all = [...notes, ...unread.notes, ...inferred.notes];
  const out = salt === undefined ? fixture : anonymizeFixture(fixture, salt);
  return { ...out, capture: { anonymized: salt !== undefined, notes: all } };
}

/**
 * `ledger-sim fixtures capture`: a company file read through the Service's public API only, one
 * request at a time, into a fixture `fixtures load` takes. See decision 23.
 */
export async function captureFixture(options: CaptureOptions): Promise<CaptureResult> {
  const started = performance.now();
  const format = formatOfPath(options.out);
  const tools = await loadFixtureTools();
  const client = new HttpClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, endUserId: options.endUserId, ca: options.ca, timeoutMs: options.timeoutMs ?? 120_000, retries: 2 });
  try {
    let state: CaptureState;
    if (options.resume) {
      const kept = readState(options.out, options.baseUrl, options.endUserId);
      if (typeof kept === 'string') throw new CaptureUsageError(kept);
      state = kept;
    } else {
      if (fs.existsSync(statePathOf(options.out))) throw new CaptureUsageError(`a stopped capture into ${options.out} is kept in ${statePathOf(options.out)}: go on with --resume, or remove that file`);
      state = newState(options.baseUrl, options.endUserId);
    }
    if (options.only) {
      const known = new Set(tools.collections.flatMap((c) => [c.name, c.model.row.resource ?? c.name]));
      const unknown = options.only.filter((name) => !known.has(name));
      if (unknown.length > 0) throw new CaptureUsageError(`--only names no collection the spec serves: ${unknown.join(', ')} (collections are named as in a fixture, customers or salesReceipts, or by resource, sales-receipts)`);
    }
    await preflight(client);
    const notes = [...NOT_READABLE];
    await readSingletons(client, tools.operations, state, notes);
    const readables = readableCollections(tools.collections, tools.operations, options.only);
    const stopBecause = (): string | undefined => {
      if (options.signal?.aborted) return 'stopped';
      if (options.budgetMs !== undefined && performance.now() - started > options.budgetMs) return 'the budget is spent';
      return undefined;
    };
    let msPerRequest = 0;
    // Kept at most every half minute while reading (each write is the whole state so far) and always when stopped.
    let keptAt = performance.now();
    const keep = (): void => {
      if (performance.now() - keptAt < STATE_EVERY_MS) return;
      writeState(options.out, state);
      keptAt = performance.now();
    };
    for (const [i, readable] of readables.entries()) {
      const collectionsDone = i;
      const control = {
        stopBecause,
        onTypeDone: keep,
        onPage: (p: ReadProgress) => {
          msPerRequest = p.msPerRequest;
          const pagesLeft = Math.ceil(((p.total ?? p.read) - p.read) / (options.pageSize ?? 150)) + (readables.length - i - 1);
          options.onProgress?.({ ...p, collectionsDone, collections: readables.length, etaMs: pagesLeft * msPerRequest });
        },
      };
      const stopped = await readCollection(client, readable, state, control, notes, options.pageSize ?? 150).catch((error: unknown) => {
        // What was read stays for --resume, whatever stopped the reading.
        writeState(options.out, state);
        throw error;
      });
      if (stopped) {
        writeState(options.out, state);
        return { complete: false, stoppedBecause: stopped, statePath: statePathOf(options.out), objects: countOf(state), requests: state.requests, seconds: (performance.now() - started) / 1000, notes };
      }
    }
    if (!options.only || options.only.includes('budgets')) await readBudgets(client, state, notes);
    const readSeconds = (performance.now() - started) / 1000;
    const fixture = fixtureOf(tools, state, notes, options.anonymize?.salt);
    fs.mkdirSync(path.dirname(path.resolve(options.out)), { recursive: true });
    fs.writeFileSync(`${options.out}.tmp`, serializeFixture(fixture, format));
    fs.renameSync(`${options.out}.tmp`, options.out);
    removeState(options.out);
    const capture = fixture['capture'] as { notes: string[] };
    const written = Object.fromEntries(Object.entries(fixture).flatMap(([name, list]) => (Array.isArray(list) ? [[name, list.length]] : [])));
    return { complete: true, objects: countOf(state), requests: state.requests, seconds: (performance.now() - started) / 1000, readSeconds, notes: capture.notes, written };
  } finally {
    client.close();
  }
}
