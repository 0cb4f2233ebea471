import { vendorOwnCents } from '../books/keepBooks.ts';
import { fromCents } from '../values/money.ts';
import type { TypeRules } from '../table/TypeRules.ts';
import { rememberOpening } from '../books/balances.ts';
import { postOpening } from '../books/openingBalances.ts';

/** A vendor's balance is what the company owes it: its opening balance (posted on Accounts Payable) and its bills, less what was paid. */
export const vendorRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    const id = String(doc['id']);
    doc['balance'] = fromCents(previous ? vendorOwnCents(ctx, id) : rememberOpening(ctx, id, body['openingBalance'], true, body['openingBalanceDate']));
  },
  afterWrite(ctx, doc, previous) {
    if (!previous) postOpening(ctx, 'ldg_vendor', doc, true);
  },
};
