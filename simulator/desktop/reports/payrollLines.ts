import { refId } from '../books/refId.ts';
import { transactionTypeOf } from '../books/transactionTypes.ts';
import { objectsOf, type JsonObject } from '../values/json.ts';
import { centsOf, taxKindOf } from '../books/payrollFigures.ts';
import type { ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';

/** Where a payroll item sits in the payroll reports: gross pay, taxes withheld from it, or what the company pays on top. */
export type PaySection = 'wage' | 'withheld' | 'company';
export const SECTION_ORDER: readonly PaySection[] = ['wage', 'withheld', 'company'];

/** One line of a paycheck or a liability check, with what the payroll reports show of it. */
export interface PayLine {
  txn: JsonObject;
  /** `paycheck` or `payroll_liability_check`. */
  type: string;
  date: string;
  refNumber: string | null;
  /** The employee of a paycheck; the payee of a liability check. */
  party: string | null;
  item: string;
  itemName: string;
  section: PaySection;
  hours: number | null;
  rate: string | null;
  wageBase: number | null;
  /** Cents as the line says: what was earned, withheld, added or (a liability check) paid. */
  cents: number;
  /** The account the line's amount goes to: the wage item's or tax item's expense account, or the tax item's liability account. */
  account: string | null;
  /** For a tax item: the liability account it is owed on. */
  liability: string | null;
  ratePercent: string | null;
  /** A wage item's kind (`hourly_regular`, `salary_regular`...). */
  wageType: string | null;
  state: string | null;
}

/** The payroll's items by id: wage items and tax items, with their names, accounts and rates. */
function payrollItems(books: ReportBooks): Map<string, JsonObject> {
  return new Map([...books.all('ldg_payroll_wage_item'), ...books.all('ldg_payroll_tax_item')].map((d) => [String(d['id']), d]));
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The lines of the paychecks (and liability checks) of the report's period that its name, class
 * and account filters keep, in date order: what every payroll report is made of.
 */
export function payLines(books: ReportBooks, request: ReportRequest, withLiabilityChecks: boolean): PayLine[] {
  const { from, to } = request.period;
  const { entities, classes, accounts } = request.filter;
  const items = payrollItems(books);
  const inPeriod = (doc: JsonObject): boolean => {
    const date = String(doc['transactionDate']);
    return date <= to && (from === null || date >= from);
  };
  const out: PayLine[] = [];
  const push = (txn: JsonObject, party: string | null, line: JsonObject, itemField: string, liabilityCheck: boolean): void => {
    const item = refId(line[itemField]) ?? '';
    const doc = items.get(item);
    const section: PaySection = itemField === 'payrollWageItem' ? 'wage' : taxKindOf(doc);
    const liability = refId(doc?.['liabilityAccount']);
    const account = liabilityCheck || section === 'withheld' ? liability : refId(doc?.['expenseAccount']);
    if (accounts && !accounts.has(account ?? '') && !accounts.has(liability ?? '')) return;
    const hours = Number(line['hours']);
    out.push({
      txn,
      type: transactionTypeOf(String(txn['objectType'])),
      date: String(txn['transactionDate']),
      refNumber: text(txn['refNumber']),
      party,
      item,
      itemName: text(doc?.['name']) ?? item,
      section,
      hours: typeof line['hours'] === 'string' && Number.isFinite(hours) ? hours : null,
      rate: text(line['rate']),
      wageBase: typeof line['wageBase'] === 'string' ? centsOf(line['wageBase']) : null,
      cents: centsOf(line['amount']),
      account,
      liability,
      ratePercent: text(doc?.['ratePercent']),
      wageType: text(doc?.['wageType']),
      state: text(doc?.['state']),
    });
  };
  for (const check of books.all('ldg_paycheck')) {
    const employee = refId(check['employee']);
    if (!inPeriod(check) || (entities && !entities.has(employee ?? '')) || (classes && !classes.has(refId(check['class']) ?? ''))) continue;
    for (const line of objectsOf(check['earnings'])) push(check, employee, line, 'payrollWageItem', false);
    for (const line of objectsOf(check['taxes'])) push(check, employee, line, 'payrollTaxItem', false);
  }
  if (withLiabilityChecks) {
    for (const check of books.all('ldg_payroll_liability_check')) {
      const payee = refId(check['payee']);
      if (!inPeriod(check) || (entities && !entities.has(payee ?? '')) || classes) continue;
      for (const line of objectsOf(check['lines'])) push(check, payee, line, 'payrollTaxItem', true);
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || String(a.txn['id']).localeCompare(String(b.txn['id'])));
}

/** Items in the payroll reports' order: wages, then taxes withheld, then the company's, each by name. */
export function itemOrder(a: { section: PaySection; itemName: string }, b: { section: PaySection; itemName: string }): number {
  return SECTION_ORDER.indexOf(a.section) - SECTION_ORDER.indexOf(b.section) || a.itemName.toLowerCase().localeCompare(b.itemName.toLowerCase());
}

/** A paycheck line as it changes the employee's net pay: earnings add, withholdings take away, the company's taxes do neither. */
export const netEffect = (l: PayLine): number => (l.section === 'wage' ? l.cents : l.section === 'withheld' ? -l.cents : 0);
