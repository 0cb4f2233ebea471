import { isVoided } from '../books/keepBooks.ts';
import { refId } from '../books/refId.ts';
import { specialAccount } from '../books/specialAccounts.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { stringOrNull, type JsonObject } from '../values/json.ts';
import { fromCents, toCents } from '../values/money.ts';
import type { RulesContext, TypeRules } from '../table/TypeRules.ts';
import {
  appliedBefore,
  appliedCentsOfAll,
  autoApplications,
  entryOf,
  keptApplications,
  relinkPayment,
  sentApplications,
  type Application,
  type PaymentSide,
} from './applications.ts';
import { CREDIT_MEMOS } from './creditRules.ts';
import { assertDepositKept } from './depositRules.ts';
import { refreshApplied } from './invoiceRules.ts';
import { BILLS_TO_PAY, VENDOR_CREDITS } from './purchaseRules.ts';
import { refundedOf, storedEntries } from './unusedPayment.ts';

export { ApplicationError } from './applications.ts';

/**
 * Whether an invoice of `owner` is one a payment of `payer` can pay: its own, or a job's below
 * it. A bulk load replays history in which a job may since have moved to another customer, so it
 * does not ask.
 */
function customerCanPay(ctx: RulesContext, payer: string | null, owner: string | null): boolean {
  if (ctx.bulk) return true;
  for (let id = owner, depth = 0; id !== null && depth < 8; depth++) {
    if (id === payer) return true;
    id = refId(ctx.find('ldg_customer', id)?.['parent']);
  }
  return false;
}

/** Payments received: a customer's invoices, and its credit memos applied with them. */
const RECEIVED: PaymentSide = {
  party: 'customer',
  target: { objectType: 'ldg_invoice', transactionType: 'invoice', open: 'balanceRemaining', noun: 'invoice', refresh: refreshApplied },
  credit: CREDIT_MEMOS,
  canPay: customerCanPay,
};

/** Bills paid: a vendor's own bills, and its vendor credits applied with them. */
const PAID: PaymentSide = {
  party: 'vendor',
  target: BILLS_TO_PAY,
  credit: VENDOR_CREDITS,
  canPay: (_ctx, payer, owner) => payer !== null && payer === owner,
};

/** The applications of this write: sent, automatic (`isAutoApply`), or kept on a modify that leaves them out. */
function applicationsOf(ctx: RulesContext, side: PaymentSide, doc: JsonObject, body: JsonObject, previous: JsonObject | undefined, before: ReadonlyMap<string, number>, total: number | undefined): Application[] {
  const id = previous ? String(doc['id']) : undefined;
  if (previous && before.size > 0 && refId(previous[side.party]) !== refId(doc[side.party]) && !Array.isArray(body['applyToTransactions'])) {
    throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `This payment is applied to ${side.target.noun}s: send applyToTransactions for the new ${side.party} to change it.`);
  }
  if (Array.isArray(body['applyToTransactions'])) return sentApplications(ctx, side, doc, body['applyToTransactions'], before, id, total);
  if (!previous && body['isAutoApply'] === true && total !== undefined) return autoApplications(ctx, side, doc, total);
  return id === undefined ? [] : keptApplications(ctx, side, id);
}

/**
 * A payment received: applied to the customer's invoices (sent, automatic, or kept on a modify),
 * each at most what is open on it, and never more than the payment. What is left is the
 * customer's credit (`unusedPayment`), less what credit card refunds gave back of it. The links it
 * makes lower the invoices' balances.
 */
export const paymentRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    if (!previous) {
      if (doc['receivablesAccount'] === null) doc['receivablesAccount'] = ctx.resolve('ldg_receive_payment', 'receivablesAccount', specialAccount(ctx, 'accounts_receivable'));
      if (doc['depositToAccount'] === null) doc['depositToAccount'] = ctx.resolve('ldg_receive_payment', 'depositToAccount', specialAccount(ctx, 'undeposited_funds'));
      if (doc['exchangeRate'] === null) doc['exchangeRate'] = 1;
    }
    const total = toCents(stringOrNull(doc['totalAmount']));
    doc['totalAmount'] = fromCents(total);
    doc['totalAmountInHomeCurrency'] = fromCents(total);
    assertDepositKept(ctx, doc, previous);
    const before = appliedBefore(ctx, previous ? String(doc['id']) : undefined);
    const applications = applicationsOf(ctx, RECEIVED, doc, body, previous, before, total);
    const applied = appliedCentsOfAll(applications);
    const refunded = previous ? refundedOf(ctx, String(doc['id'])) : 0;
    if (applied + refunded > total) {
      throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `The payment of ${fromCents(total)} cannot pay ${fromCents(applied)} of invoices${refunded > 0 ? ` with ${fromCents(refunded)} of it refunded` : ''}.`);
    }
    doc['appliedToTransactions'] = applications.map((a) => entryOf(ctx, RECEIVED, a, previous, before));
    doc['unusedPayment'] = fromCents(total - applied - refunded);
    doc['unusedCredits'] = '0.00';
  },
  afterWrite(ctx, doc, previous) {
    relinkPayment(ctx, RECEIVED, doc, false, previous === undefined);
  },
  beforeRemove(ctx, doc) {
    relinkPayment(ctx, RECEIVED, doc, true, false);
  },
};

/**
 * A bill paid by check or by credit card: applied to the vendor's bills, with its vendor credits.
 * Its `amount` is what the applications pay, unless an update sends a larger one: what is left over
 * is a credit with the vendor (it lowers what the company owes). `account` is the field naming
 * where the money came from (`bankAccount`, `creditCardAccount`).
 */
function billPaymentRules(objectType: string): TypeRules {
  return {
    compute(ctx, doc, body, previous) {
      if (!previous) {
        if (doc['payablesAccount'] === null) doc['payablesAccount'] = ctx.resolve(objectType, 'payablesAccount', specialAccount(ctx, 'accounts_payable'));
        if (doc['exchangeRate'] === null) doc['exchangeRate'] = 1;
      }
      const sentTotal = typeof body['amount'] === 'string' ? toCents(body['amount']) : undefined;
      // Left over from an earlier `amount`: the stored amount less what the stored entries pay (both zero once voided).
      const leftOver = previous ? toCents(stringOrNull(doc['amount'])) - appliedCentsOfAll(storedEntries(doc)) : 0;
      const before = appliedBefore(ctx, previous ? String(doc['id']) : undefined);
      const applications = applicationsOf(ctx, PAID, doc, body, previous, before, sentTotal);
      const applied = appliedCentsOfAll(applications);
      if (sentTotal !== undefined && applied > sentTotal) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `The payment of ${fromCents(sentTotal)} cannot pay ${fromCents(applied)} of bills.`);
      const total = sentTotal ?? applied + leftOver;
      // An amount given back to a voided payment makes it live again (keepBooks): it must pay a
      // bill, as every bill payment made does (applyToTransactions has at least one).
      if (previous && total > 0 && applications.length === 0 && isVoided(ctx, String(doc['id']))) {
        throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, 'This bill payment was voided and pays no bills: send applyToTransactions to pay bills with it again.');
      }
      doc['amount'] = fromCents(total);
      doc['amountInHomeCurrency'] = fromCents(total);
      doc['appliedToTransactions'] = applications.map((a) => entryOf(ctx, PAID, a, previous, before));
    },
    afterWrite(ctx, doc, previous) {
      relinkPayment(ctx, PAID, doc, false, previous === undefined);
    },
    beforeRemove(ctx, doc) {
      relinkPayment(ctx, PAID, doc, true, false);
    },
  };
}

export const billCheckPaymentRules: TypeRules = billPaymentRules('ldg_bill_check_payment');
export const billCardPaymentRules: TypeRules = billPaymentRules('ldg_bill_credit_card_payment');
