import type { Link } from '../storage/Ledger.ts';
import { refId } from '../books/refId.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { isJsonObject, type JsonObject } from '../values/json.ts';
import { sumCents } from '../values/money.ts';
import type { RulesContext, TypeRules } from '../table/TypeRules.ts';
import { showBalanceOnPayments } from './applications.ts';
import { CREDIT_MEMOS, creditLinks, creditsBefore, linkedEntry, refreshCredits, sentCredits, type CreditUse } from './creditRules.ts';
import { ESTIMATES_AND_ORDERS } from './saleTypes.ts';
import { lineLinksAfter, linkedLinesOf, refreshSources, sourceEntries, sourceLinksOf, type LinkedLines } from './sourceLinks.ts';
import { computeTotals, saleRules } from './salesDocuments.ts';
import { WriteNote } from './writeNotes.ts';

/** What payments (and their discounts) have taken off a transaction: a negative amount, in cents. */
export function appliedCentsOf(ctx: RulesContext, id: string): number {
  return appliedCents(ctx.ledger.links.to(id));
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
  const links = ctx.ledger.links.to(invoiceId);
  // Only top-level amounts change: a shallow copy leaves the stored (maybe cached) object as it was.
  const doc = { ...stored };
  computeTotals(ctx, doc, appliedCents(links), 'balance');
  // The estimates and sales orders it was made from first, then what was applied to it.
  const sources = ctx.ledger.links.hasFrom('ldg_invoice') ? sourceEntries(ctx, ESTIMATES_AND_ORDERS, ctx.ledger.links.ownedBy(invoiceId)) : [];
  const linked = [...sources, ...linkedTransactionsOf(ctx, links)];
  ctx.rewriteAmounts('ldg_invoice', doc, linked.length > 0 ? linked : null);
  showBalanceOnPayments(ctx, invoiceId, links, doc['balanceRemaining'] ?? null);
}

/** What an invoice's own request changes of its links, from `compute` to `afterWrite` of the same write. */
interface OwnLinks {
  /** The credits it applies to itself, when the request sent `applyCredits`. */
  credits?: CreditUse[];
  /** The lines asked for and where they came from, when the request touched lines. */
  lines?: LinkedLines;
}
const ownLinksOf = new WriteNote<OwnLinks>();

function own(ctx: RulesContext, doc: JsonObject): OwnLinks {
  let found = ownLinksOf.get(ctx, doc);
  if (!found) {
    found = {};
    ownLinksOf.set(ctx, doc, found);
  }
  return found;
}

/** What this write applies to the invoice: what others applied (payments and the credits they used), and its own credits, sent or kept. */
function appliedWith(ctx: RulesContext, doc: JsonObject, body: JsonObject, previous: JsonObject | undefined): number {
  const id = String(doc['id']);
  const others = previous ? ctx.ledger.links.to(id).filter((link) => link.owner !== id) : [];
  const kept = previous ? ctx.ledger.links.ownedBy(id).filter((link) => link.fromType === 'ldg_credit_memo') : [];
  let credits = sumCents(kept.map((link) => link.cents), 'The credits applied');
  if (Array.isArray(body['applyCredits'])) {
    const sent = sentCredits(ctx, CREDIT_MEMOS, 'customer', doc, body['applyCredits'], creditsBefore(ctx, CREDIT_MEMOS, previous ? id : undefined), new Map());
    own(ctx, doc).credits = sent;
    credits = sumCents(sent.map((c) => c.cents), 'The credits applied');
  }
  return appliedCents(others) - credits;
}

/**
 * Replaces what the invoice links itself to (its credits, the estimates and sales orders its lines
 * came from) when the request changed either, and brings each of them and the invoice up to date.
 */
function relinkOwn(ctx: RulesContext, doc: JsonObject, previous: JsonObject | undefined): void {
  const changes = ownLinksOf.get(ctx, doc);
  const id = String(doc['id']);
  const lineLinks = lineLinksAfter(ctx, ESTIMATES_AND_ORDERS, doc, changes?.lines, previous);
  // A new invoice that links nothing (every invoice a bulk load writes) has nothing to relink.
  if (!changes?.credits && (!lineLinks || (!previous && lineLinks.length === 0))) return;
  const owned = previous ? ctx.ledger.links.ownedBy(id) : [];
  const credits = changes?.credits ? creditLinks(id, changes.credits) : owned.filter((l) => l.fromType === 'ldg_credit_memo');
  const sources = lineLinks ? sourceLinksOf(ESTIMATES_AND_ORDERS, doc, lineLinks) : owned.filter((l) => l.fromType === 'ldg_invoice');
  if (lineLinks) ctx.ledger.links.setLineLinks(id, lineLinks, previous === undefined);
  const links = [...credits, ...sources];
  const before = ctx.ledger.links.setOwnedBy(id, links, previous === undefined);
  refreshCredits(ctx, CREDIT_MEMOS, before, links);
  refreshSources(ctx, ESTIMATES_AND_ORDERS, before, links);
  refreshApplied(ctx, id);
}

/** An invoice: what the customer owes, less what payments and credits have taken off it. */
export const invoiceRules: TypeRules = {
  ...saleRules({
    account: { field: 'receivablesAccount', special: 'accounts_receivable' },
    open: 'balance',
    applied: appliedWith,
    linesFrom(ctx, doc, body, previous) {
      if (previous) {
        if (!Array.isArray(body['lines'])) return undefined;
        const inputs = body['lines'].filter(isJsonObject);
        own(ctx, doc).lines = { inputs, origins: [] };
        return inputs;
      }
      const lines = linkedLinesOf(ctx, ESTIMATES_AND_ORDERS, doc, body);
      if (!lines) return Array.isArray(body['lines']) ? body['lines'].filter(isJsonObject) : undefined;
      own(ctx, doc).lines = lines;
      return lines.inputs;
    },
    compute(ctx, doc, _body, previous) {
      if (previous && appliedCentsOf(ctx, String(doc['id'])) !== 0 && refId(previous['customer']) !== refId(doc['customer'])) {
        throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `Invoice ${String(doc['refNumber'])} has payments or credits applied to it: its customer cannot change.`);
      }
    },
  }),
  afterWrite(ctx, doc, previous) {
    relinkOwn(ctx, doc, previous);
  },
  beforeRemove(ctx, doc) {
    const id = String(doc['id']);
    ctx.ledger.links.setLineLinks(id, [], false);
    const before = ctx.ledger.links.setOwnedBy(id, [], false);
    refreshCredits(ctx, CREDIT_MEMOS, before);
    refreshSources(ctx, ESTIMATES_AND_ORDERS, before);
    refreshApplied(ctx, id);
  },
};
