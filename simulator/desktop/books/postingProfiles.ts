import { adjustmentPostings, buildPostings } from './stockPostings.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { toCents } from '../values/money.ts';

import { itemAccountOf } from './itemAccounts.ts';
import { refundedCents } from './refunds.ts';
import { isBilledReceipt } from './receiptBills.ts';
import { salesTaxPaymentPostings } from './salesTaxPostings.ts';
import { findItem, linesWithGroupsOf } from './documentLines.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import type { TransactionShape } from '../table/TypeRow.ts';
import type { PostingProfile } from '../table/PostingProfile.ts';
import { openLedgerOf } from './accountRoles.ts';
import type { LineDetail, Posting } from '../storage/Ledger.ts';
import { lineAccountOf } from './lineAccounts.ts';
import { liabilityCheckPostings, paycheckPostings } from './payrollPostings.ts';
import { refId } from './refId.ts';
import { specialAccount } from './specialAccounts.ts';
import { isStocked, reversed, saleStockPostings } from './stock.ts';


function money(value: JsonValue | undefined): number {
  return toCents(typeof value === 'string' ? value : null);
}

/** What the postings of a line name: its item (none on an expense or journal line) and its class, else the document's. */
function detailOf(line: JsonObject, doc: JsonObject, item: string | null): LineDetail {
  return { item, class: refId(line['class']) ?? refId(doc['class']) };
}

/** The account a sale's total goes to: receivables for the customer, or where the money was put. */
function saleHeader(ctx: RulesContext, doc: JsonObject, customer: string | null): Posting {
  if ('receivablesAccount' in doc) return { account: refId(doc['receivablesAccount']) ?? specialAccount(ctx, 'accounts_receivable'), entity: customer, openLedger: 'receivable', cents: 0 };
  return { account: refId(doc['depositToAccount']) ?? specialAccount(ctx, 'undeposited_funds'), entity: customer, openLedger: null, cents: 0 };
}

const quantityOf = (line: JsonObject): number => (typeof line['quantity'] === 'number' ? line['quantity'] : 0);

function salePostings(ctx: RulesContext, doc: JsonObject, shape: TransactionShape): Posting[] {
  const customer = refId(doc['customer']);
  const postings: Posting[] = [];
  let total = 0;
  for (const line of linesWithGroupsOf(shape, 'lines', doc)) {
    const item = findItem(ctx, refId(line['item']) ?? '');
    const detail = detailOf(line, doc, refId(line['item']));
    postings.push(...saleStockPostings(item, quantityOf(line), refId(line['inventorySite']), customer, detail));
    const cents = money(line['amount']);
    if (cents === 0) continue;
    const account = lineAccountOf(ctx, line) ?? itemAccountOf(item, 'income') ?? specialAccount(ctx, 'uncategorized_income');
    postings.push({ account, entity: customer, openLedger: null, cents: -cents, line: detail });
    total += cents;
  }
  const tax = money(doc['salesTaxTotal']);
  if (tax !== 0) postings.push({ account: specialAccount(ctx, 'sales_tax_payable'), entity: null, openLedger: null, cents: -tax });
  total += tax;
  postings.unshift({ ...saleHeader(ctx, doc, customer), cents: total });
  return postings;
}

function creditPostings(ctx: RulesContext, doc: JsonObject, shape: TransactionShape): Posting[] {
  return reversed(salePostings(ctx, doc, shape));
}

/**
 * Cash in against receivables. The part applied to an invoice comes off the invoice's customer (a
 * payment from a customer may pay its jobs' invoices); the unused part is a credit on the payer.
 */
function paymentPostings(ctx: RulesContext, doc: JsonObject): Posting[] {
  const payer = refId(doc['customer']);
  const receivable = refId(doc['receivablesAccount']) ?? specialAccount(ctx, 'accounts_receivable');
  const cash = refId(doc['depositToAccount']) ?? specialAccount(ctx, 'undeposited_funds');
  const total = money(doc['totalAmount']);
  const postings: Posting[] = [{ account: cash, entity: payer, openLedger: null, cents: total }];
  let unused = total;
  for (const applied of (Array.isArray(doc['appliedToTransactions']) ? doc['appliedToTransactions'] : []).filter(isJsonObject)) {
    const owner = refId(ctx.find('ldg_invoice', String(applied['transactionId']))?.['customer']) ?? payer;
    const cents = money(applied['amount']);
    const discount = money(applied['discountAmount']);
    const account = refId(applied['discountAccount']);
    unused -= cents;
    postings.push({ account: receivable, entity: owner, openLedger: 'receivable', cents: -cents });
    if (discount !== 0 && account !== null) postings.push({ account, entity: owner, openLedger: null, cents: discount }, { account: receivable, entity: owner, openLedger: 'receivable', cents: -discount });
  }
  postings.push({ account: receivable, entity: payer, openLedger: 'receivable', cents: -unused });
  return postings;
}

/** The open-item side of a line that names its own account and entity (journal and deposit lines): the account's, if it keeps one. */
function lineSide(ctx: RulesContext, account: string): Posting['openLedger'] {
  return openLedgerOf(ctx.find('ldg_account', account)?.['accountType']);
}

function depositPostings(ctx: RulesContext, doc: JsonObject): Posting[] {
  const bank = refId(doc['depositToAccount']);
  if (bank === null) return [];
  const postings: Posting[] = [{ account: bank, entity: null, openLedger: null, cents: money(doc['totalAmount']) }];
  for (const line of (Array.isArray(doc['lines']) ? doc['lines'] : []).filter(isJsonObject)) {
    const account = refId(line['account']);
    if (account !== null) postings.push({ account, entity: refId(line['entity']), openLedger: lineSide(ctx, account), cents: -money(line['amount']), line: detailOf(line, doc, null) });
  }
  const cashBack = isJsonObject(doc['cashBack']) ? doc['cashBack'] : undefined;
  const kept = refId(cashBack?.['account']);
  if (cashBack && kept !== null) postings.push({ account: kept, entity: null, openLedger: null, cents: money(cashBack['amount']) });
  return postings;
}

function purchasePostings(ctx: RulesContext, doc: JsonObject, shape: TransactionShape): Posting[] {
  // A receipt a bill took over posts nothing: the bill owes the vendor for its lines now.
  if (isBilledReceipt(ctx, doc)) return [];
  const vendor = refId(doc['vendor']) ?? refId(doc['payee']);
  const postings: Posting[] = [];
  let total = 0;
  for (const field of ['expenseLines', 'itemLines'] as const) {
    for (const line of linesWithGroupsOf(shape, field, doc)) {
      const cents = money(line['amount']);
      const item = field === 'itemLines' ? findItem(ctx, refId(line['item']) ?? '') : undefined;
      const quantity = isStocked(item) ? quantityOf(line) : 0;
      if (cents === 0 && quantity === 0) continue;
      // A stocked item's line posts to its asset account whatever it says: the stock is counted there (decided).
      const account = field === 'expenseLines' ? refId(line['account']) : ((isStocked(item) ? undefined : lineAccountOf(ctx, line)) ?? itemAccountOf(item, 'purchase'));
      // A stocked item's line with no quantity still changes the value of its stock.
      const stock = isStocked(item) ? { stock: { item: String(item['id']), site: refId(line['inventorySite']), quantity } } : {};
      postings.push({ account: account ?? specialAccount(ctx, 'uncategorized_expenses'), entity: vendor, openLedger: null, cents, ...stock, line: detailOf(line, doc, field === 'itemLines' ? refId(line['item']) : null) });
      total += cents;
    }
  }
  // What a check gives back of a customer's credit (a refund by check) goes back on the customer's receivables.
  const refunded = refundedCents(ctx.ledger.links, String(doc['id']));
  if (refunded !== 0) postings.push({ account: specialAccount(ctx, 'accounts_receivable'), entity: vendor, openLedger: 'receivable', cents: refunded });
  postings.unshift({ ...purchaseHeader(ctx, doc, vendor), cents: -(total + refunded) });
  return postings;
}

/** Where a purchase's total goes: payables on the vendor's side (a bill), or the bank or card account it was paid from. */
function purchaseHeader(ctx: RulesContext, doc: JsonObject, vendor: string | null): Posting {
  if ('payablesAccount' in doc) return { account: refId(doc['payablesAccount']) ?? specialAccount(ctx, 'accounts_payable'), entity: vendor, openLedger: 'payable', cents: 0 };
  return { account: refId(doc['bankAccount']) ?? refId(doc['account']) ?? specialAccount(ctx, 'uncategorized_expenses'), entity: vendor, openLedger: null, cents: 0 };
}

/** What the company owes the vendor goes down by the amount paid and the discounts taken. */
function billPaymentPostings(ctx: RulesContext, doc: JsonObject): Posting[] {
  const vendor = refId(doc['vendor']);
  const payable = refId(doc['payablesAccount']) ?? specialAccount(ctx, 'accounts_payable');
  const paidFrom = refId(doc['bankAccount']) ?? refId(doc['creditCardAccount']);
  const amount = money(doc['amount']);
  if (paidFrom === null) return [];
  const postings: Posting[] = [
    { account: payable, entity: vendor, openLedger: 'payable', cents: amount },
    { account: paidFrom, entity: vendor, openLedger: null, cents: -amount },
  ];
  for (const applied of (Array.isArray(doc['appliedToTransactions']) ? doc['appliedToTransactions'] : []).filter(isJsonObject)) {
    const discount = money(applied['discountAmount']);
    const account = refId(applied['discountAccount']);
    if (discount !== 0 && account !== null) postings.push({ account: payable, entity: vendor, openLedger: 'payable', cents: discount }, { account, entity: vendor, openLedger: null, cents: -discount });
  }
  return postings;
}

/** What the customer has as credit goes down by the refund, and so does the account it was paid from. */
function refundPostings(ctx: RulesContext, doc: JsonObject): Posting[] {
  const customer = refId(doc['customer']);
  const total = money(doc['totalAmount']);
  const paidFrom = refId(doc['refundFromAccount']);
  if (paidFrom === null) return [];
  return [
    { account: refId(doc['receivablesAccount']) ?? specialAccount(ctx, 'accounts_receivable'), entity: customer, openLedger: 'receivable', cents: total },
    { account: paidFrom, entity: customer, openLedger: null, cents: -total },
  ];
}

function journalPostings(ctx: RulesContext, doc: JsonObject): Posting[] {
  const postings: Posting[] = [];
  for (const [field, sign] of [
    ['debitLines', 1],
    ['creditLines', -1],
  ] as const) {
    for (const line of (Array.isArray(doc[field]) ? doc[field] : []).filter(isJsonObject)) {
      const account = refId(line['account']);
      const cents = money(line['amount']);
      if (account === null || cents === 0) continue;
      postings.push({ account, entity: refId(line['entity']), openLedger: lineSide(ctx, account), cents: sign * cents, line: detailOf(line, doc, null) });
    }
  }
  return postings;
}

function transferPostings(_ctx: RulesContext, doc: JsonObject): Posting[] {
  const source = refId(doc['sourceAccount']);
  const target = refId(doc['targetAccount']);
  const cents = money(doc['amount']);
  if (source === null || target === null) return [];
  return [
    { account: source, entity: null, openLedger: null, cents: -cents },
    { account: target, entity: null, openLedger: null, cents },
  ];
}

/** A profile reads a document by its type's shape where the type decides a field (the groups its lines are kept in too). */
export const POSTING_PROFILES: Readonly<Record<PostingProfile, (ctx: RulesContext, doc: JsonObject, shape: TransactionShape) => Posting[]>> = {
  sale: salePostings,
  credit: creditPostings,
  payment: paymentPostings,
  deposit: depositPostings,
  purchase: purchasePostings,
  purchaseCredit: (ctx, doc, shape) => reversed(purchasePostings(ctx, doc, shape)),
  billPayment: billPaymentPostings,
  refund: refundPostings,
  journal: journalPostings,
  transfer: transferPostings,
  inventoryAdjustment: adjustmentPostings,
  build: buildPostings,
  salesTaxPayment: salesTaxPaymentPostings,
  paycheck: paycheckPostings,
  payrollLiability: liabilityCheckPostings,
};
