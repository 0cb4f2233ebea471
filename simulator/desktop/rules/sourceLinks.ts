import type { LineLink, Link, LinkInput } from '../storage/Ledger.ts';
import { linesWithGroupsOf } from '../books/documentLines.ts';
import { refId } from '../books/refId.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { objectsOf, isJsonObject, type JsonObject } from '../values/json.ts';
import { sumCents, toCents } from '../values/money.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import { linesPlanOf, withRequestDefaults } from '../../spec/requestDefaults.ts';
import { linkedEntry } from './creditRules.ts';
import { itemsOfOrder, ORDER_SIDES, refreshOnOrder } from './onOrder.ts';

/**
 * Documents made from others (decision 13): invoices from estimates and sales orders, bills and
 * item receipts from purchase orders. A new document names its sources whole
 * (`linkToTransactionIds`: every open line comes over) or line by line (`linkToTransactionLine`:
 * the line's values stand in for what the request leaves out). Which line came from which source
 * line is kept in `line_links`; a source that counts (a sales order, a purchase order) shows what
 * was taken of each line.
 */
export interface SourceSide {
  /** The types lines are taken from. */
  sources: readonly string[];
  /** The types made from them: the `fromType` of their links. */
  made: readonly string[];
  party: 'customer' | 'vendor';
  /** The made document's field of lines that can come from a source, and its price field. */
  lines: 'lines' | 'itemLines';
  price: 'rate' | 'cost';
  /** What the request may name, in messages. */
  nouns: string;
  /** Sets what a counting source shows of what was taken (quantities invoiced, received, billed); other sources show nothing. */
  count(ctx: RulesContext, source: JsonObject): void;
  /** The quantity still open on a line of a counting source. */
  openOf(ctx: RulesContext, source: JsonObject, line: JsonObject): number;
}

/** Where a line of the request comes from. */
interface Origin {
  sourceId: string;
  sourceLineId: string;
}

/** The inputs of a document's lines and where each came from, from `compute` to `afterWrite`. */
export interface LinkedLines {
  inputs: JsonObject[];
  origins: (Origin | undefined)[];
}

export const quantityOf = (line: JsonObject | undefined): number => (typeof line?.['quantity'] === 'number' ? line['quantity'] : 1);

/** Every line of a source a document can be made from: its own, then its line groups' (an order's group of items is ordered line by line). */
export function sourceLinesOf(ctx: Pick<RulesContext, 'shapeOf'>, source: JsonObject): JsonObject[] {
  return linesWithGroupsOf(ctx.shapeOf(String(source['objectType'])), 'lines', source);
}

function findSource(ctx: RulesContext, side: SourceSide, id: string, party: string | null): JsonObject {
  for (const type of side.sources) {
    const found = ctx.find(type, id);
    if (found && refId(found[side.party]) === party) return found;
  }
  throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Transaction "${id}" specified in the request cannot be found among the ${side.nouns} of this ${side.party}.`);
}

/** A request line made from a source line: its item, text, price and open quantity, under what the request sent. */
function inputFrom(ctx: RulesContext, side: SourceSide, source: JsonObject, line: JsonObject, sent: JsonObject = {}): JsonObject {
  const input: JsonObject = { quantity: side.openOf(ctx, source, line) };
  const item = refId(line['item']);
  if (item !== null) input['itemId'] = item;
  for (const field of ['description', 'unitOfMeasure'] as const) if (typeof line[field] === 'string') input[field] = line[field];
  if (typeof line['rate'] === 'string') input[side.price] = line['rate'];
  for (const field of ['salesTaxCode', 'class', 'inventorySite'] as const) {
    const id = refId(line[field]);
    if (id !== null) input[`${field}Id`] = id;
  }
  const { linkToTransactionLine: _link, ...rest } = sent;
  return { ...input, ...rest };
}

/**
 * The lines a new document's request asks for, with the source lines they come from: the lines
 * sent (a `linkToTransactionLine` filled from its source line), then every open line of each
 * transaction in `linkToTransactionIds`. Undefined when the request links nothing.
 */
export function linkedLinesOf(ctx: RulesContext, side: SourceSide, doc: JsonObject, body: JsonObject): LinkedLines | undefined {
  const whole = Array.isArray(body['linkToTransactionIds']) ? body['linkToTransactionIds'].map(String) : [];
  const sentLines = Array.isArray(body[side.lines]) ? (body[side.lines] as unknown[]).filter(isJsonObject) : [];
  // Most documents link nothing (every one a bulk load writes): their lines go as sent.
  if (whole.length === 0 && !sentLines.some((l) => 'linkToTransactionLine' in l)) return undefined;
  const party = refId(doc[side.party]);
  const out: LinkedLines = { inputs: [], origins: [] };
  for (const sent of sentLines) {
    const link = isJsonObject(sent['linkToTransactionLine']) ? sent['linkToTransactionLine'] : undefined;
    if (!link) {
      out.inputs.push(sent);
      out.origins.push(undefined);
      continue;
    }
    const source = findSource(ctx, side, String(link['transactionId']), party);
    const line = sourceLinesOf(ctx, source).find((l) => l['id'] === link['transactionLineId']);
    if (!line) throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Line "${String(link['transactionLineId'])}" of transaction "${String(source['id'])}" cannot be found.`);
    out.inputs.push(inputFrom(ctx, side, source, line, sent));
    out.origins.push({ sourceId: String(source['id']), sourceLineId: String(line['id']) });
  }
  // A line the desktop writes for an open line is one the request could have sent: it gets what a sent line defaults to.
  const defaults = whole.length > 0 ? linesPlanOf(ctx.createDefaultsOf(String(doc['objectType'])), side.lines) : undefined;
  for (const id of whole) {
    const source = findSource(ctx, side, id, party);
    for (const line of sourceLinesOf(ctx, source).filter((l) => side.openOf(ctx, source, l) > 0)) {
      const input = inputFrom(ctx, side, source, line);
      out.inputs.push(defaults ? withRequestDefaults(defaults, input) : input);
      out.origins.push({ sourceId: String(source['id']), sourceLineId: String(line['id']) });
    }
  }
  return out;
}

/**
 * The line links of a document after this write: a new one's from where its lines came; a
 * modified one keeps those of the lines it kept, at their new quantities. Undefined when the
 * request touched no lines.
 */
export function lineLinksAfter(ctx: RulesContext, side: SourceSide, doc: JsonObject, linked: LinkedLines | undefined, previous: JsonObject | undefined): LineLink[] | undefined {
  if (!linked) return undefined;
  const lines = objectsOf(doc?.[side.lines]);
  if (!previous) {
    return linked.origins.flatMap((origin, i) => (origin && lines[i] ? [{ lineId: String(lines[i]['id']), ...origin, quantity: quantityOf(lines[i]) }] : []));
  }
  const byId = new Map(lines.map((l) => [String(l['id']), l]));
  return ctx.ledger.links.lineLinksOf(String(doc['id'])).flatMap((link) => (byId.has(link.lineId) ? [{ ...link, quantity: quantityOf(byId.get(link.lineId)) }] : []));
}

/** A document's links to the transactions its lines came from, each with the amount of those lines. */
export function sourceLinksOf(side: SourceSide, doc: JsonObject, lineLinks: readonly LineLink[]): LinkInput[] {
  const amounts = new Map(objectsOf(doc?.[side.lines]).map((l) => [String(l['id']), toCents(typeof l['amount'] === 'string' ? l['amount'] : null)]));
  const bySource = new Map<string, number[]>();
  for (const link of lineLinks) bySource.set(link.sourceId, [...(bySource.get(link.sourceId) ?? []), amounts.get(link.lineId) ?? 0]);
  return [...bySource].map(([to, cents]) => ({ fromType: String(doc['objectType']), from: String(doc['id']), to, cents: sumCents(cents, 'The lines made from one transaction'), discountCents: 0 }));
}

/** A change to a source may not drop a line a document was made from (3175). */
export function assertTakenLinesKept(ctx: RulesContext, doc: JsonObject, previous: JsonObject | undefined): void {
  if (!previous) return;
  const kept = new Set(sourceLinesOf(ctx, doc).map((l) => String(l['id'])));
  const taken = [...ctx.ledger.links.takenFrom(String(doc['id'])).keys()].filter((line) => !kept.has(line));
  if (taken.length > 0) throw new DesktopError(DESKTOP_STATUS.IN_USE, `Line ${taken.join(', ')} of this transaction was used by another transaction: it cannot be removed.`);
}

/** After documents made from it changed: a source's counted quantities and its linked transactions. */
function refreshSource(ctx: RulesContext, side: SourceSide, sourceId: string): void {
  for (const type of side.sources) {
    const stored = ctx.find(type, sourceId);
    if (!stored) continue;
    const doc = structuredClone(stored);
    side.count(ctx, doc);
    const links = ctx.ledger.links.to(sourceId);
    ctx.rewriteAmounts(type, doc, links.length > 0 ? links.map((link) => ({ ...linkedEntry(ctx, link.fromType, link.from, link.cents), linkType: 'quantity' })) : null);
    // What an order has invoiced or received of its items is no longer on order.
    const onOrder = ORDER_SIDES[type];
    if (onOrder && !ctx.bulk) refreshOnOrder(ctx, onOrder, itemsOfOrder(doc));
  }
}

/** The sources links touched, before and after a write. */
export function refreshSources(ctx: RulesContext, side: SourceSide, ...links: readonly (Link | LinkInput)[][]): void {
  const sources = new Set(links.flat().filter((link) => side.made.includes(link.fromType)).map((link) => link.to));
  for (const source of sources) refreshSource(ctx, side, source);
}

/** How a made document shows the transactions it was made from. */
export function sourceEntries(ctx: RulesContext, side: SourceSide, links: readonly Link[]): JsonObject[] {
  return links
    .filter((l) => side.made.includes(l.fromType))
    .map((link) => {
      const type = side.sources.find((t) => ctx.find(t, link.to)) ?? side.sources[0] ?? '';
      return { ...linkedEntry(ctx, type, link.to, link.cents), linkType: 'quantity' };
    });
}
