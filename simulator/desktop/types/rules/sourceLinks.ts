import type { LineLink, Link, LinkInput } from '../../books/Ledger.ts';
import { refId } from '../../books/postingProfiles.ts';
import { DESKTOP_STATUS, DesktopError } from '../../DesktopError.ts';
import { isJsonObject, type JsonObject } from '../../json.ts';
import { sumCents, toCents } from '../../money.ts';
import type { RulesContext } from '../TypeRules.ts';
import { linkedEntry } from './creditRules.ts';

/**
 * Estimates and sales orders turned into invoices (decision 13). An invoice names them whole
 * (`linkToTransactionIds`: every open line comes over) or line by line (`linkToTransactionLine`:
 * the line's values stand in for what the request leaves out). Which invoice line came from which
 * source line is kept in `line_links`; a sales order line counts what invoices took of it.
 */
export const SOURCE_TYPES = ['ldg_estimate', 'ldg_sales_order'] as const;

/** Where a line of the request comes from. */
interface Origin {
  sourceId: string;
  sourceLineId: string;
}

/** The inputs of an invoice's lines and where each came from, from `compute` to `afterWrite`. */
export interface LinkedLines {
  inputs: JsonObject[];
  origins: (Origin | undefined)[];
}

const linesOf = (doc: JsonObject | undefined): JsonObject[] => (Array.isArray(doc?.['lines']) ? doc['lines'].filter(isJsonObject) : []);

function findSource(ctx: RulesContext, id: string, customer: string | null): JsonObject {
  for (const type of SOURCE_TYPES) {
    const found = ctx.find(type, id);
    if (found && refId(found['customer']) === customer) return found;
  }
  throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Transaction "${id}" specified in the request cannot be found among the estimates and sales orders of this customer.`);
}

/** What is still open on a source line: all of an estimate's, what invoices have not taken of a sales order's. */
function openQuantity(ctx: RulesContext, source: JsonObject, line: JsonObject): number {
  const quantity = typeof line['quantity'] === 'number' ? line['quantity'] : 1;
  if (source['objectType'] !== 'ldg_sales_order') return quantity;
  if (line['isManuallyClosed'] === true) return 0;
  return Math.max(0, quantity - (ctx.ledger.takenFrom(String(source['id'])).get(String(line['id'])) ?? 0));
}

/** A request line made from a source line: its item, text, rate and open quantity, under what the request sent. */
function inputFrom(ctx: RulesContext, source: JsonObject, line: JsonObject, sent: JsonObject = {}): JsonObject {
  const input: JsonObject = { quantity: openQuantity(ctx, source, line) };
  const item = refId(line['item']);
  if (item !== null) input['itemId'] = item;
  for (const field of ['description', 'rate', 'unitOfMeasure'] as const) if (typeof line[field] === 'string') input[field] = line[field];
  for (const field of ['salesTaxCode', 'class', 'inventorySite'] as const) {
    const id = refId(line[field]);
    if (id !== null) input[`${field}Id`] = id;
  }
  const { linkToTransactionLine: _link, ...rest } = sent;
  return { ...input, ...rest };
}

/**
 * The lines a new invoice's request asks for, with the source lines they come from: the lines sent
 * (a `linkToTransactionLine` filled from its source line), then every open line of each
 * transaction in `linkToTransactionIds`. Undefined when the request touches no lines.
 */
export function linkedLinesOf(ctx: RulesContext, doc: JsonObject, body: JsonObject): LinkedLines | undefined {
  const whole = Array.isArray(body['linkToTransactionIds']) ? body['linkToTransactionIds'].map(String) : [];
  // Most invoices link nothing (every one a bulk load writes): their lines go as sent.
  if (whole.length === 0 && !(Array.isArray(body['lines']) && body['lines'].some((l) => isJsonObject(l) && 'linkToTransactionLine' in l))) return undefined;
  const customer = refId(doc['customer']);
  const out: LinkedLines = { inputs: [], origins: [] };
  for (const sent of (Array.isArray(body['lines']) ? body['lines'] : []).filter(isJsonObject)) {
    const link = isJsonObject(sent['linkToTransactionLine']) ? sent['linkToTransactionLine'] : undefined;
    if (!link) {
      out.inputs.push(sent);
      out.origins.push(undefined);
      continue;
    }
    const source = findSource(ctx, String(link['transactionId']), customer);
    const line = linesOf(source).find((l) => l['id'] === link['transactionLineId']);
    if (!line) throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Line "${String(link['transactionLineId'])}" of transaction "${String(source['id'])}" cannot be found.`);
    out.inputs.push(inputFrom(ctx, source, line, sent));
    out.origins.push({ sourceId: String(source['id']), sourceLineId: String(line['id']) });
  }
  for (const id of whole) {
    const source = findSource(ctx, id, customer);
    for (const line of linesOf(source).filter((l) => openQuantity(ctx, source, l) > 0)) {
      out.inputs.push(inputFrom(ctx, source, line));
      out.origins.push({ sourceId: String(source['id']), sourceLineId: String(line['id']) });
    }
  }
  return out;
}

/**
 * The line links of an invoice after this write: a new one's from where its lines came; a
 * modified one keeps those of the lines it kept, at their new quantities. Undefined when the
 * request touched no lines.
 */
export function lineLinksAfter(ctx: RulesContext, doc: JsonObject, linked: LinkedLines | undefined, previous: JsonObject | undefined): LineLink[] | undefined {
  if (!linked) return undefined;
  const lines = linesOf(doc);
  const quantityOf = (line: JsonObject | undefined): number => (typeof line?.['quantity'] === 'number' ? line['quantity'] : 1);
  if (!previous) {
    return linked.origins.flatMap((origin, i) => (origin && lines[i] ? [{ lineId: String(lines[i]['id']), ...origin, quantity: quantityOf(lines[i]) }] : []));
  }
  const byId = new Map(lines.map((l) => [String(l['id']), l]));
  return ctx.ledger.lineLinksOf(String(doc['id'])).flatMap((link) => (byId.has(link.lineId) ? [{ ...link, quantity: quantityOf(byId.get(link.lineId)) }] : []));
}

/** An invoice's links to the transactions its lines came from, each with the amount of those lines. */
export function sourceLinksOf(doc: JsonObject, lineLinks: readonly LineLink[]): LinkInput[] {
  const amounts = new Map(linesOf(doc).map((l) => [String(l['id']), toCents(typeof l['amount'] === 'string' ? l['amount'] : null)]));
  const bySource = new Map<string, number[]>();
  for (const link of lineLinks) bySource.set(link.sourceId, [...(bySource.get(link.sourceId) ?? []), amounts.get(link.lineId) ?? 0]);
  return [...bySource].map(([to, cents]) => ({ fromType: 'ldg_invoice', from: String(doc['id']), to, cents: sumCents(cents, 'The lines made from one transaction'), discountCents: 0 }));
}

/** The quantities invoiced of a sales order's lines and whether it is all invoiced, from what invoices took. */
export function applyTaken(ctx: RulesContext, doc: JsonObject): void {
  if (doc['objectType'] !== 'ldg_sales_order') return;
  const taken = ctx.ledger.takenFrom(String(doc['id']));
  const lines = linesOf(doc);
  for (const line of lines) line['quantityInvoiced'] = taken.get(String(line['id'])) ?? 0;
  doc['isFullyInvoiced'] = lines.length > 0 && lines.every((l) => l['isManuallyClosed'] === true || Number(l['quantityInvoiced']) >= (typeof l['quantity'] === 'number' ? l['quantity'] : 1));
}

/** A change to an estimate or sales order may not drop a line an invoice was made from (3175). */
export function assertTakenLinesKept(ctx: RulesContext, doc: JsonObject, previous: JsonObject | undefined): void {
  if (!previous) return;
  const kept = new Set(linesOf(doc).map((l) => String(l['id'])));
  const taken = [...ctx.ledger.takenFrom(String(doc['id'])).keys()].filter((line) => !kept.has(line));
  if (taken.length > 0) throw new DesktopError(DESKTOP_STATUS.IN_USE, `Line ${taken.join(', ')} of this transaction was invoiced: it cannot be removed.`);
}

/** After invoices made from it changed: a source's invoiced quantities and its linked transactions. */
export function refreshSource(ctx: RulesContext, sourceId: string): void {
  for (const type of SOURCE_TYPES) {
    const stored = ctx.find(type, sourceId);
    if (!stored) continue;
    const doc = structuredClone(stored);
    applyTaken(ctx, doc);
    const links = ctx.ledger.linksTo(sourceId);
    ctx.rewriteAmounts(type, doc, links.length > 0 ? links.map((link) => ({ ...linkedEntry(ctx, link.fromType, link.from, link.cents), linkType: 'quantity' })) : null);
  }
}

/** The estimates and sales orders links touched, before and after a write. */
export function refreshSources(ctx: RulesContext, ...links: readonly (Link | LinkInput)[][]): void {
  const sources = new Set(links.flat().filter((link) => link.fromType === 'ldg_invoice').map((link) => link.to));
  for (const source of sources) refreshSource(ctx, source);
}

/** How an invoice shows the estimates and sales orders it was made from. */
export function sourceEntries(ctx: RulesContext, links: readonly Link[]): JsonObject[] {
  return links.filter((l) => l.fromType === 'ldg_invoice').map((link) => {
    const type = SOURCE_TYPES.find((t) => ctx.find(t, link.to)) ?? 'ldg_estimate';
    return { ...linkedEntry(ctx, type, link.to, link.cents), linkType: 'quantity' };
  });
}
