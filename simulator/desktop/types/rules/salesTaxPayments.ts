import type { Posting } from '../../books/Ledger.ts';
import { refId } from '../../books/refId.ts';
import { specialAccount } from '../../books/specialAccounts.ts';
import { isJsonObject, type JsonObject } from '../../json.ts';
import { fromCents, sumCents, toCents } from '../../money.ts';
import type { RulesContext, TypeRules } from '../TypeRules.ts';

const TYPE = 'ldg_sales_tax_payment_check';

/** One line: the tax item paid for and how much; `taxAmount` is the tax this line pays, which is its amount. */
function lineOf(ctx: RulesContext, input: JsonObject): JsonObject {
  const amount = fromCents(toCents(typeof input['amount'] === 'string' ? input['amount'] : null));
  return {
    id: ctx.nextTransactionId(),
    objectType: 'ldg_sales_tax_payment_check_line',
    salesTaxItem: typeof input['salesTaxItemId'] === 'string' ? ctx.resolve(TYPE, 'lines.salesTaxItem', input['salesTaxItemId']) : null,
    amount,
    taxAmount: amount,
  };
}

/** A check paying collected sales tax: its lines are set when it is written (an update cannot send lines), its amount is theirs. */
export const salesTaxPaymentRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    if (previous) return;
    const lines = (Array.isArray(body['lines']) ? body['lines'] : []).filter(isJsonObject).map((input) => lineOf(ctx, input));
    doc['lines'] = lines;
    doc['amount'] = fromCents(
      sumCents(
        lines.map((l) => toCents(String(l['amount']))),
        'The amount of the check',
      ),
    );
  },
};

/** What the company owes in sales tax goes down by the check, and so does the bank account it was written on. */
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
