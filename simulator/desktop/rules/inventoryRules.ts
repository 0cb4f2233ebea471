import { isJsonObject, type JsonObject } from '../values/json.ts';
import { divideCents, toCents } from '../values/money.ts';
import type { RulesContext, TypeRules } from '../table/TypeRules.ts';
import { costOfQuantity, setOpeningStock } from '../books/stock.ts';
import { postOpeningStock } from '../books/openingBalances.ts';

const ITEM_SITE_FIELD: Readonly<Record<string, string>> = {
  ldg_inventory_item: 'inventoryItemId',
  ldg_inventory_assembly_item: 'inventoryAssemblyItemId',
};

/** A new stocked item is kept at every inventory site; its starting stock sits at the first one. */
function addItemSites(ctx: RulesContext, doc: JsonObject): void {
  const field = ITEM_SITE_FIELD[String(doc['objectType'])];
  if (!field) return;
  const sites = ctx.all('ldg_inventory_site').filter((site) => site['isActive'] !== false);
  sites.forEach((site, i) => {
    ctx.addDerived('ldg_item_site', {
      [field]: String(doc['id']),
      inventorySiteId: String(site['id']),
      quantityOnHand: i === 0 && typeof doc['quantityOnHand'] === 'number' ? doc['quantityOnHand'] : 0,
      quantityOnPurchaseOrders: 0,
      quantityOnSalesOrders: 0,
    });
  });
}

/**
 * Stock of an inventory item or assembly: a new one starts with the quantity and total value sent
 * (its average cost is value over quantity), nothing on order, and an item site at every site.
 */
export const inventoryRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    if (!previous) {
      const quantity = typeof doc['quantityOnHand'] === 'number' ? doc['quantityOnHand'] : 0;
      doc['quantityOnHand'] = quantity;
      const value = typeof body['totalValue'] === 'string' ? toCents(body['totalValue']) : undefined;
      // The value the stock came in at is the company file's, not a field of the item.
      if (value !== undefined) ctx.setMeta(`inventoryValue:${String(doc['id'])}`, String(value));
      doc['averageCost'] = value !== undefined && quantity > 0 ? divideCents(value, quantity) : (doc['purchaseCost'] ?? null);
      // The books start the stock here: later moves add to it (`books/stock.ts`).
      setOpeningStock(ctx, String(doc['id']), { quantity, cents: value ?? (quantity === 0 ? 0 : costOfQuantity(doc, quantity, 'The value of the stock')) });
      doc['quantityOnPurchaseOrder'] = 0;
      doc['quantityOnSalesOrder'] = 0;
    }
    if (body['clearItemLines'] === true && !('lines' in body) && Array.isArray(doc['lines'])) doc['lines'] = [];
  },
  afterWrite(ctx, doc, previous) {
    if (previous) return;
    addItemSites(ctx, doc);
    postOpeningStock(ctx, doc);
  },
};

/** The price an item sells at, or costs, as a decimal string. */
export function priceOfItem(item: JsonObject | undefined, relativeTo: 'standard_price' | 'cost'): string | null {
  if (!item) return null;
  const field = relativeTo === 'cost' ? 'purchaseCost' : 'salesPrice';
  const direct = item[field];
  if (typeof direct === 'string') return direct;
  const details = item['salesOrPurchaseDetails'];
  if (isJsonObject(details) && typeof details['price'] === 'string') return details['price'];
  const both = item['salesAndPurchaseDetails'];
  if (isJsonObject(both)) {
    const value = both[relativeTo === 'cost' ? 'purchaseCost' : 'salesPrice'];
    if (typeof value === 'string') return value;
  }
  return null;
}
