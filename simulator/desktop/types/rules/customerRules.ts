import type { JsonObject } from '../../json.ts';
import { fromCents, toCents } from '../../money.ts';
import type { RulesContext, TypeRules } from '../TypeRules.ts';
import { parentIdOf, rememberOpening, rollUpTree } from './balances.ts';

/** What is open on a customer: the balances of its invoices. */
function openInvoices(ctx: RulesContext): (id: string) => number[] {
  return (id) => ctx.referencing('ldg_invoice', 'customer', id).map((invoice) => toCents(typeof invoice['balanceRemaining'] === 'string' ? invoice['balanceRemaining'] : null));
}

/** Own balance from open invoices and the opening balance; total balance adds every job below. */
export function rollUpCustomer(ctx: RulesContext, customerId: string): void {
  rollUpTree(ctx, 'ldg_customer', customerId, openInvoices(ctx));
}

export const customerRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    if (previous) return;
    // The opening balance is carried by the company file, not by a field of the customer.
    const opening = rememberOpening(ctx, String(doc['id']), body['openingBalance'], true);
    doc['balance'] = fromCents(opening);
    doc['totalBalance'] = fromCents(opening);
  },
  afterWrite(ctx, doc: JsonObject, previous) {
    if (ctx.bulk) return;
    const parentId = parentIdOf(doc);
    const oldParent = previous ? parentIdOf(previous) : null;
    if (oldParent && oldParent !== parentId) rollUpCustomer(ctx, oldParent);
    rollUpCustomer(ctx, String(doc['id']));
  },
};
