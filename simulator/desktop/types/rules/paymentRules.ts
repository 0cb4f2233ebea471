import type { LinkInput } from '../../books/Ledger.ts';
import { refId } from '../../books/postingProfiles.ts';
import { specialAccount } from '../../books/specialAccounts.ts';
import { DESKTOP_STATUS, DesktopError, type DesktopStatus } from '../../DesktopError.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../../json.ts';
import { fromCents, sumCents, toCents } from '../../money.ts';
import type { RulesContext, TypeRules } from '../TypeRules.ts';
import { CreditError, creditsBefore, linkedEntry, refreshCredits, sentCredits, type CreditUse } from './creditRules.ts';
import { assertDepositKept } from './depositRules.ts';
import { refreshApplied } from './invoiceRules.ts';

/** A refusal about one entry of `applyToTransactions`: fixtures report it at that entry. */
export class ApplicationError extends DesktopError {
  constructor(
    status: DesktopStatus,
    message: string,
    readonly index: number,
  ) {
    super(status, message);
  }
}

interface Application {
  invoice: JsonObject;
  cents: number;
  discountCents: number;
  discountAccount: JsonValue;
  discountClass: JsonValue;
  /** Credit memos of the invoice's customer applied to it with this payment. */
  credits: CreditUse[];
}

const text = (value: JsonValue | undefined): string | null => (typeof value === 'string' ? value : null);

/** What this payment applied to each invoice before this write, in cents (payment, discount and the credits it used). */
function appliedBefore(ctx: RulesContext, paymentId: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (paymentId === undefined) return out;
  for (const link of ctx.ledger.ownedBy(paymentId)) out.set(link.to, (out.get(link.to) ?? 0) + link.cents + link.discountCents);
  return out;
}

/** What is open on an invoice for this payment: its balance, plus what this payment already took off it. */
function openFor(invoice: JsonObject, before: ReadonlyMap<string, number>): number {
  return toCents(text(invoice['balanceRemaining'])) + (before.get(String(invoice['id'])) ?? 0);
}

/**
 * Whether an invoice of `invoiceCustomer` is one this payment's customer can pay: its own, or a
 * job's below it. A bulk load replays history in which a job may since have moved to another
 * customer, so it does not ask.
 */
function canPay(ctx: RulesContext, payer: string | null, invoiceCustomer: string | null): boolean {
  if (ctx.bulk) return true;
  for (let id = invoiceCustomer, depth = 0; id !== null && depth < 8; depth++) {
    if (id === payer) return true;
    id = refId(ctx.find('ldg_customer', id)?.['parent']);
  }
  return false;
}

/** The applications a request sends, checked the desktop's way: its customer's open invoices, each at most what is open. */
function sentApplications(ctx: RulesContext, doc: JsonObject, sent: JsonValue[], before: ReadonlyMap<string, number>, paymentId: string | undefined): Application[] {
  const customer = refId(doc['customer']);
  const seen = new Set<string>();
  const creditsGivenBack = creditsBefore(ctx, paymentId);
  const creditsSpent = new Map<string, number>();
  let left = toCents(text(doc['totalAmount']));
  return sent.filter(isJsonObject).map((entry, index) => {
    const id = String(entry['transactionId']);
    const invoice = ctx.find('ldg_invoice', id);
    if (!invoice || !canPay(ctx, customer, refId(invoice['customer']))) {
      throw new ApplicationError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Transaction "${id}" specified in the request cannot be found among the open invoices of this customer.`, index);
    }
    if (seen.has(id)) throw new ApplicationError(DESKTOP_STATUS.SAVE_FAILED, `Invoice ${String(invoice['refNumber'])} is listed twice in applyToTransactions.`, index);
    seen.add(id);
    let credits: CreditUse[];
    try {
      credits = sentCredits(ctx, invoice, entry['applyCredits'] ?? [], creditsGivenBack, creditsSpent);
    } catch (error) {
      if (error instanceof CreditError) throw new ApplicationError(error.status, error.message, index);
      throw error;
    }
    const creditCents = sumCents(
      credits.map((c) => c.cents),
      'The credits applied',
    );
    const open = openFor(invoice, before);
    const discountCents = toCents(text(entry['discountAmount']));
    const cents = typeof entry['paymentAmount'] === 'string' ? toCents(entry['paymentAmount']) : Math.max(0, Math.min(open - discountCents - creditCents, left));
    if (cents < 0 || discountCents < 0 || cents + discountCents + creditCents === 0) {
      throw new ApplicationError(DESKTOP_STATUS.SAVE_FAILED, `The amount applied to invoice ${String(invoice['refNumber'])} must be more than 0.00.`, index);
    }
    if (cents + discountCents + creditCents > open) {
      throw new ApplicationError(DESKTOP_STATUS.SAVE_FAILED, `Cannot apply ${fromCents(cents + discountCents + creditCents)} to invoice ${String(invoice['refNumber'])}: ${fromCents(open)} is open on it.`, index);
    }
    if (discountCents > 0 && typeof entry['discountAccountId'] !== 'string') {
      throw new ApplicationError(DESKTOP_STATUS.SAVE_FAILED, `A discount on invoice ${String(invoice['refNumber'])} needs discountAccountId.`, index);
    }
    left -= cents;
    return {
      invoice,
      cents,
      discountCents,
      discountAccount: typeof entry['discountAccountId'] === 'string' ? ctx.resolve('ldg_receive_payment', 'appliedToTransactions.discountAccount', entry['discountAccountId']) : null,
      discountClass: typeof entry['discountClassId'] === 'string' ? ctx.resolve('ldg_receive_payment', 'appliedToTransactions.discountClass', entry['discountClassId']) : null,
      credits,
    };
  });
}

/** `isAutoApply`: the customer's own open invoices, oldest due first, until the payment is used up. */
function autoApplications(ctx: RulesContext, doc: JsonObject): Application[] {
  const customer = refId(doc['customer']);
  if (customer === null) return [];
  const open = ctx
    .referencing('ldg_invoice', 'customer', customer)
    .filter((invoice) => toCents(text(invoice['balanceRemaining'])) > 0)
    .sort((a, b) => String(a['dueDate'] ?? a['transactionDate']).localeCompare(String(b['dueDate'] ?? b['transactionDate'])));
  let left = toCents(text(doc['totalAmount']));
  const out: Application[] = [];
  for (const invoice of open) {
    if (left <= 0) break;
    const cents = Math.min(left, toCents(text(invoice['balanceRemaining'])));
    out.push({ invoice, cents, discountCents: 0, discountAccount: null, discountClass: null, credits: [] });
    left -= cents;
  }
  return out;
}

/** The applications this payment keeps when a modify leaves them out: as stored, with today's invoices and credit memos. */
function keptApplications(ctx: RulesContext, paymentId: string): Application[] {
  const links = ctx.ledger.ownedBy(paymentId);
  return links
    .filter((link) => link.from === paymentId)
    .flatMap((link) => {
      const invoice = ctx.find('ldg_invoice', link.to);
      const credits = links
        .filter((c) => c.fromType === 'ldg_credit_memo' && c.to === link.to)
        .flatMap((c) => {
          const memo = ctx.find('ldg_credit_memo', c.from);
          return memo ? [{ memo, cents: c.cents }] : [];
        });
      return invoice ? [{ invoice, cents: link.cents, discountCents: link.discountCents, discountAccount: null, discountClass: null, credits }] : [];
    });
}

function entryOf(ctx: RulesContext, application: Application, previous: JsonObject | undefined, before: ReadonlyMap<string, number>): JsonObject {
  const { invoice } = application;
  const id = String(invoice['id']);
  const kept = (Array.isArray(previous?.['appliedToTransactions']) ? previous['appliedToTransactions'] : []).filter(isJsonObject).find((a) => a['transactionId'] === id);
  return {
    transactionId: id,
    transactionType: 'invoice',
    transactionDate: invoice['transactionDate'] ?? null,
    refNumber: invoice['refNumber'] ?? null,
    balanceRemaining: fromCents(openFor(invoice, before) - application.cents - application.discountCents - sumCents(application.credits.map((c) => c.cents), 'The credits applied')),
    amount: fromCents(application.cents),
    discountAmount: application.discountCents === 0 && !kept?.['discountAmount'] ? null : fromCents(application.discountCents),
    discountAccount: application.discountAccount ?? kept?.['discountAccount'] ?? null,
    discountClass: application.discountClass ?? kept?.['discountClass'] ?? null,
    linkedTransactions: application.credits.map((c) => ({ ...linkedEntry(ctx, 'ldg_credit_memo', String(c.memo['id']), -c.cents) })),
  };
}

/** The applications as the links table keeps them: the payment's own, and the credit memos it applied. */
function linksOf(doc: JsonObject): LinkInput[] {
  const id = String(doc['id']);
  return (Array.isArray(doc['appliedToTransactions']) ? doc['appliedToTransactions'] : []).filter(isJsonObject).flatMap((a) => {
    const to = String(a['transactionId']);
    const credits = (Array.isArray(a['linkedTransactions']) ? a['linkedTransactions'] : []).filter(isJsonObject);
    return [
      { fromType: String(doc['objectType']), from: id, to, cents: toCents(text(a['amount'])), discountCents: toCents(text(a['discountAmount'])) },
      ...credits.map((c) => ({ fromType: 'ldg_credit_memo', from: String(c['id']), to, cents: -toCents(text(c['amount'])), discountCents: 0 })),
    ];
  });
}

/** Replaces what a payment applies, and brings every invoice and credit memo it touched before or touches now up to date. */
function relink(ctx: RulesContext, doc: JsonObject, links: LinkInput[], isNew: boolean): void {
  const before = ctx.ledger.setLinksOwnedBy(String(doc['id']), links, isNew);
  for (const id of new Set([...before, ...links].map((l) => l.to))) refreshApplied(ctx, id);
  refreshCredits(ctx, before, links);
}

/**
 * A payment received: applied to the customer's invoices (sent, automatic, or kept on a modify),
 * each at most what is open on it, and never more than the payment. What is left is the
 * customer's credit (`unusedPayment`). The links it makes lower the invoices' balances.
 */
export const paymentRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    if (!previous) {
      if (doc['receivablesAccount'] === null) doc['receivablesAccount'] = ctx.resolve('ldg_receive_payment', 'receivablesAccount', specialAccount(ctx, 'accounts_receivable'));
      if (doc['depositToAccount'] === null) doc['depositToAccount'] = ctx.resolve('ldg_receive_payment', 'depositToAccount', specialAccount(ctx, 'undeposited_funds'));
      if (doc['exchangeRate'] === null) doc['exchangeRate'] = 1;
    }
    const total = toCents(text(doc['totalAmount']));
    doc['totalAmount'] = fromCents(total);
    doc['totalAmountInHomeCurrency'] = fromCents(total);
    assertDepositKept(ctx, doc, previous);
    const id = previous ? String(doc['id']) : undefined;
    const before = appliedBefore(ctx, id);
    let applications: Application[];
    if (Array.isArray(body['applyToTransactions'])) applications = sentApplications(ctx, doc, body['applyToTransactions'], before, id);
    else if (!previous && body['isAutoApply'] === true) applications = autoApplications(ctx, doc);
    else applications = id === undefined ? [] : keptApplications(ctx, id);
    if (previous && before.size > 0 && refId(previous['customer']) !== refId(doc['customer']) && !Array.isArray(body['applyToTransactions'])) {
      throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, 'This payment is applied to invoices: send applyToTransactions for the new customer to change it.');
    }
    const applied = sumCents(
      applications.map((a) => a.cents),
      'The amount applied',
    );
    if (applied > total) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `The payment of ${fromCents(total)} cannot pay ${fromCents(applied)} of invoices.`);
    doc['appliedToTransactions'] = applications.map((a) => entryOf(ctx, a, previous, before));
    doc['unusedPayment'] = fromCents(total - applied);
    doc['unusedCredits'] = '0.00';
  },
  afterWrite(ctx, doc, previous) {
    relink(ctx, doc, linksOf(doc), previous === undefined);
  },
  beforeRemove(ctx, doc) {
    relink(ctx, doc, [], false);
  },
};
