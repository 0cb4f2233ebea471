import type { Link } from '../../books/Ledger.ts';
import { refId } from '../../books/postingProfiles.ts';
import { DESKTOP_STATUS, DesktopError } from '../../DesktopError.ts';
import { isJsonObject, type JsonObject } from '../../json.ts';
import { sumCents } from '../../money.ts';
import type { RulesContext, TypeRules } from '../TypeRules.ts';
import { creditLinks, creditsBefore, linkedEntry, refreshCredits, sentCredits, type CreditUse } from './creditRules.ts';
import { computeTotals, saleRules } from './salesDocuments.ts';

/** What payments (and their discounts) have taken off a transaction: a negative amount, in cents. */
export function appliedCentsOf(ctx: RulesContext, id: string): number {
  return appliedCents(ctx.ledger.linksTo(id));
}

function appliedCents(links: readonly Link[]): number {
  return -sumCents(links.map((link) => link.cents + link.discountCents), 'The amount applied to the transaction');
}

/** The transactions applied to an invoice, as its `linkedTransactions` show them, oldest first. */
function linkedTransactionsOf(ctx: RulesContext, links: readonly Link[]): JsonObject[] {
  return links.map((link) => linkedEntry(ctx, link.fromType, link.from, -link.cents));
}

/**
 * After what is applied to an invoice changed: its balance, paid state and linked transactions,
 * and the balance each payment applied to it shows for it.
 */
export function refreshApplied(ctx: RulesContext, invoiceId: string): void {
  const stored = ctx.find('ldg_invoice', invoiceId);
  if (!stored) return;
  const links = ctx.ledger.linksTo(invoiceId);
  // Only top-level amounts change: a shallow copy leaves the stored (maybe cached) object as it was.
  const doc = { ...stored };
  computeTotals(ctx, doc, appliedCents(links), 'balance');
  ctx.rewriteAmounts('ldg_invoice', doc, links.length > 0 ? linkedTransactionsOf(ctx, links) : null);
  for (const link of links) {
    const payment = ctx.find(link.fromType, link.from);
    const applied = Array.isArray(payment?.['appliedToTransactions']) ? payment['appliedToTransactions'].filter(isJsonObject) : [];
    if (!payment || applied.every((a) => a['transactionId'] !== invoiceId || a['balanceRemaining'] === doc['balanceRemaining'])) continue;
    const entries = applied.map((a) => (a['transactionId'] === invoiceId ? { ...a, balanceRemaining: doc['balanceRemaining'] ?? null } : a));
    ctx.rewriteAmounts(link.fromType, { ...payment, appliedToTransactions: entries }, null);
  }
}

/** Credits an invoice's own request applies to it, from `compute` to `afterWrite` of the same write. */
const sentCreditsOf = new WeakMap<JsonObject, CreditUse[]>();

/** What this write applies to the invoice: what others applied (payments and the credits they used), and its own credits, sent or kept. */
function appliedWith(ctx: RulesContext, doc: JsonObject, body: JsonObject, previous: JsonObject | undefined): number {
  const id = String(doc['id']);
  const others = previous ? ctx.ledger.linksTo(id).filter((link) => link.owner !== id) : [];
  let own = previous ? sumCents(ctx.ledger.ownedBy(id).map((link) => link.cents), 'The credits applied') : 0;
  if (Array.isArray(body['applyCredits'])) {
    const credits = sentCredits(ctx, doc, body['applyCredits'], creditsBefore(ctx, previous ? id : undefined), new Map());
    sentCreditsOf.set(doc, credits);
    own = sumCents(credits.map((c) => c.cents), 'The credits applied');
  }
  return appliedCents(others) - own;
}

/** Replaces the credits the invoice applies to itself, and brings the memos and the invoice up to date. */
function relinkCredits(ctx: RulesContext, invoiceId: string, credits: readonly CreditUse[], isNew: boolean): void {
  const links = creditLinks(invoiceId, credits);
  const before = ctx.ledger.setLinksOwnedBy(invoiceId, links, isNew);
  refreshCredits(ctx, before, links);
  refreshApplied(ctx, invoiceId);
}

/** An invoice: what the customer owes, less what payments and credits have taken off it. */
export const invoiceRules: TypeRules = {
  ...saleRules({
    account: { field: 'receivablesAccount', special: 'accounts_receivable' },
    open: 'balance',
    applied: appliedWith,
    compute(ctx, doc, body, previous) {
      for (const id of Array.isArray(body['linkToTransactionIds']) ? body['linkToTransactionIds'] : []) {
        throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Transaction "${String(id)}" specified in the request cannot be found.`);
      }
      if (previous && appliedCentsOf(ctx, String(doc['id'])) !== 0 && refId(previous['customer']) !== refId(doc['customer'])) {
        throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `Invoice ${String(doc['refNumber'])} has payments or credits applied to it: its customer cannot change.`);
      }
    },
  }),
  afterWrite(ctx, doc, previous) {
    const credits = sentCreditsOf.get(doc);
    if (credits) relinkCredits(ctx, String(doc['id']), credits, previous === undefined);
  },
  beforeRemove(ctx, doc) {
    const id = String(doc['id']);
    refreshCredits(ctx, ctx.ledger.setLinksOwnedBy(id, [], false));
    refreshApplied(ctx, id);
  },
};
