import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { refId } from './refId.ts';

/**
 * Where each kind of item keeps the account a line of it posts to, as paths into the item, first
 * found wins: what the books post and what a list's `accountIds` filter finds through the items.
 */
export const ITEM_ACCOUNT_PATHS = {
  /** A sale of the item: an inventory item's income account, a service's or other charge's posting account... */
  income: ['incomeAccount', 'salesAndPurchaseDetails.incomeAccount', 'salesOrPurchaseDetails.postingAccount', 'account'],
  /** A purchase of it: a stocked item's asset account, else its expense account. */
  purchase: ['assetAccount', 'salesAndPurchaseDetails.expenseAccount', 'salesOrPurchaseDetails.postingAccount', 'account'],
} as const satisfies Record<string, readonly string[]>;

function at(item: JsonObject, path: string): JsonValue | undefined {
  let value: JsonValue | undefined = item;
  for (const step of path.split('.')) value = isJsonObject(value) ? value[step] : undefined;
  return value;
}

/** The id of the account a line of this item posts to on that side, or null. */
export function itemAccountOf(item: JsonObject | undefined, side: keyof typeof ITEM_ACCOUNT_PATHS): string | null {
  if (!item) return null;
  for (const path of ITEM_ACCOUNT_PATHS[side]) {
    const id = refId(at(item, path));
    if (id !== null) return id;
  }
  return null;
}
