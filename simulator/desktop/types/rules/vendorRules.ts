import { vendorOwnCents } from '../../books/keepBooks.ts';
import { fromCents } from '../../money.ts';
import type { TypeRules } from '../TypeRules.ts';
import { openingCents, rememberOpening } from './balances.ts';

/** A vendor's balance is what the company owes it: its opening balance and its bills, less what was paid. */
export const vendorRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    const id = String(doc['id']);
    doc['balance'] = fromCents(previous ? openingCents(ctx, id) + vendorOwnCents(ctx, id) : rememberOpening(ctx, id, body['openingBalance'], true));
  },
};
