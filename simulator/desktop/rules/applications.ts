import type { Link, LinkInput } from '../storage/Ledger.ts';
import { refId } from '../books/refId.ts';
import { DESKTOP_STATUS, DesktopError, type DesktopStatus } from '../values/DesktopError.ts';
import { isJsonObject, stringOrNull, type JsonObject, type JsonValue } from '../values/json.ts';
import { fromCents, sumCents, toCents } from '../values/money.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import { CreditError, creditsBefore, linkedEntry, refreshCredits, sentCredits, type CreditSide, type CreditUse } from './creditRules.ts';

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

/** What payments are applied to: invoices on the customer's side, bills on the vendor's. */
export interface PaymentTarget {
  objectType: string;
  /** Its `transactionType` in the payment's `appliedToTransactions`. */
  transactionType: string;
  /** The field that holds what is left to pay on it. */
  open: string;
  noun: string;
  /** Brings one of them up to date after what is applied to it changed. */
  refresh(ctx: RulesContext, id: string): void;
}

/**
 * One side of the books for payments applied to documents: a payment received (customer,
 * invoices, credit memos), or a bill paid by check or card (vendor, bills, vendor credits).
 */
export interface PaymentSide {
  /** The field of the payment, and of what it pays, that names the other party. */
  party: 'customer' | 'vendor';
  target: PaymentTarget;
  credit: CreditSide;
  /** Whether a payment of `payer` may pay a document of `owner` (a customer pays its jobs' invoices). */
  canPay(ctx: RulesContext, payer: string | null, owner: string | null): boolean;
}

export interface Application {
  target: JsonObject;
  cents: number;
  discountCents: number;
  discountAccount: JsonValue;
  discountClass: JsonValue;
  /** Credits of the same party applied to the target with this payment. */
  credits: CreditUse[];
}

const creditCents = (credits: readonly CreditUse[]): number =>
  sumCents(
    credits.map((c) => c.cents),
    'The credits applied',
  );

/** What this payment applied to each target before this write, in cents (payment, discount and the credits it used). */
export function appliedBefore(ctx: RulesContext, paymentId: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (paymentId === undefined) return out;
  for (const link of ctx.ledger.links.ownedBy(paymentId)) out.set(link.to, (out.get(link.to) ?? 0) + link.cents + link.discountCents);
  return out;
}

/** What is open on a target for this payment: its balance, plus what this payment already took off it. */
function openFor(side: PaymentSide, target: JsonObject, before: ReadonlyMap<string, number>): number {
  return toCents(stringOrNull(target[side.target.open])) + (before.get(String(target['id'])) ?? 0);
}

/**
 * The applications a request sends, checked the desktop's way: the party's open documents, each
 * at most what is open. An entry without `paymentAmount` pays what is open, up to what is left of
 * `total` when the payment has one.
 */
export function sentApplications(ctx: RulesContext, side: PaymentSide, doc: JsonObject, sent: JsonValue[], before: ReadonlyMap<string, number>, paymentId: string | undefined, total: number | undefined): Application[] {
  const { target: kind } = side;
  const payer = refId(doc[side.party]);
  const seen = new Set<string>();
  const creditsGivenBack = creditsBefore(ctx, side.credit, paymentId);
  const creditsSpent = new Map<string, number>();
  let left = total ?? Number.MAX_SAFE_INTEGER;
  return sent.filter(isJsonObject).map((entry, index) => {
    const id = String(entry['transactionId']);
    const target = ctx.find(kind.objectType, id);
    if (!target || !side.canPay(ctx, payer, refId(target[side.party]))) {
      throw new ApplicationError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Transaction "${id}" specified in the request cannot be found among the open ${kind.noun}s of this ${side.party}.`, index);
    }
    const name = `${kind.noun} ${String(target['refNumber'] ?? id)}`;
    if (seen.has(id)) throw new ApplicationError(DESKTOP_STATUS.SAVE_FAILED, `${name[0]?.toUpperCase() ?? ''}${name.slice(1)} is listed twice in applyToTransactions.`, index);
    seen.add(id);
    let credits: CreditUse[];
    try {
      credits = sentCredits(ctx, side.credit, side.party, target, entry['applyCredits'] ?? [], creditsGivenBack, creditsSpent);
    } catch (error) {
      if (error instanceof CreditError) throw new ApplicationError(error.status, error.message, index);
      throw error;
    }
    const credited = creditCents(credits);
    const open = openFor(side, target, before);
    const discountCents = toCents(stringOrNull(entry['discountAmount']));
    const cents = typeof entry['paymentAmount'] === 'string' ? toCents(entry['paymentAmount']) : Math.max(0, Math.min(open - discountCents - credited, left));
    if (cents < 0 || discountCents < 0 || cents + discountCents + credited === 0) {
      throw new ApplicationError(DESKTOP_STATUS.SAVE_FAILED, `The amount applied to ${name} must be more than 0.00.`, index);
    }
    if (cents + discountCents + credited > open && ctx.asMade !== true) {
      throw new ApplicationError(DESKTOP_STATUS.SAVE_FAILED, `Cannot apply ${fromCents(cents + discountCents + credited)} to ${name}: ${fromCents(open)} is open on it.`, index);
    }
    if (discountCents > 0 && typeof entry['discountAccountId'] !== 'string') {
      throw new ApplicationError(DESKTOP_STATUS.SAVE_FAILED, `A discount on ${name} needs discountAccountId.`, index);
    }
    left -= cents;
    const objectType = String(doc['objectType']);
    return {
      target,
      cents,
      discountCents,
      discountAccount: typeof entry['discountAccountId'] === 'string' ? ctx.resolve(objectType, 'appliedToTransactions.discountAccount', entry['discountAccountId']) : null,
      discountClass: typeof entry['discountClassId'] === 'string' ? ctx.resolve(objectType, 'appliedToTransactions.discountClass', entry['discountClassId']) : null,
      credits,
    };
  });
}

/** `isAutoApply`: the party's own open documents, oldest due first, until `total` is used up. */
export function autoApplications(ctx: RulesContext, side: PaymentSide, doc: JsonObject, total: number): Application[] {
  const payer = refId(doc[side.party]);
  if (payer === null) return [];
  const open = ctx
    .referencing(side.target.objectType, side.party, payer)
    .filter((target) => toCents(stringOrNull(target[side.target.open])) > 0)
    .sort((a, b) => String(a['dueDate'] ?? a['transactionDate']).localeCompare(String(b['dueDate'] ?? b['transactionDate'])));
  let left = total;
  const out: Application[] = [];
  for (const target of open) {
    if (left <= 0) break;
    const cents = Math.min(left, toCents(stringOrNull(target[side.target.open])));
    out.push({ target, cents, discountCents: 0, discountAccount: null, discountClass: null, credits: [] });
    left -= cents;
  }
  return out;
}

/** The applications a payment keeps when a modify leaves them out: as stored, with today's documents and credits. */
export function keptApplications(ctx: RulesContext, side: PaymentSide, paymentId: string): Application[] {
  const links = ctx.ledger.links.ownedBy(paymentId);
  return links
    .filter((link) => link.from === paymentId)
    .flatMap((link) => {
      const target = ctx.find(side.target.objectType, link.to);
      const credits = links
        .filter((c) => c.fromType === side.credit.objectType && c.to === link.to)
        .flatMap((c) => {
          const credit = ctx.find(side.credit.objectType, c.from);
          return credit ? [{ credit, cents: c.cents }] : [];
        });
      return target ? [{ target, cents: link.cents, discountCents: link.discountCents, discountAccount: null, discountClass: null, credits }] : [];
    });
}

/** One entry of the payment's `appliedToTransactions`. */
export function entryOf(ctx: RulesContext, side: PaymentSide, application: Application, previous: JsonObject | undefined, before: ReadonlyMap<string, number>): JsonObject {
  const { target } = application;
  const id = String(target['id']);
  const kept = (Array.isArray(previous?.['appliedToTransactions']) ? previous['appliedToTransactions'] : []).filter(isJsonObject).find((a) => a['transactionId'] === id);
  return {
    transactionId: id,
    transactionType: side.target.transactionType,
    transactionDate: target['transactionDate'] ?? null,
    refNumber: target['refNumber'] ?? null,
    balanceRemaining: fromCents(openFor(side, target, before) - application.cents - application.discountCents - creditCents(application.credits)),
    amount: fromCents(application.cents),
    discountAmount: application.discountCents === 0 && !kept?.['discountAmount'] ? null : fromCents(application.discountCents),
    discountAccount: application.discountAccount ?? kept?.['discountAccount'] ?? null,
    discountClass: application.discountClass ?? kept?.['discountClass'] ?? null,
    linkedTransactions: application.credits.map((c) => ({ ...linkedEntry(ctx, side.credit.objectType, String(c.credit['id']), -c.cents) })),
  };
}

/** The applications as the links table keeps them: the payment's own, and the credits it applied. */
function linksOf(side: PaymentSide, doc: JsonObject): LinkInput[] {
  const id = String(doc['id']);
  return (Array.isArray(doc['appliedToTransactions']) ? doc['appliedToTransactions'] : []).filter(isJsonObject).flatMap((a) => {
    const to = String(a['transactionId']);
    const credits = (Array.isArray(a['linkedTransactions']) ? a['linkedTransactions'] : []).filter(isJsonObject);
    return [
      { fromType: String(doc['objectType']), from: id, to, cents: toCents(stringOrNull(a['amount'])), discountCents: toCents(stringOrNull(a['discountAmount'])) },
      ...credits.map((c) => ({ fromType: side.credit.objectType, from: String(c['id']), to, cents: -toCents(stringOrNull(c['amount'])), discountCents: 0 })),
    ];
  });
}

/**
 * Replaces what a payment applies (none, when it is deleted or voided), and brings every document
 * and credit it touched before or touches now up to date.
 */
export function relinkPayment(ctx: RulesContext, side: PaymentSide, doc: JsonObject, removed: boolean, isNew: boolean): void {
  const links = removed ? [] : linksOf(side, doc);
  const before = ctx.ledger.links.setOwnedBy(String(doc['id']), links, isNew);
  for (const id of new Set([...before, ...links].map((l) => l.to))) side.target.refresh(ctx, id);
  refreshCredits(ctx, side.credit, before, links);
}

/**
 * After a document's balance changed: each payment applied to it shows the new balance in its
 * `appliedToTransactions`, without a new revision.
 */
export function showBalanceOnPayments(ctx: RulesContext, targetId: string, links: readonly Link[], balance: JsonValue): void {
  for (const link of links) {
    const payment = ctx.find(link.fromType, link.from);
    const applied = Array.isArray(payment?.['appliedToTransactions']) ? payment['appliedToTransactions'].filter(isJsonObject) : [];
    if (!payment || applied.every((a) => a['transactionId'] !== targetId || a['balanceRemaining'] === balance)) continue;
    const entries = applied.map((a) => (a['transactionId'] === targetId ? { ...a, balanceRemaining: balance } : a));
    ctx.rewriteAmounts(link.fromType, { ...payment, appliedToTransactions: entries }, null);
  }
}

/** What applications pay, without discounts and credits, in cents. */
export function appliedCentsOfAll(applications: readonly { cents: number }[]): number {
  return sumCents(
    applications.map((a) => a.cents),
    'The amount applied',
  );
}
