import { linesWithGroupsOf } from '../books/documentLines.ts';
import { refId } from '../books/refId.ts';
import { roundQuantity, STOCKED, STOCKED_TYPES } from '../books/stock.ts';
import { objectsOf, type JsonObject } from '../values/json.ts';
import type { RulesContext } from '../table/TypeRules.ts';

/** What an order keeps open of a stocked item, and where the item and its sites show it. */
interface OrderSide {
  order: string;
  /** What a line counts as done (invoiced, received). */
  done: string;
  itemField: string;
  siteField: string;
}

export const ON_SALES_ORDERS: OrderSide = { order: 'ldg_sales_order', done: 'quantityInvoiced', itemField: 'quantityOnSalesOrder', siteField: 'quantityOnSalesOrders' };
export const ON_PURCHASE_ORDERS: OrderSide = { order: 'ldg_purchase_order', done: 'receivedQuantity', itemField: 'quantityOnPurchaseOrder', siteField: 'quantityOnPurchaseOrders' };

const num = (value: unknown, otherwise: number): number => (typeof value === 'number' ? value : otherwise);

/** The stocked items an order's lines name. */
export function itemsOfOrder(order: JsonObject | undefined): string[] {
  return objectsOf(order?.['lines']).flatMap((line) => {
    const item = refId(line['item']);
    return item === null ? [] : [item];
  });
}

/** What one order keeps open of an item: each line's quantity less what was done of it, unless the line or the order was closed by hand. */
function openOf(side: OrderSide, order: JsonObject, item: string): number {
  if (order['isManuallyClosed'] === true) return 0;
  return objectsOf(order?.['lines'])
    .filter((line) => refId(line['item']) === item && line['isManuallyClosed'] !== true)
    .reduce((sum, line) => sum + Math.max(0, num(line['quantity'], 1) - num(line[side.done], 0)), 0);
}

/** An order's lines, its groups' lines included, are open unless closed by hand: the desktop answers `false`, never nothing. */
export function defaultLinesOpen(ctx: Pick<RulesContext, 'shapeOf'>, order: JsonObject): void {
  for (const line of linesWithGroupsOf(ctx.shapeOf(String(order['objectType'])), 'lines', order)) {
    if (line['isManuallyClosed'] === null || line['isManuallyClosed'] === undefined) line['isManuallyClosed'] = false;
  }
}

/** The order types, by object type. */
export const ORDER_SIDES: Readonly<Record<string, OrderSide>> = { ldg_sales_order: ON_SALES_ORDERS, ldg_purchase_order: ON_PURCHASE_ORDERS };

/**
 * Brings the quantity on order of these items up to date, on the item and its first site, from
 * every order that names them (`leaving`: an order on its way out, not counted).
 */
export function refreshOnOrder(ctx: RulesContext, side: OrderSide, items: Iterable<string>, leaving?: string): void {
  for (const id of new Set(items)) {
    const type = STOCKED.find((t) => ctx.find(t, id) !== undefined);
    const item = type === undefined ? undefined : ctx.find(type, id);
    if (type === undefined || !item) continue;
    const onOrder = roundQuantity(
      ctx
        .referencing(side.order, 'lines.item', id)
        .filter((order) => order['id'] !== leaving)
        .reduce((sum, order) => sum + openOf(side, order, id), 0),
    );
    if (item[side.itemField] !== onOrder) ctx.rewriteAmounts(type, { ...item, [side.itemField]: onOrder });
    const site = ctx.referencing('ldg_item_site', STOCKED_TYPES[type] ?? '', id)[0];
    if (site && site[side.siteField] !== onOrder) ctx.rewriteAmounts('ldg_item_site', { ...site, [side.siteField]: onOrder });
  }
}

/** The rules an order adds to its type's: what it keeps open of its items follows each write and its removal (a bulk load counts once at its end). */
export function onOrderRules(side: OrderSide): { afterWrite(ctx: RulesContext, doc: JsonObject, previous: JsonObject | undefined): void; beforeRemove(ctx: RulesContext, doc: JsonObject): void } {
  return {
    afterWrite(ctx, doc, previous) {
      if (!ctx.bulk) refreshOnOrder(ctx, side, [...itemsOfOrder(previous), ...itemsOfOrder(doc)]);
    },
    beforeRemove(ctx, doc) {
      refreshOnOrder(ctx, side, itemsOfOrder(doc), String(doc['id']));
    },
  };
}
