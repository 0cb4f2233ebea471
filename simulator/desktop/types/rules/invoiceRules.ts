import type { Link } from '../../books/Ledger.ts';
import { refId } from '../../books/postingProfiles.ts';
import { DESKTOP_STATUS, DesktopError } from '../../DesktopError.ts';
import { isJsonObject, type JsonObject } from '../../json.ts';
import { fromCents, sumCents } from '../../money.ts';
import type { RulesContext, TypeRules } from '../TypeRules.ts';
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
  return links.map((link) => {
    const from = ctx.find(link.fromType, link.from);
    return {
      id: link.from,
      objectType: 'ldg_linked_transaction',
      transactionType: link.fromType.replace(/^ldg_/, ''),
      transactionDate: from?.['transactionDate'] ?? null,
      refNumber: from?.['refNumber'] ?? null,
      linkType: 'amount',
      amount: fromCents(-link.cents),
    };
  });
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

/** An invoice: what the customer owes, less what payments and credits have taken off it. */
export const invoiceRules: TypeRules = saleRules({
  account: { field: 'receivablesAccount', special: 'accounts_receivable' },
  open: 'balance',
  applied: appliedCentsOf,
  compute(ctx, doc, body, previous) {
    for (const id of Array.isArray(body['linkToTransactionIds']) ? body['linkToTransactionIds'] : []) {
      throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Transaction "${String(id)}" specified in the request cannot be found.`);
    }
    for (const credit of Array.isArray(body['applyCredits']) ? body['applyCredits'].filter(isJsonObject) : []) {
      throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Credit "${String(credit['creditTransactionId'])}" specified in the request cannot be found.`);
    }
    if (previous && appliedCentsOf(ctx, String(doc['id'])) !== 0 && refId(previous['customer']) !== refId(doc['customer'])) {
      throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `Invoice ${String(doc['refNumber'])} has payments applied to it: its customer cannot change.`);
    }
  },
});
