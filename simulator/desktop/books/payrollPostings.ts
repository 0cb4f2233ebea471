import { objectsOf, type JsonObject } from '../values/json.ts';
import { centsOf, paycheckFigures, taxKindOf } from './payrollFigures.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import type { Posting } from '../storage/Ledger.ts';
import { refId } from './refId.ts';
import { specialAccount } from './specialAccounts.ts';

/** Finds an object by type and id: the company file's rules, or a report's books. */
type Find = (objectType: string, id: string) => JsonObject | undefined;

/** One posting of a payroll transaction's line: its payroll item, and its item's account (null: the special account named). */
export interface PayrollItemPosting {
  item: string | null;
  account: string | null;
  fallback: 'payroll_expenses' | 'payroll_liabilities';
  cents: number;
}

/**
 * What a paycheck's lines post, in the order they post, before the net pay: each earning on its
 * wage item's expense account; each withheld tax owed on its liability account; each company tax
 * on its expense account, owed on its liability account. The books post these; reports by payroll
 * item read the same walk, so a posting's item is the one at its place.
 */
export function paycheckItemPostings(find: Find, doc: JsonObject): PayrollItemPosting[] {
  const out: PayrollItemPosting[] = [];
  for (const earning of objectsOf(doc['earnings'])) {
    const item = refId(earning['payrollWageItem']);
    const cents = centsOf(earning['amount']);
    if (cents !== 0) out.push({ item, account: refId(find('ldg_payroll_wage_item', item ?? '')?.['expenseAccount']), fallback: 'payroll_expenses', cents });
  }
  for (const tax of objectsOf(doc['taxes'])) {
    const item = refId(tax['payrollTaxItem']);
    const found = find('ldg_payroll_tax_item', item ?? '');
    const cents = centsOf(tax['amount']);
    if (cents === 0) continue;
    if (taxKindOf(found) === 'company') out.push({ item, account: refId(found?.['expenseAccount']), fallback: 'payroll_expenses', cents });
    out.push({ item, account: refId(found?.['liabilityAccount']), fallback: 'payroll_liabilities', cents: -cents });
  }
  return out;
}

/** What a payroll liability check's lines post, in order, before the bank: what each pays off its tax item's liability account. */
export function liabilityCheckItemPostings(find: Find, doc: JsonObject): PayrollItemPosting[] {
  const out: PayrollItemPosting[] = [];
  for (const line of objectsOf(doc['lines'])) {
    const item = refId(line['payrollTaxItem']);
    const cents = centsOf(line['amount']);
    if (cents !== 0) out.push({ item, account: refId(find('ldg_payroll_tax_item', item ?? '')?.['liabilityAccount']), fallback: 'payroll_liabilities', cents });
  }
  return out;
}

/** A paycheck: its lines' postings (`paycheckItemPostings`), then the net pay out of the bank. Every posting names the employee and the paycheck's class. */
export function paycheckPostings(ctx: RulesContext, doc: JsonObject): Posting[] {
  const employee = refId(doc['employee']);
  const line = { item: null, class: refId(doc['class']) };
  const postings: Posting[] = paycheckItemPostings((t, id) => ctx.find(t, id), doc).map((p) => ({ account: p.account ?? specialAccount(ctx, p.fallback), entity: employee, openLedger: null, cents: p.cents, line }));
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
  const lines = liabilityCheckItemPostings((t, id) => ctx.find(t, id), doc);
  const postings: Posting[] = lines.map((p) => ({ account: p.account ?? specialAccount(ctx, p.fallback), entity: payee, openLedger: null, cents: p.cents }));
  postings.push({ account: bank, entity: payee, openLedger: null, cents: -lines.reduce((s, p) => s + p.cents, 0) });
  return postings;
}
