import { isJsonObject, type JsonObject } from '../values/json.ts';
import { fromCents, sumCents, toCents } from '../values/money.ts';
import type { RulesContext, TypeRules } from '../table/TypeRules.ts';

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
