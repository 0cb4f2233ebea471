import { addDays } from '../desktopTime.ts';
import { DESKTOP_STATUS, DesktopError } from '../DesktopError.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import { fromCents, percentOfCents, sumCents, toCents } from '../money.ts';
import type { ObjectRules, RulesContext } from '../ObjectRules.ts';
import { rollUpBalances } from './customerRules.ts';
import { lineGroupsOf, linesOf } from './invoiceLines.ts';

function refIdOf(value: JsonValue | undefined): string | undefined {
  return isJsonObject(value) && typeof value['id'] === 'string' ? value['id'] : undefined;
}

/** The next free number after the highest all-digit ref number, as the desktop application counts. */
function nextRefNumber(ctx: RulesContext): string {
  const last = Number(ctx.getMeta('invoice.lastRefNumber') ?? '1000');
  return String(last + 1);
}

function rememberRefNumber(ctx: RulesContext, refNumber: JsonValue): void {
  if (typeof refNumber === 'string' && /^\d{1,11}$/.test(refNumber)) {
    const last = Number(ctx.getMeta('invoice.lastRefNumber') ?? '1000');
    if (Number(refNumber) > last) ctx.setMeta('invoice.lastRefNumber', refNumber);
  }
}

/** Defaults the desktop application copies from the customer onto a new invoice. */
function fillFromCustomer(ctx: RulesContext, doc: JsonObject, body: JsonObject): void {
  const customer = ctx.find('ldg_customer', refIdOf(doc['customer']) ?? '');
  if (!customer) return;
  for (const field of ['terms', 'salesRepresentative', 'salesTaxItem', 'salesTaxCode', 'billingAddress', 'shippingAddress'] as const) {
    const sent = field in body || `${field}Id` in body;
    if (!sent && doc[field] === null) doc[field] = customer[field] ?? null;
  }
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

export const invoiceRules: ObjectRules = {
  objectType: 'ldg_invoice',
  kind: 'transaction',
  hierarchical: false,
  ownKeys: ['lines', 'lineGroups', 'linkToTransactionIds', 'applyCredits'],
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
      fillFromCustomer(ctx, doc, body);
      if (doc['refNumber'] === null) doc['refNumber'] = nextRefNumber(ctx);
      if (doc['receivablesAccount'] === null) {
        const ar = ctx.getMeta('account.receivable');
        if (ar) doc['receivablesAccount'] = ctx.resolve('receivablesAccount', ar);
      }
      for (const flag of ['isPending', 'isFinanceCharge', 'isQueuedForPrint', 'isQueuedForEmail'] as const) {
        if (doc[flag] === null) doc[flag] = false;
      }
      if (doc['exchangeRate'] === null) doc['exchangeRate'] = 1;
    }
    if (doc['dueDate'] === null || (!('dueDate' in body) && ('termsId' in body || 'transactionDate' in body))) {
      const terms = ctx.find('ldg_standard_term', refIdOf(doc['terms']) ?? '');
      const days = typeof terms?.['dueDays'] === 'number' ? terms['dueDays'] : 0;
      doc['dueDate'] = addDays(String(doc['transactionDate']), days);
    }
    rememberRefNumber(ctx, doc['refNumber'] ?? null);
    if (previous) computeTotals(ctx, doc);
    else computeTotals(ctx, doc, []);
  },
  afterWrite(ctx, doc, previous) {
    if (ctx.bulk) return;
    const customerId = refIdOf(doc['customer']);
    if (customerId) rollUpBalances(ctx, customerId);
    const before = previous ? refIdOf(previous['customer']) : undefined;
    if (before && before !== customerId) rollUpBalances(ctx, before);
  },
};
