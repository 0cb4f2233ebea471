import type { JsonObject } from '../values/json.ts';
import { defaultLinesOpen, ON_SALES_ORDERS, onOrderRules } from './onOrder.ts';
import type { RulesContext, TypeRules } from '../table/TypeRules.ts';
import { assertDepositKept } from './depositRules.ts';
import { saleRules } from './salesDocuments.ts';
import { assertTakenLinesKept, quantityOf, sourceLinesOf, type SourceSide } from './sourceLinks.ts';


/** The quantities invoiced of a sales order's lines and whether it is all invoiced, from what invoices took. */
function countInvoiced(ctx: RulesContext, doc: JsonObject): void {
  if (doc['objectType'] !== 'ldg_sales_order') return;
  const taken = ctx.ledger.links.takenFrom(String(doc['id']));
  const lines = sourceLinesOf(ctx, doc);
  for (const line of lines) line['quantityInvoiced'] = taken.get(String(line['id'])) ?? 0;
  doc['isFullyInvoiced'] = lines.length > 0 && lines.every((l) => l['isManuallyClosed'] === true || Number(l['quantityInvoiced']) >= quantityOf(l));
}

/** Estimates and sales orders turned into invoices: all of an estimate's lines stay open, a sales order's until invoiced. */
export const ESTIMATES_AND_ORDERS: SourceSide = {
  sources: ['ldg_estimate', 'ldg_sales_order'],
  made: ['ldg_invoice'],
  party: 'customer',
  lines: 'lines',
  price: 'rate',
  nouns: 'estimates and sales orders',
  count: countInvoiced,
  openOf(ctx, source, line) {
    if (source['objectType'] !== 'ldg_sales_order') return quantityOf(line);
    if (line['isManuallyClosed'] === true) return 0;
    return Math.max(0, quantityOf(line) - (ctx.ledger.links.takenFrom(String(source['id'])).get(String(line['id'])) ?? 0));
  },
};

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
export const salesOrderRules: TypeRules = {
  ...saleRules({
    compute(ctx, doc, _body, previous) {
      assertTakenLinesKept(ctx, doc, previous);
      defaultLinesOpen(ctx, doc);
      countInvoiced(ctx, doc);
    },
  }),
  ...onOrderRules(ON_SALES_ORDERS),
};
