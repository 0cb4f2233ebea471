import { isJsonObject } from '../../json.ts';
import type { TypeRules } from '../TypeRules.ts';
import { assertDepositKept } from './depositRules.ts';
import { saleRules } from './salesDocuments.ts';

/** A sale paid on the spot: its total goes where the money was put, undeposited funds unless it says otherwise. */
export const salesReceiptRules: TypeRules = saleRules({
  account: { field: 'depositToAccount', special: 'undeposited_funds' },
  afterTotals: assertDepositKept,
});

/** An estimate posts nothing: it is a quote, turned into invoices later. */
export const estimateRules: TypeRules = saleRules({});

/** A sales order posts nothing: its lines are invoiced later, each line counting what was invoiced of it. */
export const salesOrderRules: TypeRules = saleRules({
  compute(_ctx, doc) {
    for (const line of Array.isArray(doc['lines']) ? doc['lines'].filter(isJsonObject) : []) {
      if (line['isManuallyClosed'] === null) line['isManuallyClosed'] = false;
      if (line['quantityInvoiced'] === null) line['quantityInvoiced'] = 0;
    }
  },
});
