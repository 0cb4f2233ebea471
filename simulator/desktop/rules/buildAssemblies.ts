import { refId } from '../books/refId.ts';
import { isStocked, roundQuantity, stockNow } from '../books/stock.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { isJsonObject, type JsonObject } from '../values/json.ts';
import type { TypeRules } from '../table/TypeRules.ts';
import { findItem } from '../books/documentLines.ts';


/**
 * Set on a create body by a fixture load whose build says `pending: true`: the build stays
 * pending whatever the stock at load (it was pending when exported). A symbol, which no request
 * over HTTP can carry.
 */
export const SAID_PENDING = Symbol('said pending');

const quantityOf = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** What one component of an assembly needs per assembly built, from the assembly item's lines. */
function componentsOf(assembly: JsonObject): { item: string; perUnit: number }[] {
  return (Array.isArray(assembly['lines']) ? assembly['lines'] : [])
    .filter(isJsonObject)
    .flatMap((line) => {
      const item = refId(line['inventoryItem']);
      return item === null ? [] : [{ item, perUnit: quantityOf(line['quantity']) }];
    });
}

/** What a build took of each component, when it was not pending: the stock it may use again when it is changed. */
function takenBefore(previous: JsonObject | undefined): Map<string, number> {
  const taken = new Map<string, number>();
  if (!previous || previous['isPending'] === true) return taken;
  for (const line of (Array.isArray(previous['lines']) ? previous['lines'] : []).filter(isJsonObject)) {
    const item = refId(line['item']);
    if (item !== null) taken.set(item, (taken.get(item) ?? 0) + quantityOf(line['quantityNeeded']));
  }
  return taken;
}

/**
 * A build of an assembly: its component lines say what each component has on hand and what the
 * build needs of it; `quantityCanBuild` is what the components on hand allow. A build the stock
 * cannot cover is refused, or kept pending (posting nothing) when the request allows it.
 */
export const buildAssemblyRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    const assembly = ctx.find('ldg_inventory_assembly_item', refId(doc['inventoryAssemblyItem']) ?? '');
    if (!assembly) return;
    const toBuild = quantityOf(doc['quantityToBuild']);
    if (toBuild <= 0) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `quantityToBuild must be more than 0; got ${toBuild}.`);
    const taken = takenBefore(previous);
    let canBuild = Infinity;
    doc['lines'] = componentsOf(assembly).map(({ item: id, perUnit }) => {
      const item = findItem(ctx, id);
      const onHand = roundQuantity((isStocked(item) ? stockNow(ctx, id).quantity : 0) + (taken.get(id) ?? 0));
      if (perUnit > 0 && isStocked(item)) canBuild = Math.min(canBuild, Math.floor(onHand / perUnit));
      return {
        item: { id, fullName: item?.['fullName'] ?? null },
        inventorySite: doc['inventorySite'] ?? null,
        inventorySiteLocation: null,
        serialNumber: null,
        lotNumber: null,
        expirationDate: null,
        description: item?.['purchaseDescription'] ?? item?.['salesDescription'] ?? null,
        quantityOnHand: onHand,
        quantityNeeded: roundQuantity(perUnit * toBuild),
      };
    });
    const possible = Number.isFinite(canBuild) ? Math.max(canBuild, 0) : 0;
    doc['quantityCanBuild'] = possible;
    // As the build window shows them: before this build (an update does not count its own earlier build).
    const builtBefore = previous && previous['isPending'] !== true ? quantityOf(previous['quantityToBuild']) : 0;
    doc['quantityOnHand'] = roundQuantity(stockNow(ctx, String(assembly['id'])).quantity - builtBefore);
    doc['quantityOnSalesOrder'] = quantityOf(assembly['quantityOnSalesOrder']);
    const short = componentsOf(assembly).length > 0 && possible < toBuild;
    const mayPend = body['markPendingIfRequired'] === true || (previous?.['isPending'] === true && body['removePending'] !== true);
    if ((body as Record<symbol, unknown>)[SAID_PENDING] === true) {
      doc['isPending'] = true;
      return;
    }
    // A bulk load writes history: a build it holds was made when its components were on hand,
    // though a purchase of them may since have been deleted or a sale before it grown.
    if (short && !mayPend && !ctx.bulk) {
      throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `There are not enough components on hand to build ${toBuild} of ${String(assembly['fullName'])}: they allow ${possible}. Send markPendingIfRequired to keep the build pending.`);
    }
    doc['isPending'] = short && mayPend;
  },
};
