import type { Link, LinkInput } from '../storage/Ledger.ts';
import { refId } from '../books/refId.ts';
import { transactionTypeOf } from '../books/transactionTypes.ts';
import { DESKTOP_STATUS, DesktopError, type DesktopStatus } from '../values/DesktopError.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { fromCents, sumCents, toCents } from '../values/money.ts';
import type { RulesContext, TypeRules } from '../table/TypeRules.ts';
import { computeTotals, saleRules } from './salesDocuments.ts';

/** Part of a credit (a credit memo, a vendor credit) applied to what its party owes. */
export interface CreditUse {
  credit: JsonObject;
  cents: number;
}

/** A kind of credit that payments and documents apply: credit memos, vendor credits. */
export interface CreditSide {
  objectType: string;
  /** The field that holds what is left of it to apply. */
  open: string;
  noun: string;
  /** Brings one of them up to date after what is used of it changed. */
  refresh(ctx: RulesContext, id: string): void;
}

/** A refusal about one entry of `applyCredits`: `index` says which. */
export class CreditError extends DesktopError {
  constructor(
    status: DesktopStatus,
    message: string,
    readonly index: number,
  ) {
    super(status, message);
  }
}

/** What has been used of a credit memo, wherever it was applied, in cents. */
export function creditUsedOf(ctx: RulesContext, memoId: string): number {
  return sumCents(
    ctx.ledger.links.from(memoId).map((link) => link.cents),
    'The credit used',
  );
}

/** What an owner (a payment or an invoice) applied of each credit of a kind before this write. */
export function creditsBefore(ctx: RulesContext, side: CreditSide, ownerId: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (ownerId === undefined) return out;
  for (const link of ctx.ledger.links.ownedBy(ownerId)) if (link.fromType === side.objectType) out.set(link.from, (out.get(link.from) ?? 0) + link.cents);
  return out;
}

/**
 * The credits a request applies to `target` (an invoice, a bill), checked the desktop's way: each
 * a credit of the target's `party`, each amount above zero and at most what is left of it.
 * `spent` counts what this request has already taken from each credit (a payment may apply one
 * credit to several documents); `before` what the owner had applied of it, which this write gives
 * back first.
 */
export function sentCredits(ctx: RulesContext, side: CreditSide, party: string, target: JsonObject, sent: JsonValue, before: ReadonlyMap<string, number>, spent: Map<string, number>): CreditUse[] {
  return (Array.isArray(sent) ? sent : []).filter(isJsonObject).map((entry, index) => {
    const id = String(entry['creditTransactionId']);
    const credit = ctx.find(side.objectType, id);
    if (!credit || refId(credit[party]) !== refId(target[party])) {
      throw new CreditError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Credit "${id}" specified in the request cannot be found among the credits of the ${party}.`, index);
    }
    const name = `${side.noun} ${String(credit['refNumber'] ?? id)}`;
    const cents = toCents(typeof entry['appliedAmount'] === 'string' ? entry['appliedAmount'] : null);
    if (cents <= 0) throw new CreditError(DESKTOP_STATUS.SAVE_FAILED, `The credit applied from ${name} must be more than 0.00.`, index);
    const left = toCents(String(credit[side.open] ?? '0')) + (before.get(id) ?? 0) - (spent.get(id) ?? 0);
    if (cents > left && ctx.asMade !== true) throw new CreditError(DESKTOP_STATUS.SAVE_FAILED, `Cannot apply ${fromCents(cents)} of ${name}: ${fromCents(left)} is left of it.`, index);
    spent.set(id, (spent.get(id) ?? 0) + cents);
    return { credit, cents };
  });
}

/** Credits as links: each credit applies itself to the document. */
export function creditLinks(targetId: string, credits: readonly CreditUse[]): LinkInput[] {
  return credits.map((use) => ({ fromType: String(use.credit['objectType']), from: String(use.credit['id']), to: targetId, cents: use.cents, discountCents: 0 }));
}

/** How one transaction shows another it is linked with, in `linkedTransactions`. */
export function linkedEntry(ctx: RulesContext, type: string, id: string, cents: number): JsonObject {
  const other = ctx.find(type, id);
  return {
    id,
    objectType: 'ldg_linked_transaction',
    transactionType: transactionTypeOf(type),
    transactionDate: other?.['transactionDate'] ?? null,
    refNumber: other?.['refNumber'] ?? null,
    linkType: 'amount',
    amount: fromCents(cents),
  };
}

/** What a credit memo's credit goes to. */
const CREDIT_USERS = ['ldg_invoice', 'ldg_credit_card_refund', 'ldg_check'];

/** After what was used of a credit memo changed: its credit remaining, and the invoices and refunds it lists. */
export function refreshCredit(ctx: RulesContext, memoId: string): void {
  const stored = ctx.find('ldg_credit_memo', memoId);
  if (!stored) return;
  const links = ctx.ledger.links.from(memoId);
  const doc = { ...stored };
  computeTotals(ctx, doc, -creditUsedOf(ctx, memoId), 'credit');
  // Applied to invoices, or refunded (a credit card refund).
  const typeOf = (id: string): string => String(ctx.findAmong(CREDIT_USERS, id)?.['objectType'] ?? 'ldg_invoice');
  ctx.rewriteAmounts('ldg_credit_memo', doc, links.length > 0 ? links.map((link) => linkedEntry(ctx, typeOf(link.to), link.to, -link.cents)) : null);
}

/** The credits of a kind that links touched, before and after a write: each is brought up to date. */
export function refreshCredits(ctx: RulesContext, side: CreditSide, ...links: readonly (Link | LinkInput)[][]): void {
  const credits = new Set(links.flat().filter((link) => link.fromType === side.objectType).map((link) => link.from));
  for (const id of credits) side.refresh(ctx, id);
}

/** Credit memos, as payments and invoices apply them. */
export const CREDIT_MEMOS: CreditSide = { objectType: 'ldg_credit_memo', open: 'creditRemaining', noun: 'credit memo', refresh: refreshCredit };

/** A credit memo: what the customer owes goes down by its total; `creditRemaining` is what is left to apply. */
export const creditMemoRules: TypeRules = saleRules({
  account: { field: 'receivablesAccount', special: 'accounts_receivable' },
  open: 'credit',
  applied: (ctx, doc, _body, previous) => (previous ? -creditUsedOf(ctx, String(doc['id'])) : 0),
  compute(ctx, doc, _body, previous) {
    if (previous && creditUsedOf(ctx, String(doc['id'])) !== 0 && refId(previous['customer']) !== refId(doc['customer'])) {
      throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `Credit memo ${String(doc['refNumber'])} is applied to invoices: its customer cannot change.`);
    }
  },
});
