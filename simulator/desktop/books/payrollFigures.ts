import { objectsOf, type JsonObject, type JsonValue } from '../values/json.ts';
import { toCents } from '../values/money.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import { refId } from './refId.ts';

/** What a payroll tax item does with its amount: `withheld` comes out of the employee's pay; `company` is paid on top of it. */
export type TaxKind = 'withheld' | 'company';

export const centsOf = (value: JsonValue | undefined): number => toCents(typeof value === 'string' ? value : null);

export function taxKindOf(item: JsonObject | undefined): TaxKind {
  return item?.['taxKind'] === 'company' ? 'company' : 'withheld';
}

/** A paycheck's figures from its lines: gross pay, what was withheld, what the company adds, and the net pay the bank pays out. */
export function paycheckFigures(ctx: Pick<RulesContext, 'find'>, doc: JsonObject): { gross: number; withheld: number; company: number; net: number } {
  const gross = objectsOf(doc['earnings']).reduce((sum, line) => sum + centsOf(line['amount']), 0);
  let withheld = 0;
  let company = 0;
  for (const line of objectsOf(doc['taxes'])) {
    const cents = centsOf(line['amount']);
    if (taxKindOf(ctx.find('ldg_payroll_tax_item', refId(line['payrollTaxItem']) ?? '')) === 'company') company += cents;
    else withheld += cents;
  }
  return { gross, withheld, company, net: gross - withheld };
}
