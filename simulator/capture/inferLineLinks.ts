import { ON_PURCHASE_ORDERS, ON_SALES_ORDERS } from '../desktop/rules/onOrder.ts';
import type { LineLink } from '../desktop/storage/Ledger.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../desktop/values/json.ts';

/** Sources whose lines show how much later documents took of each (an order's invoiced or received quantity), by type. */
const COUNTED: ReadonlyMap<string, string> = new Map([ON_SALES_ORDERS, ON_PURCHASE_ORDERS].map((side) => [side.order, side.done]));

const entriesOf = (value: JsonValue | undefined): JsonObject[] => (Array.isArray(value) ? value.filter(isJsonObject) : []);
const refId = (value: JsonValue | undefined): string | undefined => (isJsonObject(value) && typeof value['id'] === 'string' ? value['id'] : undefined);
const quantityOf = (line: JsonObject): number => (typeof line['quantity'] === 'number' ? line['quantity'] : 0);
/** A source's lines a document can take: its own, then its line groups' (an order's group is ordered line by line). */
const linesOf = (source: JsonObject): JsonObject[] => [...entriesOf(source['lines']), ...entriesOf(source['lineGroups']).flatMap((group) => entriesOf(group['lines']))];

/**
 * Which lines of their sources made documents' lines came from. The API shows only which
 * transactions (`linkType: quantity`), so each line is matched to a line of those sources with
 * the same item that no earlier line of the document took. Where the source counts what was taken
 * of each line (an order's `quantityInvoiced`, `receivedQuantity`), the match keeps to those
 * counts: a line goes to the source line whose count left equals its quantity, else one with
 * enough left, in the order the documents were made; so an order with two lines of one item
 * counts each line's own. Others (an estimate's) go to the first such line. Voided documents'
 * links were undone, so they take nothing from the counts.
 */
export function inferLineLinks(madeInOrder: readonly JsonObject[], byId: ReadonlyMap<string, JsonObject>, isVoided: (doc: JsonObject) => boolean): Map<string, LineLink[]> {
  const left = new Map<string, number>();
  const leftOf = (source: JsonObject, line: JsonObject): number | undefined => {
    const field = COUNTED.get(String(source['objectType']));
    if (field === undefined) return undefined;
    const id = String(line['id']);
    if (!left.has(id)) left.set(id, typeof line[field] === 'number' ? line[field] : 0);
    return left.get(id);
  };
  const out = new Map<string, LineLink[]>();
  for (const doc of madeInOrder) {
    const sources = entriesOf(doc['linkedTransactions'])
      .filter((e) => e['linkType'] === 'quantity')
      .map((e) => byId.get(String(e['id'])))
      .filter((s): s is JsonObject => s !== undefined);
    if (sources.length === 0) continue;
    const counts = !isVoided(doc);
    const pool = sources.flatMap((source) => linesOf(source).map((line) => ({ source, line, taken: false })));
    const links: LineLink[] = [];
    for (const line of [...entriesOf(doc['lines']), ...entriesOf(doc['itemLines'])]) {
      const item = refId(line['item']);
      const candidates = item === undefined ? [] : pool.filter((p) => !p.taken && refId(p.line['item']) === item);
      const quantity = quantityOf(line);
      const match =
        candidates.find((p) => leftOf(p.source, p.line) === quantity) ??
        candidates.find((p) => (leftOf(p.source, p.line) ?? Infinity) >= quantity) ??
        candidates[0];
      if (!match) continue;
      match.taken = true;
      const stillLeft = leftOf(match.source, match.line);
      if (counts && stillLeft !== undefined) left.set(String(match.line['id']), stillLeft - quantity);
      links.push({ lineId: String(line['id']), sourceId: String(match.source['id']), sourceLineId: String(match.line['id']), quantity });
    }
    out.set(String(doc['id']), links);
  }
  return out;
}
