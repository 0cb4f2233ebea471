import { isJsonObject } from '../../json.ts';
import type { TypeRules } from '../TypeRules.ts';
import { assertDepositKept } from './depositRules.ts';
import { saleRules } from './salesDocuments.ts';
import { applyTaken, assertTakenLinesKept } from './sourceLinks.ts';

/** A sale paid on the spot: its total goes where the money was put, undeposited funds unless it says otherwise. */
export const salesReceiptRules: TypeRules = saleRules({
  account: { field: 'depositToAccount', special: 'undeposited_funds' },
  afterTotals: assertDepositKept,
});

/** An estimate posts nothing: it is a quote, turned into invoices later. */
export const estimateRules: TypeRules = saleRules({
  compute(ctx, doc, _body, previous) {
    assertTakenLinesKept(ctx, doc, previous);
  },
});

/** A sales order posts nothing: its lines are invoiced later, each line counting what was invoiced of it. */
export const salesOrderRules: TypeRules = saleRules({
  compute(ctx, doc, _body, previous) {
    assertTakenLinesKept(ctx, doc, previous);
    for (const line of Array.isArray(doc['lines']) ? doc['lines'].filter(isJsonObject) : []) {
      if (line['isManuallyClosed'] === null) line['isManuallyClosed'] = false;
    }
    applyTaken(ctx, doc);
  },
});
