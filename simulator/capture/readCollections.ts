import { codeOf, type Exchange, type HttpClient } from '../../contract-tests/runner/httpClient.ts';
import { isJsonObject, type JsonObject } from '../desktop/values/json.ts';
import type { Collection } from '../fixtures/fixtureCollections.ts';
import type { OperationSpec } from '../spec/types.ts';
import type { CaptureState } from './CaptureState.ts';
import type { ReadProgress } from './captureProgress.ts';

export type { ReadProgress };

/** A served collection and the list operation that reads it. */
export interface Readable {
  collection: Collection;
  list: OperationSpec;
}

/** What identifies an object of a collection: its `id`, or the key a type without one has (`taxLineId`). */
export const identityOf = (collection: Collection, doc: JsonObject): string => String(doc[collection.model.row.keyField ?? 'id']);

/** The target answered something a capture cannot go on from (after the retries its advice allowed). */
export class CaptureFailed extends Error {}

export interface ReadControl {
  /** Why to stop before the next request (the budget is spent, asked to), or undefined to go on. */
  stopBecause(): string | undefined;
  onPage(progress: ReadProgress): void;
  /** After every finished type: a moment to keep the state. */
  onTypeDone(): void;
}

/**
 * Every collection the spec serves a list of, in load order (a type after what it points at). With
 * `only`, those named (by collection or resource) and every collection they point at, so the
 * fixture still loads with its references intact.
 */
export function readableCollections(collections: readonly Collection[], operations: ReadonlyMap<string, OperationSpec>, only: readonly string[] | undefined): Readable[] {
  const lists = new Map([...operations.values()].filter((op) => op.method === 'get').map((op) => [op.path, op]));
  const all: Readable[] = [];
  for (const collection of collections) {
    const resource = collection.model.row.resource;
    const list = resource ? lists.get(`/ledger-desktop/${resource}`) : undefined;
    if (list) all.push({ collection, list });
  }
  if (!only) return all;
  const byType = new Map(all.map((r) => [r.collection.model.objectType, r]));
  const wanted = new Set<string>();
  const want = (r: Readable): void => {
    if (wanted.has(r.collection.model.objectType)) return;
    wanted.add(r.collection.model.objectType);
    for (const reference of r.collection.model.references) for (const target of reference.targets) {
      const pointed = byType.get(target);
      if (pointed) want(pointed);
    }
  };
  // Read-only reference data (tax lines) is named by key, not by a reference: always read, it is small.
  for (const r of all) if (r.collection.model.row.kind === 'readOnly' || only.includes(r.collection.name) || only.includes(r.collection.model.row.resource ?? '')) want(r);
  return all.filter((r) => wanted.has(r.collection.model.objectType));
}

const CURSOR_LOST = new Set(['CURSOR_EXPIRED', 'CURSOR_INVALID', 'NO_MORE_RESULTS']);
/** Times a type's walk is started again after its cursor was lost, before the capture gives up on the target. */
const MAX_RESTARTS = 5;

/** A list's query that reads everything it can: inactive objects too, lines and links included. */
export function fullQuery(list: OperationSpec, pageSize = 150): Record<string, string | number | boolean> {
  const has = (name: string): boolean => list.parameters.some((p) => p.in === 'query' && p.name === name);
  return {
    ...(has('status') ? { status: 'all' } : {}),
    ...(has('includeLineItems') ? { includeLineItems: true } : {}),
    ...(has('includeLinkedTransactions') ? { includeLinkedTransactions: true } : {}),
    ...(list.paginated ? { limit: pageSize } : {}),
  };
}

const said = (exchange: Exchange): string => {
  const error = (exchange.json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return exchange.networkError ?? (error ? `${String(error.code)}: ${String(error.message)}` : `HTTP ${exchange.status}`);
};

/** Whether a feature the file does not use refused the list (the desktop's 3250): nothing to read there. */
const featureOff = (exchange: Exchange): boolean => exchange.status === 502 && codeOf(exchange) === '3250';

/**
 * Reads every object of one collection into `state`, one request at a time, the next page asked as
 * soon as one arrives (well within the cursor's 10 s). A walk whose cursor was lost (expired after a
 * retry's wait, or the desktop restarted) starts again and skips what it already holds, by id: no
 * duplicate, no gap. Returns why it stopped early, or undefined when the collection is read.
 */
export async function readCollection(client: HttpClient, readable: Readable, state: CaptureState, control: ReadControl, notes: string[], pageSize: number): Promise<string | undefined> {
  const { collection, list } = readable;
  const progress = (state.types[collection.name] ??= { done: false, objects: [] });
  if (progress.done) return undefined;
  const known = new Set(progress.objects.map((o) => identityOf(collection, o)));
  const query = fullQuery(list, pageSize);
  let msTotal = 0;
  for (let restart = 0; restart <= MAX_RESTARTS; restart += 1) {
    let cursor: string | undefined;
    for (;;) {
      const why = control.stopBecause();
      if (why) return why;
      const exchange = await client.send({ path: list.path, query: { ...query, ...(cursor ? { cursor } : {}) } });
      state.requests += 1;
      msTotal += exchange.ms;
      if (exchange.status === 400 && CURSOR_LOST.has(codeOf(exchange) ?? '')) break;
      if (featureOff(exchange)) {
        notes.push(`${collection.name}: not read, the desktop application said the feature is not enabled (${said(exchange)})`);
        progress.done = true;
        return undefined;
      }
      const body = exchange.json;
      if (exchange.status !== 200 || !isJsonObject(body) || !Array.isArray(body['data'])) throw new CaptureFailed(`${list.operationId}: ${said(exchange)}`);
      for (const item of body['data']) {
        if (!isJsonObject(item) || known.has(identityOf(collection, item))) continue;
        known.add(identityOf(collection, item));
        progress.objects.push(item);
      }
      const remaining = typeof body['remainingCount'] === 'number' ? body['remainingCount'] : 0;
      control.onPage({ collection: collection.name, read: progress.objects.length, total: progress.objects.length + remaining, requests: state.requests, msPerRequest: msTotal / Math.max(1, state.requests) });
      const next = body['nextCursor'];
      if (!list.paginated || typeof next !== 'string' || body['data'].length === 0) {
        progress.done = true;
        control.onTypeDone();
        return undefined;
      }
      cursor = next;
    }
  }
  throw new CaptureFailed(`${list.operationId}: the list's cursor was lost ${MAX_RESTARTS + 1} times in a row`);
}

/** The company and its preferences, as the Service shows them (one request each). */
export async function readSingletons(client: HttpClient, operations: ReadonlyMap<string, OperationSpec>, state: CaptureState, notes: string[]): Promise<void> {
  for (const name of ['company', 'preferences']) {
    if (state.singletons[name]) continue;
    const op = [...operations.values()].find((o) => o.method === 'get' && o.path === `/ledger-desktop/${name}`);
    if (!op) continue;
    const exchange = await client.send({ path: op.path });
    state.requests += 1;
    if (exchange.status === 200 && isJsonObject(exchange.json)) state.singletons[name] = exchange.json;
    else notes.push(`${name}: not read (${said(exchange)})`);
  }
}
