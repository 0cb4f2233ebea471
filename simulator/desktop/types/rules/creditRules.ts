import type { Link, LinkInput } from '../../books/Ledger.ts';
import { refId } from '../../books/postingProfiles.ts';
import { DESKTOP_STATUS, DesktopError, type DesktopStatus } from '../../DesktopError.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../../json.ts';
import { fromCents, sumCents, toCents } from '../../money.ts';
import type { RulesContext, TypeRules } from '../TypeRules.ts';
import { computeTotals, saleRules } from './salesDocuments.ts';

/** Part of a credit memo applied to an invoice. */
export interface CreditUse {
  memo: JsonObject;
  cents: number;
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
    ctx.ledger.linksFrom(memoId).map((link) => link.cents),
    'The credit used',
  );
}

/** What an owner (a payment or an invoice) applied of each credit memo before this write. */
export function creditsBefore(ctx: RulesContext, ownerId: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (ownerId === undefined) return out;
  for (const link of ctx.ledger.ownedBy(ownerId)) if (link.fromType === 'ldg_credit_memo') out.set(link.from, (out.get(link.from) ?? 0) + link.cents);
  return out;
}

/**
 * The credits a request applies to `invoice`, checked the desktop's way: each a credit memo of the
 * invoice's customer, each amount above zero and at most what is left of it. `spent` counts what
 * this request has already taken from each memo (a payment may apply one memo to several
 * invoices); `before` what the owner had applied of it, which this write gives back first.
 */
export function sentCredits(ctx: RulesContext, invoice: JsonObject, sent: JsonValue, before: ReadonlyMap<string, number>, spent: Map<string, number>): CreditUse[] {
  return (Array.isArray(sent) ? sent : []).filter(isJsonObject).map((entry, index) => {
    const id = String(entry['creditTransactionId']);
    const memo = ctx.find('ldg_credit_memo', id);
    if (!memo || refId(memo['customer']) !== refId(invoice['customer'])) {
      throw new CreditError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Credit "${id}" specified in the request cannot be found among the credits of the invoice's customer.`, index);
    }
    const cents = toCents(typeof entry['appliedAmount'] === 'string' ? entry['appliedAmount'] : null);
    if (cents <= 0) throw new CreditError(DESKTOP_STATUS.SAVE_FAILED, `The credit applied from credit memo ${String(memo['refNumber'])} must be more than 0.00.`, index);
    const left = toCents(String(memo['creditRemaining'] ?? '0')) + (before.get(id) ?? 0) - (spent.get(id) ?? 0);
    if (cents > left) throw new CreditError(DESKTOP_STATUS.SAVE_FAILED, `Cannot apply ${fromCents(cents)} of credit memo ${String(memo['refNumber'])}: ${fromCents(left)} is left of it.`, index);
    spent.set(id, (spent.get(id) ?? 0) + cents);
    return { memo, cents };
  });
}

/** Credits as links: the memo applies itself to the invoice. */
export function creditLinks(invoiceId: string, credits: readonly CreditUse[]): LinkInput[] {
  return credits.map((credit) => ({ fromType: 'ldg_credit_memo', from: String(credit.memo['id']), to: invoiceId, cents: credit.cents, discountCents: 0 }));
}

/** How one transaction shows another it is linked with, in `linkedTransactions`. */
export function linkedEntry(ctx: RulesContext, type: string, id: string, cents: number): JsonObject {
  const other = ctx.find(type, id);
  return {
    id,
    objectType: 'ldg_linked_transaction',
    transactionType: type.replace(/^ldg_/, ''),
    transactionDate: other?.['transactionDate'] ?? null,
    refNumber: other?.['refNumber'] ?? null,
    linkType: 'amount',
    amount: fromCents(cents),
  };
}

/** After what was used of a credit memo changed: its credit remaining, and the invoices it lists. */
export function refreshCredit(ctx: RulesContext, memoId: string): void {
  const stored = ctx.find('ldg_credit_memo', memoId);
  if (!stored) return;
  const links = ctx.ledger.linksFrom(memoId);
  const doc = { ...stored };
  computeTotals(ctx, doc, -creditUsedOf(ctx, memoId), 'credit');
  ctx.rewriteAmounts('ldg_credit_memo', doc, links.length > 0 ? links.map((link) => linkedEntry(ctx, 'ldg_invoice', link.to, -link.cents)) : null);
}

/** The credit memos links touched, before and after a write: each is brought up to date. */
export function refreshCredits(ctx: RulesContext, ...links: readonly (Link | LinkInput)[][]): void {
  const memos = new Set(links.flat().filter((link) => link.fromType === 'ldg_credit_memo').map((link) => link.from));
  for (const memo of memos) refreshCredit(ctx, memo);
}

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
