import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { sumCents } from '../values/money.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import type { Posting } from '../storage/Ledger.ts';
import { refId } from './refId.ts';
import { costOfQuantity, STOCKED } from './stock.ts';

const num = (value: JsonValue | undefined): number | undefined => (typeof value === 'number' ? value : undefined);
/** `valueDifference` is a number of currency units: kept to the cent. */
const centsOf = (units: number): number => Math.round(units * 100);
const quantityOf = (value: unknown): number => (typeof value === 'number' ? value : 0);

/**
 * An adjustment's postings: each line's value on its item's asset account, with the quantity it
 * moved, against the adjustment account.
 */
export function adjustmentPostings(ctx: RulesContext, doc: JsonObject): Posting[] {
  const account = refId(doc['account']);
  if (account === null) return [];
  const site = refId(doc['inventorySite']);
  const customer = refId(doc['customer']);
  const postings: Posting[] = [];
  let total = 0;
  for (const line of (Array.isArray(doc['lines']) ? doc['lines'] : []).filter(isJsonObject)) {
    const item = ctx.findAmong(STOCKED, refId(line['item']) ?? '');
    const asset = refId(item?.['assetAccount']);
    if (!item || asset === null) continue;
    const cents = centsOf(num(line['valueDifference']) ?? 0);
    postings.push({ account: asset, entity: null, openLedger: null, cents, stock: { item: String(item['id']), site, quantity: num(line['quantityDifference']) ?? 0 } });
    total += cents;
  }
  postings.push({ account, entity: customer, openLedger: null, cents: -total });
  return postings;
}

/**
 * A build's postings: each component's cost leaves its asset account with its quantity, and the
 * assembly comes in on its own asset account at what they cost. A pending build posts nothing.
 */
export function buildPostings(ctx: RulesContext, doc: JsonObject): Posting[] {
  if (doc['isPending'] === true) return [];
  const assembly = ctx.find('ldg_inventory_assembly_item', refId(doc['inventoryAssemblyItem']) ?? '');
  const assemblyAsset = refId(assembly?.['assetAccount']);
  if (!assembly || assemblyAsset === null) return [];
  const site = refId(doc['inventorySite']);
  const postings: Posting[] = [];
  for (const line of (Array.isArray(doc['lines']) ? doc['lines'] : []).filter(isJsonObject)) {
    const item = ctx.findAmong(STOCKED, refId(line['item']) ?? '');
    const asset = refId(item?.['assetAccount']);
    if (!item || asset === null) continue;
    const needed = quantityOf(line['quantityNeeded']);
    postings.push({ account: asset, entity: null, openLedger: null, cents: -costOfQuantity(item, needed, 'The cost of the components'), stock: { item: String(item['id']), site, quantity: -needed } });
  }
  const cost = -sumCents(
    postings.map((p) => p.cents),
    'The cost of the assembly',
  );
  postings.push({ account: assemblyAsset, entity: null, openLedger: null, cents: cost, stock: { item: String(assembly['id']), site, quantity: quantityOf(doc['quantityToBuild']) } });
  return postings;
}
