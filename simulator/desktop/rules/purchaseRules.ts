import { linesWithGroupsOf } from '../books/documentLines.ts';
import { refId } from '../books/refId.ts';
import { specialAccount } from '../books/specialAccounts.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { nounOf } from '../values/typeNoun.ts';
import type { JsonObject } from '../values/json.ts';
import { fromCents, sumCents, toCents } from '../values/money.ts';
import type { RulesContext, TypeRules } from '../table/TypeRules.ts';
import { showBalanceOnPayments, type PaymentTarget } from './applications.ts';
import { linkedEntry, type CreditSide } from './creditRules.ts';
import { itemLinesOf, orderEntries, refreshOrdersOf, relinkOrders, unlinkOrders } from './purchaseOrders.ts';
import { isBilledReceipt } from '../books/receiptBills.ts';
import { RECEIPT_TYPES, receiptLinks, takeReceipts } from './billedReceipts.ts';
import { purchaseGroupsOf, purchaseLinesOf } from './purchaseLines.ts';
import { dueDateOf } from './salesDocuments.ts';
import { keptRefunds, refundLinks, relinkRefunds, sentRefunds, type RefundSide } from './refundRules.ts';
import type { LinkInput } from '../storage/Ledger.ts';
import { WriteNote } from './writeNotes.ts';


/** What a purchase adds up to: every expense and item line, its groups' lines among them. */
function purchaseTotalCents(ctx: RulesContext, objectType: string, doc: JsonObject): number {
  const shape = ctx.shapeOf(objectType);
  const lines = ['expenseLines', 'itemLines'].flatMap((field) => linesWithGroupsOf(shape, field, doc));
  const amounts = lines.map((l) => toCents(typeof l['amount'] === 'string' ? l['amount'] : null));
  return sumCents(amounts, 'The amount of the purchase');
}

/** What sets one kind of purchase apart: where its total shows, and what is left open of it. */
interface PurchaseShape {
  objectType: string;
  /** The field with the total (`amountDue`, `creditAmount`, `totalAmount`), and its home-currency twin. */
  total: string;
  /** The field with what is left once payments or applications took their part (`openAmount`), if the type has one. */
  open?: string;
  /** A bill falls due by its terms and is paid when nothing is open. */
  payable?: boolean;
  /** What this kind is applied to, for a credit (vendor credits: bills). */
  appliesTo?: string;
  /** A check can give a customer's credit back (`applyToTransactions`): how it names what it refunds. */
  refunds?: RefundSide;
  /** A bill can take over the vendor's item receipts (`linkToTransactionIds`). */
  takesReceipts?: boolean;
}

/**
 * Item receipts a bill took over, or gave back: each posts again (nothing while billed), shows
 * the bill, and the purchase orders it received from count it as billed or not.
 */
function receiptsChanged(ctx: RulesContext, receiptIds: readonly string[]): void {
  for (const id of new Set(receiptIds)) {
    ctx.repost('ldg_item_receipt', id);
    refreshPurchase(ctx, ITEM_RECEIPT, id);
    refreshOrdersOf(ctx, id);
  }
}

/** The links of a check's refunds, from its compute to its afterWrite (the same object), where they are written. */
const pendingRefunds = new WriteNote<LinkInput[]>();

/** What a check refunds of its payee's credits: as sent, or as kept on an update that sends none; in cents. */
function refundsOf(ctx: RulesContext, side: RefundSide, doc: JsonObject, body: JsonObject, previous: JsonObject | undefined): number {
  const id = String(doc['id']);
  const refunds = 'applyToTransactions' in body ? sentRefunds(ctx, side, doc, body['applyToTransactions']) : previous ? keptRefunds(ctx, id) : [];
  pendingRefunds.set(ctx, doc, refundLinks(refunds, id));
  return sumCents(
    refunds.map((r) => r.cents),
    'The amount refunded',
  );
}


/** What payments and credits took off a purchase (a bill), or what was used of it (a vendor credit), in cents. */
function takenOf(ctx: RulesContext, id: string): number {
  // The receipts a bill took over are its lines, not payments of it.
  const links = [...ctx.ledger.links.to(id).filter((l) => !RECEIPT_TYPES.includes(l.fromType)), ...ctx.ledger.links.from(id).filter((l) => l.owner !== id)];
  return sumCents(
    links.map((l) => l.cents + l.discountCents),
    'What was applied',
  );
}

/** Sets what is left open of a purchase (and whether a bill is paid) from its total and what was taken. */
function setOpen(shape: PurchaseShape, doc: JsonObject, total: number, taken: number): void {
  if (!shape.open) return;
  doc[shape.open] = fromCents(total - taken);
  if (shape.payable) doc['isPaid'] = total - taken <= 0;
}

/**
 * How a purchase shows what it is linked with: the purchase orders it received from, payments and
 * credits applied to it, or the bills it was applied to.
 */
function linkedOf(ctx: RulesContext, shape: PurchaseShape, id: string): JsonObject[] {
  const to = ctx.ledger.links.to(id);
  const from = shape.appliesTo ? ctx.ledger.links.from(id).filter((l) => l.owner !== id) : [];
  return [...orderEntries(ctx, id), ...to.map((l) => linkedEntry(ctx, l.fromType, l.from, -(l.cents + l.discountCents))), ...from.map((l) => linkedEntry(ctx, shape.appliesTo ?? '', l.to, -l.cents))];
}

/** After what is applied to a purchase, or used of it, changed: its open amount, paid state and linked transactions. */
function refreshPurchase(ctx: RulesContext, shape: PurchaseShape, id: string): void {
  const stored = ctx.find(shape.objectType, id);
  if (!stored) return;
  const doc = { ...stored };
  const total = doc[shape.total];
  setOpen(shape, doc, toCents(typeof total === 'string' ? total : null), takenOf(ctx, id));
  const linked = linkedOf(ctx, shape, id);
  ctx.rewriteAmounts(shape.objectType, doc, linked.length > 0 ? linked : null);
  showBalanceOnPayments(ctx, id, ctx.ledger.links.to(id), doc[shape.open ?? ''] ?? null);
}

/**
 * A purchase (bill, vendor credit, item receipt, check, credit card charge or credit): expense
 * lines (an account each) and item lines (quantity x cost), posted by the type's posting profile
 * against payables on the vendor's side, or against the bank or card account that paid.
 */
function purchaseRules(shape: PurchaseShape): TypeRules {
  const { objectType } = shape;
  return {
    compute(ctx, doc, sent, previous) {
      const body = shape.takesReceipts && !previous ? takeReceipts(ctx, doc, sent) : sent;
      if (previous && isBilledReceipt(ctx, previous)) throw new DesktopError(DESKTOP_STATUS.IN_USE, `Item receipt ${String(previous['refNumber'] ?? previous['id'])} is billed: change the bill instead.`);
      if ('expenseLines' in body) doc['expenseLines'] = purchaseLinesOf(ctx, objectType, 'expenseLines', body['expenseLines'], previous);
      const itemLines = itemLinesOf(ctx, objectType, doc, body, previous);
      if (itemLines) doc['itemLines'] = itemLines;
      if (body['clearExpenseLines'] === true) doc['expenseLines'] = [];
      if (body['clearItemLines'] === true) doc['itemLines'] = [];
      for (const layout of ctx.shapeOf(objectType).groups) if (layout.groups in body) doc[layout.groups] = purchaseGroupsOf(ctx, objectType, layout, body[layout.groups], previous);
      if (!previous) {
        if (doc['payablesAccount'] === null) doc['payablesAccount'] = ctx.resolve(objectType, 'payablesAccount', specialAccount(ctx, 'accounts_payable'));
        if (doc['exchangeRate'] === null) doc['exchangeRate'] = 1;
      }
      if (shape.payable && (doc['dueDate'] === null || (!('dueDate' in body) && ('termsId' in body || 'transactionDate' in body)))) {
        doc['dueDate'] = dueDateOf(ctx, String(doc['transactionDate']), refId(doc['terms']));
      }
      const refunded = shape.refunds ? refundsOf(ctx, shape.refunds, doc, body, previous) : 0;
      const total = sumCents([purchaseTotalCents(ctx, objectType, doc), refunded], `The amount of the ${nounOf(objectType)}`);
      doc[shape.total] = fromCents(total);
      doc[`${shape.total}InHomeCurrency`] = fromCents(total);
      if (!shape.open) return;
      const taken = previous ? takenOf(ctx, String(doc['id'])) : 0;
      const name = `${nounOf(objectType)} ${String(doc['refNumber'] ?? doc['id'])}`;
      if (taken !== 0 && refId(previous?.['vendor']) !== refId(doc['vendor'])) {
        throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `The ${name} is linked to payments or credits: its vendor cannot change.`);
      }
      if (total - taken < 0 && ctx.asMade !== true) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `The total of ${name} would be ${fromCents(total)}, less than the ${fromCents(taken)} already applied.`);
      setOpen(shape, doc, total, taken);
    },
    afterWrite(ctx, doc, previous) {
      const refunds = pendingRefunds.get(ctx, doc);
      if (refunds) relinkRefunds(ctx, doc, refunds, previous === undefined);
      const receipts = shape.takesReceipts ? receiptLinks(ctx, doc) : undefined;
      if (receipts) {
        ctx.ledger.links.setOwnedBy(String(doc['id']), receipts, previous === undefined, RECEIPT_TYPES);
        receiptsChanged(
          ctx,
          receipts.map((l) => l.from),
        );
      }
      if (relinkOrders(ctx, doc, previous) || receipts || (refunds && (refunds.length > 0 || previous))) refreshPurchase(ctx, shape, String(doc['id']));
    },
    beforeRemove(ctx, doc) {
      unlinkOrders(ctx, doc);
      if (shape.refunds) relinkRefunds(ctx, doc, [], false);
      if (shape.takesReceipts) {
        const given = ctx.ledger.links.setOwnedBy(String(doc['id']), [], false, RECEIPT_TYPES);
        receiptsChanged(
          ctx,
          given.map((l) => l.from),
        );
      }
    },
  };
}

const BILL: PurchaseShape = { objectType: 'ldg_bill', total: 'amountDue', open: 'openAmount', payable: true, takesReceipts: true };
// A receipt shows the bill that took it over as a credit shows the bills it was applied to.
const ITEM_RECEIPT: PurchaseShape = { objectType: 'ldg_item_receipt', total: 'totalAmount', appliesTo: 'ldg_bill' };
const VENDOR_CREDIT: PurchaseShape = { objectType: 'ldg_vendor_credit', total: 'creditAmount', open: 'openAmount', appliesTo: 'ldg_bill' };

/** A bill: what the company owes a vendor; `openAmount` is what is left to pay. */
export const billRules: TypeRules = purchaseRules(BILL);

/** A vendor credit: what a vendor owes back, a bill the other way round; `openAmount` is what is left to apply. */
export const vendorCreditRules: TypeRules = purchaseRules(VENDOR_CREDIT);

/** Goods received before their bill: owed to the vendor like a bill, with nothing to pay on it yet. */
export const itemReceiptRules: TypeRules = purchaseRules(ITEM_RECEIPT);

/**
 * A check written from a bank account: paid at once, nothing owed. Written to a customer, it can
 * give back the customer's credit (`applyToTransactions`: credit memos, unused payments), as a
 * credit card refund does; its amount is its lines and what it refunds.
 */
export const checkRules: TypeRules = purchaseRules({ objectType: 'ldg_check', total: 'amount', refunds: { party: 'payee', list: 'applyToTransactions', amount: 'amount' } });

/** A purchase on a credit card: the card's balance goes up by it. */
export const cardChargeRules: TypeRules = purchaseRules({ objectType: 'ldg_credit_card_charge', total: 'amount' });

/** A credit on a credit card (a return, a refund from a vendor): the card's balance goes down by it. */
export const cardCreditRules: TypeRules = purchaseRules({ objectType: 'ldg_credit_card_credit', total: 'amount' });

/** Bills, as bill payments pay them. */
export const BILLS_TO_PAY: PaymentTarget = { objectType: 'ldg_bill', transactionType: 'bill', open: 'openAmount', noun: 'bill', refresh: (ctx, id) => refreshPurchase(ctx, BILL, id) };

/** Vendor credits, as bill payments apply them to bills. */
export const VENDOR_CREDITS: CreditSide = { objectType: 'ldg_vendor_credit', open: 'openAmount', noun: 'vendor credit', refresh: (ctx, id) => refreshPurchase(ctx, VENDOR_CREDIT, id) };
