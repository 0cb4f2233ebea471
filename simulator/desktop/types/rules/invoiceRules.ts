import type { Link } from '../../books/Ledger.ts';
import { specialAccount } from '../../books/specialAccounts.ts';
import { addDays } from '../../desktopTime.ts';
import { DESKTOP_STATUS, DesktopError } from '../../DesktopError.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../../json.ts';
import { fromCents, percentOfCents, sumCents, toCents } from '../../money.ts';
import type { RulesContext, TypeRules } from '../TypeRules.ts';
import { lineGroupsOf, linesOf } from './invoiceLines.ts';

function refIdOf(value: JsonValue | undefined): string | undefined {
  return isJsonObject(value) && typeof value['id'] === 'string' ? value['id'] : undefined;
}

/** The due date the terms give: days after the transaction, or a day of the month (with its grace period). */
export function dueDateOf(ctx: RulesContext, transactionDate: string, termsId: string | undefined): string {
  const standard = termsId ? ctx.find('ldg_standard_term', termsId) : undefined;
  if (standard) return addDays(transactionDate, typeof standard['dueDays'] === 'number' ? standard['dueDays'] : 0);
  const dated = termsId ? ctx.find('ldg_date_driven_term', termsId) : undefined;
  if (!dated || typeof dated['dueDayOfMonth'] !== 'number') return transactionDate;
  const [year = 0, month = 1, day = 1] = transactionDate.split('-').map(Number);
  const grace = typeof dated['gracePeriodDays'] === 'number' ? dated['gracePeriodDays'] : 0;
  // Within the grace period of the due day, the invoice falls due the month after next.
  let dueMonth = day + grace > dated['dueDayOfMonth'] ? month + 1 : month;
  let dueYear = year;
  if (dueMonth > 12) {
    dueMonth -= 12;
    dueYear += 1;
  }
  const lastDay = new Date(Date.UTC(dueYear, dueMonth, 0)).getUTCDate();
  return `${dueYear}-${String(dueMonth).padStart(2, '0')}-${String(Math.min(dated['dueDayOfMonth'], lastDay)).padStart(2, '0')}`;
}

/** What payments (and their discounts) have taken off a transaction: a negative amount, in cents. */
export function appliedCentsOf(ctx: RulesContext, id: string): number {
  return appliedCents(ctx.ledger.linksTo(id));
}

function appliedCents(links: readonly Link[]): number {
  return -sumCents(links.map((link) => link.cents + link.discountCents), 'The amount applied to the transaction');
}

/** Subtotal, tax, applied amount and balance from the lines, the tax item and `applied` (negative cents). */
export function computeTotals(ctx: RulesContext, doc: JsonObject, applied: number): void {
  const lines = (Array.isArray(doc['lines']) ? doc['lines'] : []).filter(isJsonObject);
  const amounts = lines.map((line) => toCents(String(line['amount'] ?? '0')));
  const taxableAmounts = lines.filter((line) => ctx.find('ldg_sales_tax_code', refIdOf(line['salesTaxCode']) ?? '')?.['isTaxable'] === true);
  const subtotal = sumCents(amounts, 'The subtotal of the invoice');
  const taxable = sumCents(taxableAmounts.map((line) => toCents(String(line['amount'] ?? '0'))), 'The taxable amount of the invoice');
  const taxItem = ctx.find('ldg_sales_tax_item', refIdOf(doc['salesTaxItem']) ?? '');
  const percent = taxItem && typeof taxItem['taxRate'] === 'string' ? taxItem['taxRate'] : '0';
  const tax = percentOfCents(taxable, percent, 'The sales tax of the invoice');
  const balance = sumCents([subtotal, tax, applied], 'The balance of the invoice');
  if (balance < 0) {
    throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `The total of invoice ${String(doc['refNumber'])} would be ${fromCents(subtotal + tax)}, less than the ${fromCents(-applied)} already applied to it.`);
  }
  doc['subtotal'] = fromCents(subtotal);
  doc['salesTaxPercentage'] = taxItem ? percent : null;
  doc['salesTaxTotal'] = fromCents(tax);
  doc['appliedAmount'] = fromCents(applied);
  doc['balanceRemaining'] = fromCents(balance);
  doc['balanceRemainingInHomeCurrency'] = fromCents(balance);
  doc['isPaid'] = balance <= 0;
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
  computeTotals(ctx, doc, appliedCents(links));
  ctx.rewriteAmounts('ldg_invoice', doc, links.length > 0 ? linkedTransactionsOf(ctx, links) : null);
  for (const link of links) {
    const payment = ctx.find(link.fromType, link.from);
    const applied = Array.isArray(payment?.['appliedToTransactions']) ? payment['appliedToTransactions'].filter(isJsonObject) : [];
    if (!payment || applied.every((a) => a['transactionId'] !== invoiceId || a['balanceRemaining'] === doc['balanceRemaining'])) continue;
    const entries = applied.map((a) => (a['transactionId'] === invoiceId ? { ...a, balanceRemaining: doc['balanceRemaining'] ?? null } : a));
    ctx.rewriteAmounts(link.fromType, { ...payment, appliedToTransactions: entries }, null);
  }
}

export const invoiceRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    for (const id of Array.isArray(body['linkToTransactionIds']) ? body['linkToTransactionIds'] : []) {
      throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Transaction "${String(id)}" specified in the request cannot be found.`);
    }
    for (const credit of Array.isArray(body['applyCredits']) ? body['applyCredits'].filter(isJsonObject) : []) {
      throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Credit "${String(credit['creditTransactionId'])}" specified in the request cannot be found.`);
    }
    if ('lines' in body) doc['lines'] = linesOf(ctx, body['lines'], previous);
    if ('lineGroups' in body) doc['lineGroups'] = lineGroupsOf(ctx, body['lineGroups']);
    if (!previous) {
      if (doc['receivablesAccount'] === null) doc['receivablesAccount'] = ctx.resolve('ldg_invoice', 'receivablesAccount', specialAccount(ctx, 'accounts_receivable'));
      if (doc['exchangeRate'] === null) doc['exchangeRate'] = 1;
    }
    if (doc['dueDate'] === null || (!('dueDate' in body) && ('termsId' in body || 'transactionDate' in body))) {
      doc['dueDate'] = dueDateOf(ctx, String(doc['transactionDate']), refIdOf(doc['terms']));
    }
    const applied = previous ? appliedCentsOf(ctx, String(doc['id'])) : 0;
    if (applied !== 0 && refIdOf(previous?.['customer']) !== refIdOf(doc['customer'])) {
      throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `Invoice ${String(doc['refNumber'])} has payments applied to it: its customer cannot change.`);
    }
    computeTotals(ctx, doc, applied);
  },
};
