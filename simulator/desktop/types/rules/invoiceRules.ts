import { addDays } from '../../desktopTime.ts';
import { DESKTOP_STATUS, DesktopError } from '../../DesktopError.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../../json.ts';
import { fromCents, percentOfCents, sumCents, toCents } from '../../money.ts';
import type { RulesContext, TypeRules } from '../TypeRules.ts';
import { rollUpCustomer } from './customerRules.ts';
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

/** `linked` defaults to what is stored; a new invoice (nothing stored yet) passes [] and spares the lookup. */
export function computeTotals(ctx: RulesContext, doc: JsonObject, linked: readonly JsonObject[] = ctx.linkedOf('ldg_invoice', String(doc['id']))): void {
  const lines = (Array.isArray(doc['lines']) ? doc['lines'] : []).filter(isJsonObject);
  const amounts = lines.map((line) => toCents(String(line['amount'] ?? '0')));
  const taxableAmounts = lines.filter((line) => ctx.find('ldg_sales_tax_code', refIdOf(line['salesTaxCode']) ?? '')?.['isTaxable'] === true);
  const subtotal = sumCents(amounts, 'The subtotal of the invoice');
  const taxable = sumCents(taxableAmounts.map((line) => toCents(String(line['amount'] ?? '0'))), 'The taxable amount of the invoice');
  const taxItem = ctx.find('ldg_sales_tax_item', refIdOf(doc['salesTaxItem']) ?? '');
  const percent = taxItem && typeof taxItem['taxRate'] === 'string' ? taxItem['taxRate'] : '0';
  const tax = percentOfCents(taxable, percent, 'The sales tax of the invoice');
  const applied = sumCents(linked.map((link) => toCents(String(link['amount'] ?? '0'))), 'The amount applied to the invoice');
  const balance = sumCents([subtotal, tax, applied], 'The balance of the invoice');
  doc['subtotal'] = fromCents(subtotal);
  doc['salesTaxPercentage'] = taxItem ? percent : null;
  doc['salesTaxTotal'] = fromCents(tax);
  doc['appliedAmount'] = fromCents(applied);
  doc['balanceRemaining'] = fromCents(balance);
  doc['balanceRemainingInHomeCurrency'] = fromCents(balance);
  doc['isPaid'] = balance <= 0;
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
      if (doc['receivablesAccount'] === null) {
        const ar = ctx.getMeta('account.receivable');
        if (ar) doc['receivablesAccount'] = ctx.resolve('ldg_invoice', 'receivablesAccount', ar);
      }
      if (doc['exchangeRate'] === null) doc['exchangeRate'] = 1;
    }
    if (doc['dueDate'] === null || (!('dueDate' in body) && ('termsId' in body || 'transactionDate' in body))) {
      doc['dueDate'] = dueDateOf(ctx, String(doc['transactionDate']), refIdOf(doc['terms']));
    }
    if (previous) computeTotals(ctx, doc);
    else computeTotals(ctx, doc, []);
  },
  afterWrite(ctx, doc, previous) {
    if (ctx.bulk) return;
    const customerId = refIdOf(doc['customer']);
    if (customerId) rollUpCustomer(ctx, customerId);
    const before = previous ? refIdOf(previous['customer']) : undefined;
    if (before && before !== customerId) rollUpCustomer(ctx, before);
  },
};
