import type { NamedStock, Tracking } from '../storage/StockNumbers.ts';
import { isJsonObject, type JsonValue } from '../values/json.ts';
import { refId } from './refId.ts';

/** Every object in a document that names a lot or serial number for an item: lines at any depth, and a build itself. */
export function namedStock(doc: JsonValue, tracking: Tracking, out: NamedStock[] = []): NamedStock[] {
  if (Array.isArray(doc)) {
    for (const entry of doc) namedStock(entry, tracking, out);
    return out;
  }
  if (!isJsonObject(doc)) return out;
  const field = tracking === 'lot' ? 'lotNumber' : 'serialNumber';
  const text = doc[field];
  const item = refId(doc['item']) ?? refId(doc['inventoryAssemblyItem']);
  if (typeof text === 'string' && text.trim() !== '' && item !== null) {
    const difference = doc['quantityDifference'];
    const raw = [doc['quantity'], difference, doc['quantityNeeded'], doc['quantityToBuild']].find((q): q is number => typeof q === 'number') ?? 1;
    const action = doc['serialNumberAction'];
    const direction = action === 'removed' ? -1 : action === 'added' ? 1 : typeof difference === 'number' ? (difference < 0 ? -1 : 1) : null;
    // A serial number is one unit; a line may list several, separated by commas.
    const numbers = tracking === 'serial' ? text.split(/[,;\s]+/).filter((n) => n !== '') : [text.trim()];
    out.push({ item, site: refId(doc['inventorySite']), numbers, quantity: Math.abs(raw), direction });
  }
  for (const [key, value] of Object.entries(doc)) if (Array.isArray(value) && key !== 'linkedTransactions' && key !== 'customFields') namedStock(value, tracking, out);
  return out;
}

