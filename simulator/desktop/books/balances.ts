import { isJsonObject, type JsonObject } from '../values/json.ts';
import { fromCents, sumCents, toCents } from '../values/money.ts';
import type { RulesContext } from '../table/TypeRules.ts';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The meta key prefix under which the company file carries opening balances, by object id. */
export const OPENING_BALANCE_META = 'openingBalance:';

/** The opening balance the company file carries for an object (it is not a field of the object). */
export function openingCents(ctx: RulesContext, id: string): number {
  return Number(ctx.getMeta(`${OPENING_BALANCE_META}${id}`) ?? 0);
}

/**
 * Sets the opening balance of an object from its request (`openingBalance`), in cents. A new
 * object (`isNew`) has none yet, so a zero is not written and nothing is looked up.
 */
export function rememberOpening(ctx: RulesContext, id: string, sent: unknown, isNew: boolean, sentDate?: unknown): number {
  const cents = toCents(typeof sent === 'string' ? sent : null);
  if (cents !== 0 || (!isNew && ctx.getMeta(`${OPENING_BALANCE_META}${id}`) !== undefined)) ctx.setMeta(`${OPENING_BALANCE_META}${id}`, String(cents));
  // The day it is as of (`openingBalanceDate`), kept beside it: no field of the object holds it.
  if (typeof sentDate === 'string') ctx.setMeta(`${OPENING_DATE_META}${id}`, sentDate);
  return cents;
}

/** Where the day an opening balance is as of is kept, by object id. */
export const OPENING_DATE_META = 'openingBalanceDate:';

/** The day an object's opening balance is as of, when its request said (`openingBalanceDate`). */
export function openingDate(ctx: Pick<RulesContext, 'getMeta'>, id: string): string | undefined {
  return ctx.getMeta(`${OPENING_DATE_META}${id}`);
}

/**
 * Balances of a hierarchy (customers and their jobs, accounts and their subaccounts): `balance` is
 * the object's own (what `ownAmounts` says is open on it, its posted opening balance among it), `totalBalance` adds
 * every object below. Walks from `id` up to the top, rewriting each object's amounts (as new objects: the found ones stay as they were).
 */
export function rollUpTree(ctx: RulesContext, objectType: string, id: string, ownAmounts: (id: string) => number[]): void {
  let current = ctx.find(objectType, id);
  while (current) {
    const currentId = text(current['id']);
    const name = text(current['fullName']);
    const own = sumCents(ownAmounts(currentId), `The balance of "${name}"`);
    const children = ctx.referencing(objectType, 'parent', currentId).map((child) => toCents(text(child['totalBalance'])));
    const total = sumCents([own, ...children], `The total balance of "${name}"`);
    // A copy: what `find` returns is the store's cached object, shared with every reader.
    const updated: JsonObject = { ...current, balance: fromCents(own), totalBalance: fromCents(total) };
    ctx.rewriteAmounts(objectType, updated);
    const parent = updated['parent'];
    current = isJsonObject(parent) && typeof parent['id'] === 'string' ? ctx.find(objectType, parent['id']) : undefined;
  }
}

/** The parent id of a stored object, or null at the top. */
export function parentIdOf(doc: JsonObject): string | null {
  const parent = doc['parent'];
  return isJsonObject(parent) && typeof parent['id'] === 'string' ? parent['id'] : null;
}
