import { objectsOf, type JsonObject } from '../values/json.ts';
import { centsOf, paycheckFigures, taxKindOf } from './payrollFigures.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import type { Posting } from '../storage/Ledger.ts';
import { refId } from './refId.ts';
import { specialAccount } from './specialAccounts.ts';

/**
 * A paycheck: each earning on its wage item's expense account; each withheld tax owed on its
 * liability account; each company tax on its expense account, owed on its liability account; the
 * net pay out of the bank. Every posting names the employee and the paycheck's class.
 */
export function paycheckPostings(ctx: RulesContext, doc: JsonObject): Posting[] {
  const employee = refId(doc['employee']);
  const line = { item: null, class: refId(doc['class']) };
  const at = (account: string, cents: number): Posting => ({ account, entity: employee, openLedger: null, cents, line });
  const postings: Posting[] = [];
  for (const earning of objectsOf(doc['earnings'])) {
    const wageItem = ctx.find('ldg_payroll_wage_item', refId(earning['payrollWageItem']) ?? '');
    const cents = centsOf(earning['amount']);
    if (cents !== 0) postings.push(at(refId(wageItem?.['expenseAccount']) ?? specialAccount(ctx, 'payroll_expenses'), cents));
  }
  for (const tax of objectsOf(doc['taxes'])) {
    const item = ctx.find('ldg_payroll_tax_item', refId(tax['payrollTaxItem']) ?? '');
    const cents = centsOf(tax['amount']);
    if (cents === 0) continue;
    if (taxKindOf(item) === 'company') postings.push(at(refId(item?.['expenseAccount']) ?? specialAccount(ctx, 'payroll_expenses'), cents));
    postings.push(at(refId(item?.['liabilityAccount']) ?? specialAccount(ctx, 'payroll_liabilities'), -cents));
  }
  const bank = refId(doc['bankAccount']);
  const { net } = paycheckFigures(ctx, doc);
  if (bank !== null && net !== 0) postings.push({ account: bank, entity: employee, openLedger: null, cents: -net });
  return bank === null ? [] : postings;
}

/** A payroll liability check: what each line pays comes off its tax item's liability account, out of the bank. */
export function liabilityCheckPostings(ctx: RulesContext, doc: JsonObject): Posting[] {
  const bank = refId(doc['bankAccount']);
  if (bank === null) return [];
  const payee = refId(doc['payee']);
  const postings: Posting[] = [];
  let total = 0;
  for (const line of objectsOf(doc['lines'])) {
    const item = ctx.find('ldg_payroll_tax_item', refId(line['payrollTaxItem']) ?? '');
    const cents = centsOf(line['amount']);
    if (cents === 0) continue;
    postings.push({ account: refId(item?.['liabilityAccount']) ?? specialAccount(ctx, 'payroll_liabilities'), entity: payee, openLedger: null, cents });
    total += cents;
  }
  postings.push({ account: bank, entity: payee, openLedger: null, cents: -total });
  return postings;
}
