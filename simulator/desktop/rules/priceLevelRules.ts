import { isJsonObject } from '../values/json.ts';
import { adjustByPercent } from '../values/money.ts';
import { LINE_ITEM_TYPES } from '../values/globalReferences.ts';
import type { RulesContext, TypeRules } from '../table/TypeRules.ts';
import { priceOfItem } from './inventoryRules.ts';

function findItem(ctx: RulesContext, id: string) {
  for (const type of LINE_ITEM_TYPES) {
    const found = ctx.find(type, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * A price level is a fixed percentage when it has one, per item otherwise. A per-item price sent
 * as an adjustment ("10% below the standard price") is worked out from the item as it is now.
 */
export const priceLevelRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    doc['priceLevelType'] = doc['fixedPercentage'] !== null ? 'fixed_percentage' : 'per_item';
    const sent = Array.isArray(body['perItemPriceLevels']) ? body['perItemPriceLevels'] : [];
    const stored = Array.isArray(doc['perItemPriceLevels']) ? doc['perItemPriceLevels'] : [];
    const before = new Map(
      (Array.isArray(previous?.['perItemPriceLevels']) ? previous['perItemPriceLevels'] : []).filter(isJsonObject).map((p) => [String(isJsonObject(p['item']) ? p['item']['id'] : ''), p]),
    );
    sent.forEach((entry, i) => {
      const target = stored[i];
      if (!isJsonObject(entry) || !isJsonObject(target) || typeof entry['adjustPercentage'] !== 'string') return;
      const itemId = String(entry['itemId'] ?? '');
      const relativeTo = entry['adjustRelativeTo'] === 'cost' || entry['adjustRelativeTo'] === 'current_custom_price' ? entry['adjustRelativeTo'] : 'standard_price';
      const base = relativeTo === 'current_custom_price' ? before.get(itemId)?.['customPrice'] : priceOfItem(findItem(ctx, itemId), relativeTo);
      target['customPrice'] = adjustByPercent(typeof base === 'string' ? base : '0', entry['adjustPercentage']);
    });
  },
};
