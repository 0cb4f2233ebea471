import type { JsonValue } from '../values/json.ts';
import { PAGING_PARAMETERS } from '../storage/queryFilters.ts';

export type QueryParams = Readonly<Record<string, JsonValue>>;

export interface QueryPage {
  /** Objects of the page as sent, in parts to write in order: their UTF-8 JSON with commas between (the inside of the `data` array). */
  data: Buffer[];
  /** How many objects `data` holds. */
  count: number;
  /** Same value on every page of one walk; null when the walk is over. */
  cursor: string | null;
  remaining: number;
}

/** The parameters that choose objects, in a canonical form a resent cursor is compared with. */
export function filterKeyOf(params: QueryParams): string {
  const keys = Object.keys(params).filter((k) => !PAGING_PARAMETERS.has(k)).sort();
  return JSON.stringify(keys.map((k) => [k, params[k]]));
}

const COMMA = Buffer.from(',');

/**
 * Stored objects with commas between them, as parts to write: the inside of a list's `data` array
 * without copying 300 KB per page (a copy per page made the garbage collector stop the server
 * several times a second).
 */
export function objectParts(items: readonly Buffer[]): Buffer[] {
  const parts: Buffer[] = [];
  items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(item);
  });
  return parts;
}

/** Stored objects joined by commas: the inside of a list's `data` array, copied once. */
export function joinObjects(items: readonly Buffer[]): Buffer {
  return Buffer.concat(objectParts(items));
}
