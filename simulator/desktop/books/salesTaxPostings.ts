import type { JsonObject } from '../values/json.ts';
import { toCents } from '../values/money.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import type { Posting } from '../storage/Ledger.ts';
import { refId } from './refId.ts';
import { specialAccount } from './specialAccounts.ts';

/** A sales tax payment check: what the company owes in sales tax goes down by the check, and so does the bank account it was written on. */
export function salesTaxPaymentPostings(ctx: RulesContext, doc: JsonObject): Posting[] {
  const bank = refId(doc['bankAccount']);
  const agency = refId(doc['vendor']);
  const cents = toCents(typeof doc['amount'] === 'string' ? doc['amount'] : null);
  if (bank === null) return [];
  return [
    { account: specialAccount(ctx, 'sales_tax_payable'), entity: agency, openLedger: null, cents },
    { account: bank, entity: agency, openLedger: null, cents: -cents },
  ];
}
