import type { LinkInput } from '../storage/Ledger.ts';
import { refId } from '../books/refId.ts';
import { existingSpecialAccount } from '../books/specialAccounts.ts';
import { transactionTypeOf } from '../books/transactionTypes.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { applyRequest } from '../engine/applyRequest.ts';
import { isJsonObject, stringOrNull, type JsonObject, type JsonValue } from '../values/json.ts';
import { emptyObject, nonNullBranch } from '../engine/materialize.ts';
import { fromCents, sumCents, toCents } from '../values/money.ts';
import { RequestInputError } from '../values/RequestInputError.ts';
import type { RulesContext, TypeRules } from '../table/TypeRules.ts';
import { replaceLines } from './lineUpdates.ts';

/** What can wait in undeposited funds for a deposit: payments received and cash sales. */
export const DEPOSITABLE_TYPES = ['ldg_receive_payment', 'ldg_sales_receipt'] as const;

/** Request keys of a deposit line that are not fields of the line itself. */
const LINE_OWN_KEYS = new Set(['id', 'paymentTransactionId', 'paymentTransactionLineId', 'overrideMemo', 'overrideCheckNumber', 'overrideClassId']);

function findDepositable(ctx: RulesContext, id: string): JsonObject | undefined {
  for (const type of DEPOSITABLE_TYPES) {
    const found = ctx.find(type, id);
    if (found) return found;
  }
  return undefined;
}

/** The deposit a payment or cash sale went into, if one did. */
export function depositOf(ctx: RulesContext, paymentId: string): string | undefined {
  return ctx.ledger.links.to(paymentId).find((link) => link.fromType === 'ldg_deposit')?.from;
}

/**
 * A payment or cash sale waits to be deposited while it sits in undeposited funds and no deposit
 * holds it yet (`depositId`, the deposit being written, may hold it already).
 */
function waitsForDeposit(ctx: RulesContext, payment: JsonObject, depositId: string | undefined): boolean {
  const funds = existingSpecialAccount(ctx, 'undeposited_funds', true);
  if (funds === undefined || refId(payment['depositToAccount']) !== funds) return false;
  const holder = depositOf(ctx, String(payment['id']));
  return holder === undefined || holder === depositId;
}

/** A payment deposited cannot change what it puts in undeposited funds: the deposit holds that amount (3175). */
export function assertDepositKept(ctx: RulesContext, doc: JsonObject, previous: JsonObject | undefined): void {
  if (!previous) return;
  const deposit = depositOf(ctx, String(doc['id']));
  if (deposit === undefined) return;
  if (doc['totalAmount'] !== previous['totalAmount'] || refId(doc['depositToAccount']) !== refId(previous['depositToAccount'])) {
    throw new DesktopError(DESKTOP_STATUS.IN_USE, `This payment is in deposit ${deposit}: its amount and deposit account cannot change. Remove it from the deposit first.`);
  }
}

function lineSchemaOf(ctx: RulesContext): { line: JsonObject; cashBack: JsonObject } {
  const deposit = nonNullBranch(ctx.schemaOf('ldg_deposit'));
  return {
    line: emptyObject(deposit.properties?.['lines']?.items ?? {}),
    cashBack: emptyObject(nonNullBranch(deposit.properties?.['cashBack'] ?? {})),
  };
}

/** A line that deposits a payment: the payment's customer, account, amount and details, which the request may override in part. */
function paymentLine(ctx: RulesContext, line: JsonObject, input: JsonObject, depositId: string | undefined, position: number): void {
  const id = String(input['paymentTransactionId']);
  const payment = findDepositable(ctx, id);
  if (!payment || !waitsForDeposit(ctx, payment, depositId)) {
    throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Transaction "${id}" in lines[${position}] is not among the payments waiting to be deposited.`);
  }
  if (typeof input['paymentTransactionLineId'] === 'string') {
    throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Payment line "${input['paymentTransactionLineId']}" of "${id}" cannot be found: the payment is deposited whole.`);
  }
  for (const key of ['amount', 'accountId', 'entityId'] as const) {
    if (key in input) throw new RequestInputError(`lines[${position}].${key}`, `comes from the payment deposited; leave it out of a line with paymentTransactionId`);
  }
  line['transactionType'] = transactionTypeOf(String(payment['objectType']));
  line['paymentTransactionId'] = id;
  line['paymentTransactionLineId'] = null;
  line['entity'] = payment['customer'] ?? null;
  line['account'] = payment['depositToAccount'] ?? null;
  line['amount'] = payment['totalAmount'] ?? '0.00';
  line['paymentMethod'] = payment['paymentMethod'] ?? null;
  line['memo'] = stringOrNull(input['overrideMemo']) ?? payment['memo'] ?? null;
  line['checkNumber'] = stringOrNull(input['overrideCheckNumber']) ?? payment['checkNumber'] ?? null;
  line['class'] = typeof input['overrideClassId'] === 'string' ? ctx.resolve('ldg_deposit', 'lines.class', input['overrideClassId']) : (payment['class'] ?? null);
}

function buildLine(ctx: RulesContext, input: JsonObject, existing: JsonObject | undefined, depositId: string | undefined, position: number): JsonObject {
  const line: JsonObject = existing ? structuredClone(existing) : { ...lineSchemaOf(ctx).line, id: ctx.nextTransactionId(), objectType: 'ldg_deposit_line' };
  const schema = nonNullBranch(ctx.schemaOf('ldg_deposit')).properties?.['lines']?.items ?? {};
  const leftover = applyRequest(schema, line, input, { resolve: (path, id) => ctx.resolve('ldg_deposit', `lines.${path}`, id), skip: LINE_OWN_KEYS, lists: new Map() });
  if (leftover.length > 0) throw new Error(`ldg_deposit_line: request keys not handled: ${leftover.join(', ')}`);
  if (typeof input['paymentTransactionId'] === 'string') paymentLine(ctx, line, input, depositId, position);
  else if (line['paymentTransactionId'] === null) {
    if (refId(line['account']) === null) throw new RequestInputError(`lines[${position}].accountId`, 'a deposit line needs the account the money comes from (or paymentTransactionId)');
    line['amount'] = fromCents(toCents(stringOrNull(line['amount'])));
  }
  return line;
}

/** Lines as the update semantics say (`replaceLines`); a payment may be deposited once. */
function buildDepositLines(ctx: RulesContext, sent: JsonValue[], previous: JsonObject | undefined, depositId: string | undefined): JsonObject[] {
  const seen = new Set<string>();
  return replaceLines(sent, previous?.['lines'], (input, existing, position) => {
    const line = buildLine(ctx, input, existing, depositId, position);
    const payment = stringOrNull(line['paymentTransactionId']);
    if (payment !== null && seen.has(payment)) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `Payment ${payment} is deposited twice in this deposit.`);
    if (payment !== null) seen.add(payment);
    return line;
  });
}

function cashBackOf(ctx: RulesContext, sent: JsonObject, previous: JsonValue | undefined): JsonObject {
  const cashBack: JsonObject = isJsonObject(previous) ? structuredClone(previous) : { ...lineSchemaOf(ctx).cashBack, id: ctx.nextTransactionId(), objectType: 'ldg_deposit_cash_back_line' };
  if (typeof sent['accountId'] === 'string') cashBack['account'] = ctx.resolve('ldg_deposit', 'cashBack.account', sent['accountId']);
  if ('memo' in sent) cashBack['memo'] = stringOrNull(sent['memo']);
  if ('amount' in sent) cashBack['amount'] = fromCents(toCents(stringOrNull(sent['amount'])));
  return cashBack;
}

/** The payments a deposit holds, as the links table keeps them. A voided deposit's lines are zero: it holds none. */
function linksOf(doc: JsonObject): LinkInput[] {
  return (Array.isArray(doc['lines']) ? doc['lines'] : []).filter(isJsonObject).flatMap((line) => {
    const cents = toCents(stringOrNull(line['amount']));
    return typeof line['paymentTransactionId'] === 'string' && cents !== 0 ? [{ fromType: 'ldg_deposit', from: String(doc['id']), to: line['paymentTransactionId'], cents, discountCents: 0 }] : [];
  });
}

/**
 * A deposit: money into a bank account, from payments waiting in undeposited funds (each deposited
 * whole, once) and from other lines (an account and an amount each), less any cash kept back.
 */
export const depositRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    const id = previous ? String(doc['id']) : undefined;
    if (Array.isArray(body['lines'])) doc['lines'] = buildDepositLines(ctx, body['lines'], previous, id);
    if (isJsonObject(body['cashBack'])) doc['cashBack'] = cashBackOf(ctx, body['cashBack'], previous?.['cashBack']);
    if (!previous && doc['exchangeRate'] === null) doc['exchangeRate'] = 1;
    const lines = (Array.isArray(doc['lines']) ? doc['lines'] : []).filter(isJsonObject);
    const deposited = sumCents(lines.map((l) => toCents(stringOrNull(l['amount']))), 'The lines of the deposit');
    const kept = isJsonObject(doc['cashBack']) ? toCents(stringOrNull(doc['cashBack']['amount'])) : 0;
    if (kept > deposited) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `The cash back (${fromCents(kept)}) is more than the deposit's lines (${fromCents(deposited)}).`);
    doc['totalAmount'] = fromCents(deposited - kept);
    doc['totalAmountInHomeCurrency'] = fromCents(deposited - kept);
  },
  afterWrite(ctx, doc, previous) {
    ctx.ledger.links.setOwnedBy(String(doc['id']), linksOf(doc), previous === undefined);
  },
  beforeRemove(ctx, doc) {
    ctx.ledger.links.setOwnedBy(String(doc['id']), [], false);
  },
};

/** What waits in undeposited funds, oldest first: the Service's payments-to-deposit list. */
export function paymentsToDeposit(ctx: RulesContext): JsonObject[] {
  // A read: a company file with no Undeposited Funds has nothing waiting, and gets no such account.
  const funds = existingSpecialAccount(ctx, 'undeposited_funds');
  if (funds === undefined) return [];
  const waiting = DEPOSITABLE_TYPES.flatMap((type) => ctx.referencing(type, 'depositToAccount', funds));
  return waiting
    .filter((payment) => depositOf(ctx, String(payment['id'])) === undefined && toCents(stringOrNull(payment['totalAmount'])) !== 0)
    .sort((a, b) => String(a['transactionDate']).localeCompare(String(b['transactionDate'])) || String(a['id']).localeCompare(String(b['id'])))
    .map((payment) => ({
      paymentTransactionId: String(payment['id']),
      paymentTransactionLineId: null,
      transactionType: transactionTypeOf(String(payment['objectType'])),
      customer: payment['customer'] ?? null,
      transactionDate: payment['transactionDate'] ?? null,
      refNumber: payment['refNumber'] ?? null,
      amount: payment['totalAmount'] ?? '0.00',
      currency: payment['currency'] ?? null,
      exchangeRate: payment['exchangeRate'] ?? null,
      amountInHomeCurrency: payment['totalAmountInHomeCurrency'] ?? payment['totalAmount'] ?? null,
    }));
}
