import type { JsonObject } from '../values/json.ts';
import { openingCents, openingDate } from './balances.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import { rollUpTouched } from './keepBooks.ts';
import type { Posting } from '../storage/Ledger.ts';
import { normalSign, specialAccount } from './specialAccounts.ts';
import { openingStockOf, STOCKED } from './stock.ts';
import { refId } from './refId.ts';

/** The ledger's transaction id of an object's opening balance: postings only, no document. */
export const OPENING_TXN = 'opening:';

/**
 * An opening balance is posted, as the desktop posts it: an account's against Opening Balance
 * Equity, a customer's as owed on Accounts Receivable against Uncategorized Income, a vendor's as
 * owed on Accounts Payable against Uncategorized Expenses. The amount the request gave stays in
 * meta (`rememberOpening`): exports write it back as `openingBalance`.
 */
const OPENING_POSTINGS: Readonly<Record<string, (ctx: RulesContext, id: string, doc: JsonObject, cents: number) => Posting[]>> = {
  ldg_account: (ctx, id, doc, cents) => {
    const equity = specialAccount(ctx, 'opening_balance_equity');
    // Opening Balance Equity's own opening balance has nothing to balance against: the desktop shows it as given.
    if (equity === id) return [];
    const debit = normalSign(doc['accountType']) * cents;
    return [
      { account: id, entity: null, openLedger: null, cents: debit },
      { account: equity, entity: null, openLedger: null, cents: -debit },
    ];
  },
  ldg_customer: (ctx, id, _doc, cents) => [
    { account: specialAccount(ctx, 'accounts_receivable'), entity: id, openLedger: 'receivable', cents },
    { account: specialAccount(ctx, 'uncategorized_income'), entity: id, openLedger: null, cents: -cents },
  ],
  ldg_vendor: (ctx, id, _doc, cents) => [
    { account: specialAccount(ctx, 'accounts_payable'), entity: id, openLedger: 'payable', cents: -cents },
    { account: specialAccount(ctx, 'uncategorized_expenses'), entity: id, openLedger: null, cents },
  ],
};

/** The date an opening balance is posted on: the `openingBalanceDate` its request gave, else the day the object was made. */
function openedOn(ctx: RulesContext, id: string, doc: JsonObject): string {
  return openingDate(ctx, id) ?? String(doc['createdAt'] ?? '').slice(0, 10);
}

/**
 * Posts the object's opening balance (again, after it changed); `isNew`: the object was just made
 * and has posted nothing. A bulk load posts every opening balance at its end (`postEveryOpening`):
 * the accounts they post against may come later in it (Opening Balance Equity after Checking).
 */
export function postOpening(ctx: RulesContext, objectType: string, doc: JsonObject, isNew: boolean): void {
  if (ctx.bulk) return;
  const id = String(doc['id']);
  const cents = openingCents(ctx, id);
  if (isNew && cents === 0) return;
  const postings = cents === 0 ? [] : (OPENING_POSTINGS[objectType]?.(ctx, id, doc, cents) ?? []);
  rollUpTouched(ctx, ctx.ledger.post(`${OPENING_TXN}${id}`, openedOn(ctx, id, doc), postings, isNew));
}

/** At the end of a bulk load: every opening balance it carries, posted (balances are rolled up after). */
export function postEveryOpening(ctx: RulesContext, openings: ReadonlyMap<string, string>): void {
  for (const [id, cents] of openings) {
    if (Number(cents) === 0) continue;
    for (const [objectType, post] of Object.entries(OPENING_POSTINGS)) {
      const doc = ctx.find(objectType, id);
      if (doc) ctx.ledger.post(`${OPENING_TXN}${id}`, openedOn(ctx, id, doc), post(ctx, id, doc, Number(cents)), false);
    }
  }
}

/**
 * The value of the stock an item was made with, posted on the day it was made: its asset account
 * against Opening Balance Equity. Only the value: the quantity stays the item's opening stock
 * (`stock.ts`), which the stock moves add to, so the posting carries no stock move.
 */
function openingStockPostings(ctx: RulesContext, doc: JsonObject): Posting[] {
  const cents = openingStockOf(ctx, String(doc['id'])).cents;
  const asset = refId(doc['assetAccount']);
  if (cents === 0 || asset === null) return [];
  return [
    { account: asset, entity: null, openLedger: null, cents },
    { account: specialAccount(ctx, 'opening_balance_equity'), entity: null, openLedger: null, cents: -cents },
  ];
}

/** Posts a new stocked item's opening stock value (a bulk load posts them all at its end). */
export function postOpeningStock(ctx: RulesContext, doc: JsonObject): void {
  if (ctx.bulk) return;
  const postings = openingStockPostings(ctx, doc);
  if (postings.length > 0) rollUpTouched(ctx, ctx.ledger.post(`${OPENING_TXN}${String(doc['id'])}`, openedOn(ctx, String(doc['id']), doc), postings, true));
}

/** At the end of a bulk load: every stocked item's opening stock value, posted. */
export function postEveryOpeningStock(ctx: RulesContext): void {
  for (const type of STOCKED) {
    for (const doc of ctx.all(type)) {
      const postings = openingStockPostings(ctx, doc);
      if (postings.length > 0) ctx.ledger.post(`${OPENING_TXN}${String(doc['id'])}`, openedOn(ctx, String(doc['id']), doc), postings, false);
    }
  }
}
