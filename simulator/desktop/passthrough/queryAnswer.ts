import { randomUUID } from 'node:crypto';
import { IteratorError } from '../queries/IteratorRegistry.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { PassthroughParseError } from './PassthroughParseError.ts';
import { NO_MATCH, OK } from './passthroughStatus.ts';
import type { RetEntry, RetPages } from './RetPages.ts';

/**
 * What a query's attributes ask besides its filters: an iterator (`Start`, or `Continue` with the
 * id it answered) and `metaData`, a count of what the query finds (`retCount`) with its objects or
 * instead of them.
 */
export interface QueryAttributes {
  iterator: 'Start' | 'Continue' | undefined;
  /** Without its braces, as our iterators keep it. */
  iteratorID: string | undefined;
  metaData: 'NoMetaData' | 'MetaDataOnly' | 'MetaDataAndResponseData';
}

const META_DATA: ReadonlySet<string> = new Set(['NoMetaData', 'MetaDataOnly', 'MetaDataAndResponseData']);

/** Without `MaxReturned`, an iterator's pages hold every object left. */
export const WHOLE_LIST = 1_000_000;

export function readAttributes(name: string, request: JsonObject): QueryAttributes {
  const { iterator, iteratorID, metaData = 'NoMetaData' } = request;
  if (typeof metaData !== 'string' || !META_DATA.has(metaData)) throw new PassthroughParseError(`${name}: attribute metaData takes ${[...META_DATA].join(', ')}, not ${JSON.stringify(metaData)}`);
  if (iterator === undefined) {
    if (iteratorID !== undefined) throw new PassthroughParseError(`${name}: iteratorID is sent only with iterator="Continue"`);
    return { iterator, iteratorID: undefined, metaData: metaData as QueryAttributes['metaData'] };
  }
  if (iterator !== 'Start' && iterator !== 'Continue') throw new PassthroughParseError(`${name}: attribute iterator takes Start or Continue, not ${JSON.stringify(iterator)}`);
  if (iterator === 'Continue' && typeof iteratorID !== 'string') throw new PassthroughParseError(`${name}: iterator="Continue" needs iteratorID`);
  if (iterator === 'Start' && iteratorID !== undefined) throw new PassthroughParseError(`${name}: iteratorID is sent only with iterator="Continue"`);
  // Ours: a count alone opens no iterator, so it is not asked of one.
  if (metaData === 'MetaDataOnly') throw new PassthroughParseError(`${name}: metaData="MetaDataOnly" answers a count and no objects; it takes no iterator`);
  return { iterator, iteratorID: typeof iteratorID === 'string' ? iteratorID.replace(/^\{(.*)\}$/, '$1') : undefined, metaData: metaData as QueryAttributes['metaData'] };
}

/** Where an iterator stands after a page: what is left and its id, written in braces as the desktop writes it. */
export interface WalkState {
  remaining: number;
  id: string;
}

/**
 * A query's answer: status 0 with the objects, or 1 when there are none; `retCount` when
 * `metaData` asks it (every object the query finds; for an iterator, the page and all after it).
 */
export function queryAnswer(entries: readonly RetEntry[], attributes: QueryAttributes, walk?: WalkState): JsonObject {
  const out: JsonObject = { ...(entries.length === 0 ? NO_MATCH : OK) };
  if (attributes.metaData !== 'NoMetaData') out['retCount'] = String(entries.length + (walk?.remaining ?? 0));
  if (walk) {
    out['iteratorRemainingCount'] = String(walk.remaining);
    out['iteratorID'] = `{${walk.id}}`;
  }
  if (attributes.metaData === 'MetaDataOnly') return out;
  for (const [element, ret] of entries) out[element] = [...((out[element] as JsonValue[] | undefined) ?? []), ret];
  return out;
}

/** An iterator's end as the desktop answers it: after the last page, no match; unknown or expired, 3120. */
export function iteratorEnd(error: unknown, attributes: QueryAttributes): JsonObject {
  if (!(error instanceof IteratorError)) throw error;
  if (error.reason === 'exhausted') return queryAnswer([], attributes, { remaining: 0, id: attributes.iteratorID ?? randomUUID() });
  throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `The iterator "{${attributes.iteratorID ?? ''}}" is not open: ${error.message}`);
}

/**
 * A query answered whole (a view, a query across list types) with its iterator: the answer is
 * worked out when the walk starts, and each `Continue` takes its next slice of it.
 */
export function wholeAnswer(pages: RetPages, query: string, attributes: QueryAttributes, limit: number | undefined, entries: () => readonly RetEntry[]): JsonObject {
  if (attributes.iterator === undefined) return queryAnswer(entries().slice(0, limit), attributes);
  try {
    const page = attributes.iterator === 'Start' ? pages.start(query, entries(), limit ?? WHOLE_LIST) : pages.next(query, attributes.iteratorID ?? '', limit ?? WHOLE_LIST);
    return queryAnswer(page.entries, attributes, page);
  } catch (error) {
    return iteratorEnd(error, attributes);
  }
}
