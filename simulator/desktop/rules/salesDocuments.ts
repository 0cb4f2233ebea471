import { linesWithGroupsOf } from '../books/documentLines.ts';
import { refId } from '../books/refId.ts';
import { specialAccount, type SpecialAccount } from '../books/specialAccounts.ts';
import { addDays, withinCalendar } from '../values/desktopTime.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { nounOf } from '../values/typeNoun.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { fromCents, lineAmountCents, percentOfCents, sumCents, toCents } from '../values/money.ts';
import type { RulesContext, TypeRules } from '../table/TypeRules.ts';
import { buildSaleLines, lineGroupsOf } from './salesLines.ts';

/**
 * What sets one kind of sale apart from the others (invoice, sales receipt, credit memo, estimate,
 * sales order); everything else about them, lines and totals first, is the same desktop code.
 */
export interface SaleShape {
  /** The header account a new one gets when the request names none. */
  account?: { field: 'receivablesAccount' | 'depositToAccount'; special: SpecialAccount };
  /**
   * How what other transactions applied to it shows: an invoice's `balanceRemaining`, a credit
   * memo's `creditRemaining`, or nothing beyond its total.
   */
  open?: 'balance' | 'credit';
  /** What is applied to it or taken from it with this write, in cents (a negative amount): payments, credits used. */
  applied?(ctx: RulesContext, doc: JsonObject, body: JsonObject, previous: JsonObject | undefined): number;
  /** The lines the request asks for, when the type makes some itself (an invoice from an estimate); undefined: `lines` as sent. */
  linesFrom?(ctx: RulesContext, doc: JsonObject, body: JsonObject, previous: JsonObject | undefined): JsonObject[] | undefined;
  /** Checks and fields particular to the type, once lines are built and before totals. */
  compute?(ctx: RulesContext, doc: JsonObject, body: JsonObject, previous: JsonObject | undefined): void;
  /** Checks that need the totals (a deposited cash sale keeps its total). */
  afterTotals?(ctx: RulesContext, doc: JsonObject, previous: JsonObject | undefined): void;
}

/** The due date the terms give (days after the transaction, or a day of the month with its grace period), within the desktop's calendar. */
export function dueDateOf(ctx: RulesContext, transactionDate: string, termsId: string | null): string {
  return withinCalendar(dueByTerms(ctx, transactionDate, termsId));
}

function dueByTerms(ctx: RulesContext, transactionDate: string, termsId: string | null): string {
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

/** An amount in the home currency: the transaction's exchange rate times the amount. */
function inHomeCurrency(cents: number, exchangeRate: JsonValue | undefined): string {
  const rate = typeof exchangeRate === 'number' && exchangeRate > 0 ? exchangeRate : 1;
  return fromCents(rate === 1 ? cents : lineAmountCents(rate, fromCents(cents), 'The amount in the home currency'));
}


/**
 * Subtotal, tax and total from the lines, the tax item and the taxable lines, then what is still
 * open after `applied` (negative cents): a balance (`open: 'balance'`, an invoice) or a credit
 * remaining (`'credit'`, a credit memo). Every sale has a subtotal and tax; an invoice has no
 * `totalAmount`, so the total is written only where the type has it.
 */
export function computeTotals(ctx: RulesContext, doc: JsonObject, applied: number, open: SaleShape['open']): void {
  const lines = linesWithGroupsOf(ctx.shapeOf(String(doc['objectType'])), 'lines', doc);
  const amounts = lines.map((line) => toCents(String(line['amount'] ?? '0')));
  const taxableAmounts = lines.filter((line) => ctx.find('ldg_sales_tax_code', refId(line['salesTaxCode']) ?? '')?.['isTaxable'] === true);
  // The names only reach a message when an amount overflows: plain words, not built per call.
  const subtotal = sumCents(amounts, 'The subtotal');
  const taxable = sumCents(taxableAmounts.map((line) => toCents(String(line['amount'] ?? '0'))), 'The taxable amount');
  const taxItem = ctx.find('ldg_sales_tax_item', refId(doc['salesTaxItem']) ?? '');
  const percent = taxItem && typeof taxItem['taxRate'] === 'string' ? taxItem['taxRate'] : '0';
  const tax = percentOfCents(taxable, percent, 'The sales tax');
  const total = sumCents([subtotal, tax], 'The total');
  const left = sumCents([total, applied], 'What is open');
  // A voided transaction a fixture makes as it was made may take more, for the moment before its void.
  if (left < 0 && ctx.asMade !== true) {
    throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `The total of ${nounOf(String(doc['objectType']))} ${String(doc['refNumber'])} would be ${fromCents(total)}, less than the ${fromCents(-applied)} already applied to it.`);
  }
  const rate = doc['exchangeRate'];
  doc['subtotal'] = fromCents(subtotal);
  doc['salesTaxPercentage'] = taxItem ? percent : null;
  doc['salesTaxTotal'] = fromCents(tax);
  if ('totalAmount' in doc) doc['totalAmount'] = fromCents(total);
  if ('totalAmountInHomeCurrency' in doc) doc['totalAmountInHomeCurrency'] = inHomeCurrency(total, rate);
  if (open === 'balance') {
    doc['appliedAmount'] = fromCents(applied);
    doc['balanceRemaining'] = fromCents(left);
    doc['balanceRemainingInHomeCurrency'] = inHomeCurrency(left, rate);
    doc['isPaid'] = left <= 0;
  }
  if (open === 'credit') {
    doc['creditRemaining'] = fromCents(left);
    doc['creditRemainingInHomeCurrency'] = inHomeCurrency(left, rate);
  }
}

/**
 * The rules of a sale: lines as the update semantics say, the header account and exchange rate a
 * new one gets, the due date its terms give, then totals and what is open.
 */
export function saleRules(shape: SaleShape): TypeRules {
  return {
    compute(ctx, doc, body, previous) {
      const objectType = String(doc['objectType']);
      const lines = shape.linesFrom ? shape.linesFrom(ctx, doc, body, previous) : body['lines'];
      if (lines !== undefined) doc['lines'] = buildSaleLines(ctx, objectType, lines, previous);
      for (const layout of ctx.shapeOf(objectType).groups) if (layout.groups in body) doc[layout.groups] = lineGroupsOf(ctx, objectType, layout, body[layout.groups], previous);
      if (!previous) {
        const account = shape.account;
        if (account && doc[account.field] === null) doc[account.field] = ctx.resolve(objectType, account.field, specialAccount(ctx, account.special));
        if (doc['exchangeRate'] === null) doc['exchangeRate'] = 1;
      }
      if ('terms' in doc && (doc['dueDate'] === null || (!('dueDate' in body) && ('termsId' in body || 'transactionDate' in body)))) {
        doc['dueDate'] = dueDateOf(ctx, String(doc['transactionDate']), refId(doc['terms']));
      }
      shape.compute?.(ctx, doc, body, previous);
      computeTotals(ctx, doc, shape.applied ? shape.applied(ctx, doc, body, previous) : 0, shape.open);
      shape.afterTotals?.(ctx, doc, previous);
    },
  };
}
