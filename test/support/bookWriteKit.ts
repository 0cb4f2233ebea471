import type { CompanyFile } from '../../simulator/desktop/CompanyFile.ts';
import { parseDoc } from '../../simulator/desktop/storage/CompanyFileStore.ts';
import { isJsonObject, type JsonObject } from '../../simulator/desktop/values/json.ts';
import { toCents } from '../../simulator/desktop/values/money.ts';
import { deleteTransaction, voidTransaction } from '../../simulator/desktop/removeTransaction.ts';

/** The tools the randomized books sequences' writes (`bookWrites.ts`) are made of: reading the file, drawing at random, removing one. */

/** Frozen all the way down: a parsed document is shared by every later read of the same bytes. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** By company file, each stored object's bytes and what they parse to. */
const parsedBytes = new WeakMap<CompanyFile, Map<number, { bytes: Buffer; doc: JsonObject }>>();

/**
 * Every object of a type, as stored now. The randomized sequences check the books after every
 * write by reading whole types: bytes equal to the ones read last time are not parsed again (the
 * bytes are always read and compared, so nothing stale is ever returned).
 */
export function all(file: CompanyFile, type: string): JsonObject[] {
  let cache = parsedBytes.get(file);
  if (!cache) parsedBytes.set(file, (cache = new Map()));
  const rows = file.store.statement('SELECT seq, doc FROM objects WHERE type = ? ORDER BY seq').all(type) as { seq: number; doc: Buffer }[];
  return rows.map(({ seq, doc: bytes }) => {
    const known = cache.get(seq);
    if (known?.bytes.equals(bytes)) return known.doc;
    const doc = deepFreeze(parseDoc<JsonObject>(bytes));
    cache.set(seq, { bytes, doc });
    return doc;
  });
}

export const cents = (value: unknown): number => toCents(typeof value === 'string' ? value : null);
export const idOf = (ref: unknown): string | null => (isJsonObject(ref) && typeof ref['id'] === 'string' ? ref['id'] : null);

/** A small deterministic generator, so a failing sequence can be replayed by its seed. */
export function random(seed: number): (n: number) => number {
  let state = seed >>> 0;
  // mulberry32: the low bits of a plain LCG repeat too soon to choose among eight kinds of write.
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

export function pick<T>(items: readonly T[], r: (n: number) => number): T | undefined {
  return items.length === 0 ? undefined : items[r(items.length)];
}

export type Write = (file: CompanyFile, r: (n: number) => number) => string;

export const cheque = (r: (n: number) => number): string => `${10 + r(300)}.${String(r(100)).padStart(2, '0')}`;
/** What a sale can sell: services, and now and then stock (which moves quantities on hand and posts its cost). */
export const randomLines = (file: CompanyFile, r: (n: number) => number): JsonObject[] => {
  const items = [...all(file, 'ldg_service_item'), ...all(file, 'ldg_inventory_item').slice(0, 2)].filter((i) => i['isActive'] === true);
  return Array.from({ length: 1 + r(3) }, () => ({ itemId: String(pick(items, r)?.['id']), quantity: 1 + r(5), rate: cheque(r) }));
};
export const someCustomer = (file: CompanyFile, r: (n: number) => number): string => String(pick(all(file, 'ldg_customer').filter((c) => c['isActive'] === true), r)?.['id']);

/** Removes one transaction of the type, by delete or void as `how` says. */
export function removeOne(type: string, how: 'delete' | 'void'): Write {
  return (file, r) => {
    const doc = pick(all(file, type), r);
    if (!doc) return `no ${type}`;
    (how === 'delete' ? deleteTransaction : voidTransaction)(file, type, String(doc['id']));
    return `${type} ${how === 'delete' ? 'deleted' : 'voided'}`;
  };
}
