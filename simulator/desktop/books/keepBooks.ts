import type { TypeModel } from '../engine/TypeModel.ts';
import type { JsonObject } from '../values/json.ts';
import { fromCents } from '../values/money.ts';
import { rollUpTree } from './balances.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import { assertPartiesNamed } from './accountRoles.ts';
import { forgetBeforeVoid } from './beforeVoid.ts';
import { hasAmounts } from './voidAmounts.ts';
import { postingsText, type Touched } from '../storage/Ledger.ts';
import { POSTING_PROFILES } from './postingProfiles.ts';
import { forgetFacts, keepFacts } from './keptFacts.ts';
import { recostStock } from './recost.ts';
import { normalSign } from './specialAccounts.ts';
import { rollUpStock } from './stock.ts';

/** An account's own balance: its postings (its opening balance among them), on the side it grows with. */
export function accountOwnCents(ctx: RulesContext, id: string): number[] {
  const account = ctx.find('ldg_account', id);
  return [normalSign(account?.['accountType']) * ctx.ledger.sumOfAccount(id)];
}

export function rollUpAccount(ctx: RulesContext, id: string): void {
  rollUpTree(ctx, 'ldg_account', id, (own) => accountOwnCents(ctx, own));
}

/** A customer's own balance: what its receivable postings add up to, its opening balance among them. */
export function rollUpCustomer(ctx: RulesContext, id: string): void {
  rollUpTree(ctx, 'ldg_customer', id, (own) => [ctx.ledger.sumOfEntity(own, 'receivable')]);
}

/** What the company owes a vendor: its payable postings, credits positive. */
export function vendorOwnCents(ctx: RulesContext, id: string): number {
  return -ctx.ledger.sumOfEntity(id, 'payable');
}

/** A vendor's balance: its payable postings, its opening balance among them (vendors have no jobs to add up). */
export function rollUpVendor(ctx: RulesContext, id: string): void {
  const vendor = ctx.find('ldg_vendor', id);
  if (!vendor) return;
  const balance = fromCents(vendorOwnCents(ctx, id));
  if (vendor['balance'] !== balance) ctx.rewriteAmounts('ldg_vendor', { ...vendor, balance });
}

/** Brings the balances a change of postings moved up to date: accounts, customers on receivables, vendors on payables, stock. */
export function rollUpTouched(ctx: RulesContext, touched: Touched): void {
  for (const account of touched.accounts) rollUpAccount(ctx, account);
  for (const item of touched.items) rollUpStock(ctx, item);
  for (const entity of touched.entities) {
    if (ctx.find('ldg_customer', entity)) rollUpCustomer(ctx, entity);
    else if (ctx.find('ldg_vendor', entity)) rollUpVendor(ctx, entity);
  }
}

/**
 * Posts a transaction as its type's profile says, replacing what it posted before, and moves the
 * balances that changed. A bulk load leaves balances to one pass at its end.
 */
export function postTransaction(ctx: RulesContext, model: TypeModel, doc: JsonObject, isNew: boolean): void {
  const profile = model.row.posting;
  if (!profile) return;
  const id = String(doc['id']);
  let postings = POSTING_PROFILES[profile](ctx, doc, model.shape);
  // A voided transaction keeps its lines' quantities at zero amounts: it posts nothing (stock
  // included) until an update gives it amounts again, which makes it a live transaction again.
  if (!isNew && isVoided(ctx, id)) {
    // Its amounts decide, not its postings: a sale's cost of stock is worked out from quantities, which a void keeps.
    if (!hasAmounts(doc) || postings.every((p) => p.cents === 0)) postings = [];
    else {
      ctx.setMeta(`${VOIDED_META}${id}`, '');
      forgetBeforeVoid(ctx, id);
    }
  }
  assertPartiesNamed(ctx.find, model.objectType, postings);
  const postedOn = String(doc['transactionDate'] ?? '');
  const movedBefore = isNew || ctx.bulk ? undefined : ctx.ledger.stock.postedOn(id);
  // Posted again as it was, on the same day (its memo or number changed): every cost from that day
  // on stays what the last walk made it, and a walk from an invoice of two years ago took seconds.
  const reposted = movedBefore === postedOn && ctx.ledger.postedText(id) === postingsText(postings);
  const touched = ctx.ledger.post(id, postedOn, postings, isNew);
  // A stock posting is written when it moves value or quantity (`Ledger.post`).
  keepFacts(ctx.ledger, model, doc, postedOn, postings.some((p) => p.stock !== undefined && (p.cents !== 0 || p.stock.quantity !== 0)), isNew);
  if (ctx.bulk) return;
  if (!reposted) recostAfter(ctx, touched, [postedOn, movedBefore]);
  rollUpTouched(ctx, touched);
}

/** After a write that moved stock: every stock move from the earliest date it touched is costed again (a bulk load costs once at its end). */
function recostAfter(ctx: RulesContext, touched: Touched, dates: (string | undefined)[]): void {
  if (touched.items.size === 0) return;
  const from = dates.filter((d) => d !== undefined).sort()[0] ?? '';
  const recosted = recostStock(ctx, from, touched.items);
  for (const key of ['accounts', 'entities', 'items'] as const) for (const id of recosted[key]) touched[key].add(id);
}

const VOIDED_META = 'voided:';

/** Marks a transaction voided, before its zeroed copy is stored (`removeTransaction.ts`). */
export function markVoided(ctx: RulesContext, id: string): void {
  ctx.setMeta(`${VOIDED_META}${id}`, '1');
}

export function isVoided(ctx: Pick<RulesContext, 'getMeta'>, id: string): boolean {
  return ctx.getMeta(`${VOIDED_META}${id}`) === '1';
}

/** Removes what a transaction posted (it is deleted) and moves the balances it had moved. */
export function unpostTransaction(ctx: RulesContext, id: string): void {
  const movedOn = ctx.ledger.stock.postedOn(id);
  const touched = ctx.ledger.unpost(id);
  forgetFacts(ctx.ledger, id);
  recostAfter(ctx, touched, [movedOn]);
  rollUpTouched(ctx, touched);
}
