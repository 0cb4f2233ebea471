import { refId } from '../books/refId.ts';
import { costOfQuantity, roundQuantity, STOCKED, STOCKED_TYPES, stockNow } from '../books/stock.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { emptyObject, nonNullBranch } from '../engine/materialize.ts';
import { toCents } from '../values/money.ts';
import { RequestInputError } from '../values/RequestInputError.ts';
import type { RulesContext, TypeRules } from '../table/TypeRules.ts';
import { replaceLines } from './lineUpdates.ts';

const TYPE = 'ldg_inventory_adjustment';

/** The four ways a new line adjusts its item; a line takes exactly one. */
const ADJUSTMENTS = ['adjustQuantity', 'adjustValue', 'adjustSerialNumber', 'adjustLotNumber'] as const;

const num = (value: JsonValue | undefined): number | undefined => (typeof value === 'number' ? value : undefined);
/** `valueDifference` is a number of currency units: kept to the cent. */
const unitsOf = (cents: number): number => cents / 100;
const centsOf = (units: number): number => Math.round(units * 100);

function stockedItem(ctx: RulesContext, path: string, id: string): JsonObject {
  ctx.resolve(TYPE, path, id);
  const item = ctx.findAmong(STOCKED, id);
  if (!item) throw new DesktopError(DESKTOP_STATUS.INVALID_REFERENCE, `Item "${id}" in ${path} is not an inventory item or assembly: only stock can be adjusted.`);
  return item;
}

/** What the item holds before this adjustment: at the adjustment's site when it names one, else everywhere; and the value of all of it. */
function heldNow(ctx: RulesContext, item: JsonObject, site: string | null): { quantity: number; cents: number } {
  const id = String(item['id']);
  const field = STOCKED_TYPES[String(item['objectType'])] ?? '';
  const atSite = site === null ? undefined : ctx.referencing('ldg_item_site', field, id).find((s) => refId(s['inventorySite']) === site);
  const now = stockNow(ctx, id);
  return { quantity: num(atSite?.['quantityOnHand']) ?? now.quantity, cents: now.cents };
}

/** A quantity change given as the new count or as the difference (not both). */
function quantityChange(adjust: JsonObject, held: number, where: string, required: boolean): number {
  const to = num(adjust['newQuantity']);
  const by = num(adjust['quantityDifference']);
  if (to !== undefined && by !== undefined) throw new RequestInputError(where, 'Give newQuantity or quantityDifference, not both.');
  if (to === undefined && by === undefined && required) throw new RequestInputError(where, 'Give newQuantity or quantityDifference.');
  return roundQuantity(by ?? (to === undefined ? 0 : to - held));
}

/** A new line: which adjustment it makes decides its quantity and value differences (value at average cost unless given). */
function newLine(ctx: RulesContext, input: JsonObject, site: string | null, position: number): JsonObject {
  const where = `lines[${position}]`;
  const item = stockedItem(ctx, 'lines.item', String(input['itemId'] ?? ''));
  const given = ADJUSTMENTS.filter((k) => isJsonObject(input[k]));
  if (given.length !== 1) throw new RequestInputError(where, `Give exactly one of ${ADJUSTMENTS.join(', ')}${given.length > 1 ? `; got ${given.join(' and ')}` : ''}.`);
  const kind = given[0] ?? 'adjustQuantity';
  const adjust = input[kind] as JsonObject;
  const held = heldNow(ctx, item, site);
  const line: JsonObject = {
    ...emptyObject(nonNullBranch(ctx.schemaOf(TYPE)).properties?.['lines']?.items ?? {}),
    id: ctx.nextTransactionId(),
    objectType: 'ldg_inventory_adjustment_line',
    item: { id: String(item['id']), fullName: item['fullName'] ?? null },
    expirationDate: adjust['expirationDate'] ?? null,
  };
  if (typeof adjust['inventorySiteLocationId'] === 'string') line['inventorySiteLocation'] = ctx.resolve(TYPE, 'lines.inventorySiteLocation', adjust['inventorySiteLocationId']);
  let quantity: number;
  let cents: number | undefined;
  if (kind === 'adjustQuantity') {
    quantity = quantityChange(adjust, held.quantity, `${where}.adjustQuantity`, true);
    line['serialNumber'] = adjust['serialNumber'] ?? null;
    line['lotNumber'] = adjust['lotNumber'] ?? null;
  } else if (kind === 'adjustValue') {
    quantity = quantityChange(adjust, held.quantity, `${where}.adjustValue`, false);
    const by = num(adjust['valueDifference']);
    const to = typeof adjust['newValue'] === 'string' ? toCents(adjust['newValue']) : undefined;
    if ((by === undefined) === (to === undefined)) throw new RequestInputError(`${where}.adjustValue`, 'Give newValue or valueDifference (one of them).');
    cents = by !== undefined ? centsOf(by) : (to ?? 0) - held.cents;
  } else if (kind === 'adjustSerialNumber') {
    const added = adjust['addSerialNumber'];
    const removed = adjust['removeSerialNumber'];
    if ((typeof added === 'string') === (typeof removed === 'string')) throw new RequestInputError(`${where}.adjustSerialNumber`, 'Give addSerialNumber or removeSerialNumber (one of them).');
    quantity = typeof added === 'string' ? 1 : -1;
    line['serialNumber'] = typeof added === 'string' ? added : (removed ?? null);
    line['serialNumberAction'] = typeof added === 'string' ? 'added' : 'removed';
  } else {
    quantity = num(adjust['adjustCount']) ?? 0;
    line['lotNumber'] = adjust['lotNumber'] ?? null;
  }
  line['quantityDifference'] = quantity;
  line['valueDifference'] = unitsOf(cents ?? costOfQuantity(item, quantity, 'The value of the adjustment'));
  return line;
}

/** A line changed by an update: its differences as sent; a changed quantity alone is valued at average cost. */
function changedLine(ctx: RulesContext, input: JsonObject, existing: JsonObject | undefined, site: string | null, position: number): JsonObject {
  if (!existing) {
    const quantityDifference = num(input['quantityDifference']) ?? num(input['adjustCount']) ?? 0;
    const valueDifference = num(input['valueDifference']);
    const fresh = newLine(ctx, { itemId: input['itemId'] ?? '', adjustQuantity: { quantityDifference } }, site, position);
    return { ...fresh, ...lineDetails(ctx, input), ...(valueDifference === undefined ? {} : { valueDifference }) };
  }
  const line: JsonObject = { ...structuredClone(existing), ...lineDetails(ctx, input) };
  const item = typeof input['itemId'] === 'string' ? stockedItem(ctx, 'lines.item', input['itemId']) : ctx.findAmong(STOCKED, refId(existing['item']) ?? '');
  if (typeof input['itemId'] === 'string' && item) line['item'] = { id: String(item['id']), fullName: item['fullName'] ?? null };
  const quantity = num(input['quantityDifference']) ?? num(input['adjustCount']);
  if (quantity !== undefined) line['quantityDifference'] = roundQuantity(quantity);
  const value = num(input['valueDifference']);
  if (value !== undefined) line['valueDifference'] = unitsOf(centsOf(value));
  else if (quantity !== undefined && item) line['valueDifference'] = unitsOf(costOfQuantity(item, roundQuantity(quantity), 'The value of the adjustment'));
  return line;
}

/** The plain fields an update may send for a line. */
function lineDetails(ctx: RulesContext, input: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of ['serialNumber', 'lotNumber', 'expirationDate'] as const) if (key in input) out[key] = input[key] ?? null;
  if (typeof input['inventorySiteLocationId'] === 'string') out['inventorySiteLocation'] = ctx.resolve(TYPE, 'lines.inventorySiteLocation', input['inventorySiteLocationId']);
  return out;
}

/**
 * An inventory adjustment: each line changes an item's quantity on hand and the value of its
 * stock, by a count (valued at average cost), a value, a serial number added or removed, or a lot.
 */
export const inventoryAdjustmentRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    const site = refId(doc['inventorySite']);
    if (!previous) {
      const sent = Array.isArray(body['lines']) ? body['lines'].filter(isJsonObject) : [];
      doc['lines'] = sent.map((input, position) => newLine(ctx, input, site, position));
    } else if ('lines' in body) {
      doc['lines'] = replaceLines(body['lines'], previous['lines'], (input, existing, position) => changedLine(ctx, input, existing, site, position));
    }
  },
};
