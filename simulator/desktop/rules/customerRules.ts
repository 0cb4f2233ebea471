import { rollUpCustomer } from '../books/keepBooks.ts';
import { postOpening } from '../books/openingBalances.ts';
import type { JsonObject } from '../values/json.ts';
import { fromCents } from '../values/money.ts';
import type { TypeRules } from '../table/TypeRules.ts';
import { parentIdOf, rememberOpening } from '../books/balances.ts';

export const customerRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    if (previous) return;
    // The opening balance is carried by the company file, not by a field of the customer.
    const opening = rememberOpening(ctx, String(doc['id']), body['openingBalance'], true, body['openingBalanceDate']);
    doc['balance'] = fromCents(opening);
    doc['totalBalance'] = fromCents(opening);
  },
  afterWrite(ctx, doc: JsonObject, previous) {
    if (!previous) postOpening(ctx, 'ldg_customer', doc, true);
    if (ctx.bulk) return;
    const parentId = parentIdOf(doc);
    const oldParent = previous ? parentIdOf(previous) : null;
    if (oldParent && oldParent !== parentId) rollUpCustomer(ctx, oldParent);
    rollUpCustomer(ctx, String(doc['id']));
  },
};
