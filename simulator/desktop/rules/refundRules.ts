import type { LinkInput } from '../storage/Ledger.ts';
import { REFUNDABLE_TYPES, type RefundableType } from '../books/refunds.ts';
import { refId } from '../books/refId.ts';
import { specialAccount } from '../books/specialAccounts.ts';
import { transactionTypeOf } from '../books/transactionTypes.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { isJsonObject, stringOrNull, type JsonObject, type JsonValue } from '../values/json.ts';
import { fromCents, sumCents, toCents } from '../values/money.ts';
import type { RulesContext, TypeRules } from '../table/TypeRules.ts';
import { ApplicationError } from './applications.ts';
import { refreshCredit } from './creditRules.ts';
import { refreshUnused } from './unusedPayment.ts';

/** Where each kind of credit a refund gives back keeps what is left of it, and how it is worked out again. */
interface Refundable {
  open: string;
  refresh: (ctx: RulesContext, id: string) => void;
}
const REFUNDABLE: Readonly<Record<string, Refundable | undefined>> = {
  ldg_credit_memo: { open: 'creditRemaining', refresh: refreshCredit },
  ldg_receive_payment: { open: 'unusedPayment', refresh: refreshUnused },
} satisfies Record<RefundableType, Refundable>;

export interface Refunded {
  credit: JsonObject;
  cents: number;
}

/** How a kind of refund names what it gives back: whose credit (`party`), and the amount key of each entry. */
export interface RefundSide {
  party: string;
  list: string;
  amount: string;
}

/**
 * The credits a refund gives back, checked the desktop's way: the party's own, each once, each at
 * most what is left of it (with what this refund took of it before, on an update).
 */
export function sentRefunds(ctx: RulesContext, side: RefundSide, doc: JsonObject, sent: JsonValue | undefined): Refunded[] {
  const customer = refId(doc[side.party]);
  const mine = new Map(ctx.ledger.links.ownedBy(String(doc['id'])).map((l) => [l.from, l.cents]));
  const seen = new Set<string>();
  return (Array.isArray(sent) ? sent : []).filter(isJsonObject).map((entry, index) => {
    const id = String(entry['transactionId']);
    const credit = ctx.findAmong([...REFUNDABLE_TYPES], id);
    if (!credit || customer === null || refId(credit['customer']) !== customer) {
      throw new ApplicationError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Transaction "${id}" specified in the request cannot be found among the credits and payments of this customer.`, index);
    }
    if (seen.has(id)) throw new ApplicationError(DESKTOP_STATUS.SAVE_FAILED, `Transaction ${String(credit['refNumber'] ?? id)} is listed twice in ${side.list}.`, index);
    seen.add(id);
    const cents = toCents(stringOrNull(entry[side.amount]));
    const left = toCents(stringOrNull(credit[REFUNDABLE[String(credit['objectType'])]?.open ?? ''])) + (mine.get(id) ?? 0);
    if (cents <= 0) throw new ApplicationError(DESKTOP_STATUS.SAVE_FAILED, 'A refund amount must be more than 0.00.', index);
    if (cents > left && ctx.asMade !== true) throw new ApplicationError(DESKTOP_STATUS.SAVE_FAILED, `Cannot refund ${fromCents(cents)} of ${String(credit['refNumber'] ?? id)}: ${fromCents(left)} is left of it.`, index);
    return { credit, cents };
  });
}

/** What the refund still gives back, as the links it owns say (none once voided). */
export function keptRefunds(ctx: RulesContext, refundId: string): Refunded[] {
  return ctx.ledger.links.ownedBy(refundId).flatMap((link) => {
    const credit = REFUNDABLE[link.fromType] ? ctx.find(link.fromType, link.from) : undefined;
    return credit ? [{ credit, cents: link.cents }] : [];
  });
}

/** The links of what a refund gives back: from each credit to the refund. */
export function refundLinks(refunds: readonly Refunded[], refundId: string): LinkInput[] {
  return refunds.map(({ credit, cents }) => ({ fromType: String(credit['objectType']), from: String(credit['id']), to: refundId, cents, discountCents: 0 }));
}

function entryOf(refund: Refunded): JsonObject {
  const { credit, cents } = refund;
  const left = fromCents(toCents(stringOrNull(credit[REFUNDABLE[String(credit['objectType'])]?.open ?? ''])) - cents);
  return {
    transactionId: String(credit['id']),
    transactionType: transactionTypeOf(String(credit['objectType'])),
    transactionDate: credit['transactionDate'] ?? null,
    refNumber: credit['refNumber'] ?? null,
    creditRemaining: left,
    refundAmount: fromCents(cents),
    creditRemainingInHomeCurrency: left,
    refundAmountInHomeCurrency: fromCents(cents),
  };
}

/** Replaces what the refund gives back, and brings every credit it touched before or touches now up to date. */
export function relinkRefunds(ctx: RulesContext, doc: JsonObject, links: readonly LinkInput[], isNew: boolean): void {
  const before = ctx.ledger.links.setOwnedBy(String(doc['id']), links, isNew, REFUNDABLE_TYPES);
  for (const link of [...before, ...links]) REFUNDABLE[link.fromType]?.refresh(ctx, link.from);
}

/** A credit card refund names the customer's credits in `refundAppliedToTransactions`, by `refundAmount`. */
const CARD_REFUNDS: RefundSide = { party: 'customer', list: 'refundAppliedToTransactions', amount: 'refundAmount' };

/** What a new credit card refund gives back, as its stored entries say (checked when it was computed). */
function sentRefundsOf(doc: JsonObject): Refunded[] {
  return (Array.isArray(doc['refundAppliedToTransactions']) ? doc['refundAppliedToTransactions'] : []).filter(isJsonObject).flatMap((entry) => {
    const type = REFUNDABLE_TYPES.find((t) => transactionTypeOf(t) === entry['transactionType']);
    const cents = toCents(stringOrNull(entry['refundAmount']));
    return type && cents > 0 ? [{ credit: { objectType: type, id: String(entry['transactionId']) }, cents }] : [];
  });
}

/**
 * The account a refund is paid from when the request names none: the company file's first active
 * bank account. Not undeposited funds: what waits there is the payments to deposit, each whole.
 */
function firstBankAccount(ctx: RulesContext): string {
  const bank = ctx.all('ldg_account').find((a) => a['accountType'] === 'bank' && a['isActive'] !== false);
  if (!bank) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, 'The company file has no bank account to refund from: send refundFromAccountId.');
  return String(bank['id']);
}

/**
 * A credit card refund: money given back to a customer from what the customer has as credit (a
 * credit memo's credit remaining, a payment's unused part). What the customer owes goes back up by
 * it, and the credits it used go down. The Service cannot change one, only delete or void it.
 */
export const refundRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    if (!previous) {
      if (doc['receivablesAccount'] === null) doc['receivablesAccount'] = ctx.resolve('ldg_credit_card_refund', 'receivablesAccount', specialAccount(ctx, 'accounts_receivable'));
      if (doc['refundFromAccount'] === null) doc['refundFromAccount'] = ctx.resolve('ldg_credit_card_refund', 'refundFromAccount', firstBankAccount(ctx));
      if (doc['exchangeRate'] === null) doc['exchangeRate'] = 1;
    }
    const refunds = previous ? keptRefunds(ctx, String(doc['id'])) : sentRefunds(ctx, CARD_REFUNDS, doc, body['refundAppliedToTransactions']);
    if (!previous && refunds.length === 0) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, 'A refund must give back at least one credit or payment.');
    const total = sumCents(
      refunds.map((r) => r.cents),
      'The amount refunded',
    );
    doc['refundAppliedToTransactions'] = refunds.map(entryOf);
    doc['totalAmount'] = fromCents(total);
    doc['totalAmountInHomeCurrency'] = fromCents(total);
  },
  afterWrite(ctx, doc, previous) {
    const id = String(doc['id']);
    relinkRefunds(ctx, doc, refundLinks(previous ? keptRefunds(ctx, id) : sentRefundsOf(doc), id), previous === undefined);
  },
  beforeRemove(ctx, doc) {
    relinkRefunds(ctx, doc, [], false);
  },
};
