import type { JsonObject } from '../values/json.ts';
import { divideCents, lineAmountCents } from '../values/money.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import type { LineDetail, Posting } from '../storage/Ledger.ts';
import type { StockSum } from '../storage/StockLedger.ts';
import { refId } from './refId.ts';

/** The item types whose quantities on hand the books keep, and the field their item sites name them by. */
export const STOCKED_TYPES: Readonly<Record<string, string>> = {
  ldg_inventory_item: 'inventoryItem',
  ldg_inventory_assembly_item: 'inventoryAssemblyItem',
};
export const STOCKED = Object.keys(STOCKED_TYPES);

/** Meta key of the stock an item was created with: `{quantity, cents}` (quantity on hand and its value). */
const OPENING_STOCK_META = 'openingStock:';

/** Quantities are kept to the desktop's five decimals: sums of REAL columns drift below that. */
export const roundQuantity = (quantity: number): number => Math.round(quantity * 100_000) / 100_000;

export const isStocked = (item: JsonObject | undefined): item is JsonObject => item !== undefined && String(item['objectType']) in STOCKED_TYPES;

export function setOpeningStock(ctx: RulesContext, id: string, opening: StockSum): void {
  ctx.setMeta(`${OPENING_STOCK_META}${id}`, JSON.stringify(opening));
}

export function openingStockOf(ctx: Pick<RulesContext, 'getMeta'>, id: string): StockSum {
  const kept = ctx.getMeta(`${OPENING_STOCK_META}${id}`);
  return kept === undefined ? { quantity: 0, cents: 0 } : (JSON.parse(kept) as StockSum);
}

/**
 * What the books hold of an item now: its opening stock and every move posted. Read from the
 * postings, not the item, whose fields a bulk load brings up to date only at its end.
 */
export function stockNow(ctx: RulesContext, id: string): StockSum {
  const opening = openingStockOf(ctx, id);
  const moved = ctx.ledger.stock.of(id);
  return { quantity: roundQuantity(opening.quantity + moved.quantity), cents: opening.cents + moved.cents };
}

/** What one of the item costs the books now: its average cost, else its purchase cost. */
export function unitCostOf(item: JsonObject): string {
  const average = item['averageCost'];
  if (typeof average === 'string') return average;
  return typeof item['purchaseCost'] === 'string' ? item['purchaseCost'] : '0';
}

/** The value of `quantity` of the item at its cost now, in cents (negative quantities give negative values). */
export function costOfQuantity(item: JsonObject, quantity: number, what: string): number {
  return Math.sign(quantity) * lineAmountCents(Math.abs(quantity), unitCostOf(item), what);
}

/**
 * Stock leaving for a sale: its cost moves from the item's asset account to cost of goods sold.
 * Nothing for an item the books do not stock, or a line of no quantity.
 */
export function saleStockPostings(item: JsonObject | undefined, quantity: number, site: string | null, entity: string | null, line?: LineDetail): Posting[] {
  if (!isStocked(item) || quantity === 0) return [];
  const asset = refId(item['assetAccount']);
  const cogs = refId(item['cogsAccount']);
  if (asset === null || cogs === null) return [];
  const cost = costOfQuantity(item, quantity, 'The cost of goods sold');
  const detail = line ? { line } : {};
  return [
    { account: cogs, entity, openLedger: null, cents: cost, ...detail },
    { account: asset, entity: null, openLedger: null, cents: -cost, stock: { item: String(item['id']), site, quantity: -quantity }, ...detail },
  ];
}

/** Postings the other way round, stock included: a credit memo returns what a sale took. */
export function reversed(postings: readonly Posting[]): Posting[] {
  return postings.map((p) => ({ ...p, cents: -p.cents, ...(p.stock ? { stock: { ...p.stock, quantity: -p.stock.quantity } } : {}) }));
}

/**
 * Brings an item's stock fields up to date from its opening stock and what its postings moved:
 * quantity on hand, average cost (value over quantity, kept as it was when nothing is left), and
 * the quantity at each of its item sites (moves that name no site are at its first one).
 */
export function rollUpStock(ctx: RulesContext, id: string, moved: StockSum = ctx.ledger.stock.of(id)): void {
  const type = Object.keys(STOCKED_TYPES).find((t) => ctx.find(t, id) !== undefined);
  const item = type === undefined ? undefined : ctx.find(type, id);
  if (type === undefined || !item) return;
  const opening = openingStockOf(ctx, id);
  const quantity = roundQuantity(opening.quantity + moved.quantity);
  const value = opening.cents + moved.cents;
  const averageCost = quantity > 0 ? divideCents(value, quantity) : item['averageCost'];
  if (item['quantityOnHand'] !== quantity || item['averageCost'] !== averageCost) ctx.rewriteAmounts(type, { ...item, quantityOnHand: quantity, averageCost: averageCost ?? null });
  const bySite = ctx.ledger.stock.bySite(id);
  ctx.referencing('ldg_item_site', STOCKED_TYPES[type] ?? '', id).forEach((site, i) => {
    const siteId = refId(site['inventorySite']);
    const here = (siteId === null ? 0 : (bySite.get(siteId) ?? 0)) + (i === 0 ? opening.quantity + (bySite.get(null) ?? 0) : 0);
    const onHand = roundQuantity(here);
    if (site['quantityOnHand'] !== onHand) ctx.rewriteAmounts('ldg_item_site', { ...site, quantityOnHand: onHand });
  });
}
