import type { TypeModel } from '../engine/TypeModel.ts';
import type { JsonObject } from '../json.ts';
import { rollUpTree } from '../types/rules/balances.ts';
import type { RulesContext } from '../types/TypeRules.ts';
import type { Touched } from './Ledger.ts';
import { POSTING_PROFILES } from './postingProfiles.ts';
import { normalSign } from './specialAccounts.ts';

/** An account's own balance beyond its opening balance: its postings, on the side it grows with. */
export function accountOwnCents(ctx: RulesContext, id: string): number[] {
  const account = ctx.find('ldg_account', id);
  return [normalSign(account?.['accountType']) * ctx.ledger.sumOfAccount(id)];
}

export function rollUpAccount(ctx: RulesContext, id: string): void {
  rollUpTree(ctx, 'ldg_account', id, (own) => accountOwnCents(ctx, own));
}

/** A customer's own balance beyond its opening balance: what its receivable postings add up to. */
export function rollUpCustomer(ctx: RulesContext, id: string): void {
  rollUpTree(ctx, 'ldg_customer', id, (own) => [ctx.ledger.sumOfEntity(own, 'receivable')]);
}

/** Brings the balances a change of postings moved up to date: accounts, and the customers on receivables. */
export function rollUpTouched(ctx: RulesContext, touched: Touched): void {
  for (const account of touched.accounts) rollUpAccount(ctx, account);
  for (const entity of touched.entities) if (ctx.find('ldg_customer', entity)) rollUpCustomer(ctx, entity);
}

/**
 * Posts a transaction as its type's profile says, replacing what it posted before, and moves the
 * balances that changed. A bulk load leaves balances to one pass at its end.
 */
export function postTransaction(ctx: RulesContext, model: TypeModel, doc: JsonObject, isNew: boolean): void {
  const profile = model.row.posting;
  if (!profile) return;
  const touched = ctx.ledger.post(String(doc['id']), String(doc['transactionDate'] ?? ''), POSTING_PROFILES[profile](ctx, doc), isNew);
  if (!ctx.bulk) rollUpTouched(ctx, touched);
}

/** Removes what a transaction posted (it is deleted) and moves the balances it had moved. */
export function unpostTransaction(ctx: RulesContext, id: string): void {
  rollUpTouched(ctx, ctx.ledger.unpost(id));
}
