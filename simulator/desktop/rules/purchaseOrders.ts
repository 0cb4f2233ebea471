import type { TypeRules, RulesContext } from '../table/TypeRules.ts';
import { isJsonObject, type JsonObject } from '../values/json.ts';
import { fromCents, sumCents, toCents } from '../values/money.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { aNounOf } from '../values/typeNoun.ts';
import { purchaseGroupsOf, purchaseLinesOf } from './purchaseLines.ts';
import { linesWithGroupsOf } from '../books/documentLines.ts';
import { billOf } from '../books/receiptBills.ts';
import { defaultLinesOpen, ON_PURCHASE_ORDERS, onOrderRules } from './onOrder.ts';
import { assertTakenLinesKept, lineLinksAfter, linkedLinesOf, quantityOf, refreshSources, sourceEntries, sourceLinesOf, sourceLinksOf, type LinkedLines, type SourceSide } from './sourceLinks.ts';
import { WriteNote } from './writeNotes.ts';

/** Purchases whose lines can come from a purchase order: they receive its goods. */
const RECEIVING_TYPES = ['ldg_bill', 'ldg_item_receipt', 'ldg_check', 'ldg_credit_card_charge'];


/**
 * What was received and billed of each line of a purchase order: an item receipt receives, a bill
 * (or a check, a card charge) receives and bills. `unbilledQuantity` is what was received on item
 * receipts alone.
 */
function countReceived(ctx: RulesContext, order: JsonObject): void {
  const id = String(order['id']);
  const received = ctx.ledger.links.takenFrom(id);
  const onReceipts = new Map<string, number>();
  for (const link of ctx.ledger.links.to(id)) {
    // A receipt a bill took over is billed: what it received counts as billed.
    if (link.fromType !== 'ldg_item_receipt' || billOf(ctx, link.from) !== undefined) continue;
    for (const l of ctx.ledger.links.lineLinksOf(link.from)) if (l.sourceId === id) onReceipts.set(l.sourceLineId, (onReceipts.get(l.sourceLineId) ?? 0) + l.quantity);
  }
  const lines = sourceLinesOf(ctx, order);
  for (const line of lines) {
    const lineId = String(line['id']);
    const got = received.get(lineId) ?? 0;
    line['receivedQuantity'] = got;
    line['unbilledQuantity'] = onReceipts.get(lineId) ?? 0;
    line['isBilled'] = got - (onReceipts.get(lineId) ?? 0) >= quantityOf(line);
  }
  order['isFullyReceived'] = lines.length > 0 && lines.every((l) => l['isManuallyClosed'] === true || Number(l['receivedQuantity']) >= quantityOf(l));
}

/** Purchase orders received by item receipts, bills, checks and card charges. */
export const ORDERS_RECEIVED: SourceSide = {
  sources: ['ldg_purchase_order'],
  made: RECEIVING_TYPES,
  party: 'vendor',
  lines: 'itemLines',
  price: 'cost',
  nouns: 'purchase orders',
  count: countReceived,
  openOf(ctx, order, line) {
    if (line['isManuallyClosed'] === true) return 0;
    return Math.max(0, quantityOf(line) - (ctx.ledger.links.takenFrom(String(order['id'])).get(String(line['id'])) ?? 0));
  },
};

/** What a purchase's own request changes of its links to purchase orders, from `compute` to `afterWrite`. */
const linkedLinesFor = new WriteNote<LinkedLines>();

/**
 * The item lines of a purchase (`itemLines`), taking lines from purchase orders where the request
 * says so (`linkToTransactionIds`, `linkToTransactionLine`, for the types that receive goods).
 * Undefined when the request leaves the item lines alone.
 */
export function itemLinesOf(ctx: RulesContext, objectType: string, doc: JsonObject, body: JsonObject, previous: JsonObject | undefined): JsonObject[] | undefined {
  const linked = previous ? undefined : linkedLinesOf(ctx, ORDERS_RECEIVED, doc, body);
  if (linked && !RECEIVING_TYPES.includes(objectType)) {
    throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `${aNounOf(objectType, true)} cannot be made from a purchase order.`);
  }
  if (!linked && !('itemLines' in body)) return undefined;
  const inputs = linked?.inputs ?? (Array.isArray(body['itemLines']) ? body['itemLines'].filter(isJsonObject) : []);
  linkedLinesFor.set(ctx, doc, linked ?? { inputs, origins: [] });
  return purchaseLinesOf(ctx, objectType, 'itemLines', inputs, previous);
}

/**
 * After a purchase was written: its links to the purchase orders its lines came from, and those
 * orders' counts. True when they changed.
 */
export function relinkOrders(ctx: RulesContext, doc: JsonObject, previous: JsonObject | undefined): boolean {
  const id = String(doc['id']);
  const lineLinks = lineLinksAfter(ctx, ORDERS_RECEIVED, doc, linkedLinesFor.get(ctx, doc), previous);
  // A new purchase that links nothing (every one a bulk load writes) has nothing to relink.
  if (!lineLinks || (!previous && lineLinks.length === 0)) return false;
  ctx.ledger.links.setLineLinks(id, lineLinks, previous === undefined);
  const links = sourceLinksOf(ORDERS_RECEIVED, doc, lineLinks);
  const before = ctx.ledger.links.setOwnedBy(id, links, previous === undefined, [String(doc['objectType'])]);
  refreshSources(ctx, ORDERS_RECEIVED, before, links);
  return true;
}

/** Before a purchase is deleted or voided: the purchase orders it received from get their quantities back. */
export function unlinkOrders(ctx: RulesContext, doc: JsonObject): void {
  const id = String(doc['id']);
  if (ctx.ledger.links.lineLinksOf(id).length === 0) return;
  ctx.ledger.links.setLineLinks(id, [], false);
  refreshSources(ctx, ORDERS_RECEIVED, ctx.ledger.links.setOwnedBy(id, [], false, [String(doc['objectType'])]));
}

/** After an item receipt was billed or given back by its bill: the purchase orders it received from count again. */
export function refreshOrdersOf(ctx: RulesContext, receiptId: string): void {
  refreshSources(ctx, ORDERS_RECEIVED, ctx.ledger.links.ownedBy(receiptId));
}

/** How a purchase shows the purchase orders it received from. */
export function orderEntries(ctx: RulesContext, id: string): JsonObject[] {
  // Its own links to orders only: a bill also owns the links of the receipts it took over.
  return sourceEntries(
    ctx,
    ORDERS_RECEIVED,
    ctx.ledger.links.ownedBy(id).filter((l) => l.from === id),
  );
}

/**
 * A purchase order: what the company ordered from a vendor. It posts nothing; its lines count
 * what purchases received of them, and a line something was received of cannot be removed.
 */
export const purchaseOrderRules: TypeRules = {
  ...onOrderRules(ON_PURCHASE_ORDERS),
  compute(ctx, doc, body, previous) {
    if ('lines' in body) doc['lines'] = purchaseLinesOf(ctx, 'ldg_purchase_order', 'lines', body['lines'], previous);
    const shape = ctx.shapeOf('ldg_purchase_order');
    for (const layout of shape.groups) if (layout.groups in body) doc[layout.groups] = purchaseGroupsOf(ctx, 'ldg_purchase_order', layout, body[layout.groups], previous);
    defaultLinesOpen(ctx, doc);
    if (!previous && doc['exchangeRate'] === null) doc['exchangeRate'] = 1;
    assertTakenLinesKept(ctx, doc, previous);
    // Its groups' lines count as its own lines do.
    const total = sumCents(
      linesWithGroupsOf(shape, 'lines', doc).map((l) => toCents(typeof l['amount'] === 'string' ? l['amount'] : null)),
      'The amount of the purchase order',
    );
    doc['totalAmount'] = fromCents(total);
    doc['totalAmountInHomeCurrency'] = fromCents(total);
    countReceived(ctx, doc);
  },
};
