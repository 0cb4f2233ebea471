import type { CompanyFile } from '../../simulator/desktop/CompanyFile.ts';
import { parseDoc } from '../../simulator/desktop/storage/CompanyFileStore.ts';
import { isJsonObject, type JsonObject } from '../../simulator/desktop/json.ts';
import { toCents } from '../../simulator/desktop/money.ts';
import { deleteTransaction, voidTransaction } from '../../simulator/desktop/books/removeTransaction.ts';

/** The tools the randomized books sequences' writes (`bookWrites.ts`) are made of: reading the file, drawing at random, removing one. */

export function all(file: CompanyFile, type: string): JsonObject[] {
  return (file.store.statement('SELECT doc FROM objects WHERE type = ? ORDER BY seq').pluck().all(type) as Buffer[]).map((d) => parseDoc<JsonObject>(d));
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
