import { isJsonObject, stringOrNull, type JsonObject } from '../values/json.ts';
import { fromCents, sumCents, toCents } from '../values/money.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import { appliedCentsOfAll } from './applications.ts';

/** What a stored payment's entries pay, as amounts only. */
export function storedEntries(doc: JsonObject): { cents: number }[] {
  return (Array.isArray(doc['appliedToTransactions']) ? doc['appliedToTransactions'] : []).filter(isJsonObject).map((a) => ({ cents: toCents(stringOrNull(a['amount'])) }));
}

/** What refunds took of a payment's unused part, in cents: the links from it that it does not own. */
export function refundedOf(ctx: RulesContext, paymentId: string): number {
  return sumCents(
    ctx.ledger.links
      .from(paymentId)
      .filter((l) => l.owner !== paymentId)
      .map((l) => l.cents),
    'What was refunded',
  );
}

/** After a refund of a payment's unused part changed: what the payment shows unused. */
export function refreshUnused(ctx: RulesContext, paymentId: string): void {
  const stored = ctx.find('ldg_receive_payment', paymentId);
  if (!stored) return;
  const applied = appliedCentsOfAll(storedEntries(stored));
  ctx.rewriteAmounts('ldg_receive_payment', { ...stored, unusedPayment: fromCents(toCents(stringOrNull(stored['totalAmount'])) - applied - refundedOf(ctx, paymentId)) }, undefined);
}
