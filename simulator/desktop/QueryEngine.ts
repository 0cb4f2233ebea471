import type { CompanyFile } from './CompanyFile.ts';
import { parseTimeBound } from './desktopTime.ts';
import { DESKTOP_STATUS, DesktopError } from './DesktopError.ts';
import { LIST_OBJECT_ID } from './IdAllocator.ts';
import { IteratorRegistry, type QueryIterator } from './IteratorRegistry.ts';
import type { JsonObject, JsonValue } from './json.ts';
import { parameterUse } from './engine/filterBindings.ts';
import { EXACT_FILTERS, EXCLUSIVE_GROUPS, OUTPUT_OPTIONS, PAGING_PARAMETERS, type FilterContext } from './queryFilters.ts';
import { RequestInputError } from './RequestInputError.ts';
import { parseDoc, type PageRow } from './CompanyFileStore.ts';

export type QueryParams = Readonly<Record<string, JsonValue>>;

export interface QueryPage {
  /** Objects of the page, already serialized (UTF-8 JSON). */
  items: Buffer[];
  /** Same value on every page of one walk; null when the walk is over. */
  cursor: string | null;
  remaining: number;
}

/** The parameters that choose objects, in a canonical form a resent cursor is compared with. */
export function filterKeyOf(params: QueryParams): string {
  const keys = Object.keys(params).filter((k) => !PAGING_PARAMETERS.has(k)).sort();
  return JSON.stringify(keys.map((k) => [k, params[k]]));
}

function rejectReversedRanges(params: QueryParams, offsetMinutes: number): void {
  const from = params['transactionDateFrom'];
  const to = params['transactionDateTo'];
  if (typeof from === 'string' && typeof to === 'string' && from > to) {
    throw new DesktopError(DESKTOP_STATUS.DATE_RANGE_REVERSED, `transactionDateFrom "${from}" is after transactionDateTo "${to}".`);
  }
  const after = typeof params['updatedAfter'] === 'string' ? parseTimeBound(params['updatedAfter'], offsetMinutes, 'lower') : undefined;
  const before = typeof params['updatedBefore'] === 'string' ? parseTimeBound(params['updatedBefore'], offsetMinutes, 'upper') : undefined;
  if (after !== undefined && before !== undefined && after > before) {
    throw new DesktopError(DESKTOP_STATUS.DATE_RANGE_REVERSED, 'updatedAfter is after updatedBefore.');
  }
  for (const group of EXCLUSIVE_GROUPS) {
    const used = group.filter((name) => name in params);
    if (used.length > 1) throw new RequestInputError(used[1] ?? '', `Use at most one of ${group.join(', ')}; got ${used.join(' and ')}.`);
  }
}

/**
 * Runs list queries against one company file: the first page plans the query and opens an
 * iterator over a snapshot of the matching rows; later pages walk that snapshot.
 */
export class QueryEngine {
  readonly iterators: IteratorRegistry;

  constructor(private readonly file: CompanyFile) {
    this.iterators = new IteratorRegistry(file.clock);
  }

  firstPage(objectType: string, params: QueryParams, limit: number): QueryPage {
    const seqs = this.matchingSeqs(objectType, params);
    const iterator = this.iterators.open(objectType, filterKeyOf(params), outputOf(params), seqs);
    return this.page(iterator, limit);
  }

  /** Every match at once, for the lists that have no pages; `limit` (no maximum) keeps the first ones. */
  all(objectType: string, params: QueryParams, limit: number | undefined): Buffer[] {
    const seqs = this.matchingSeqs(objectType, params);
    const output = outputOf(params);
    return this.file.store.getManyBySeq(limit === undefined ? seqs : seqs.slice(0, limit)).map((row) => shapeForOutput(row, output));
  }

  nextPage(objectType: string, cursor: string, params: QueryParams, limit: number): QueryPage {
    const sentFilters = Object.keys(params).some((k) => !PAGING_PARAMETERS.has(k));
    const iterator = this.iterators.resume(cursor, objectType, sentFilters ? filterKeyOf(params) : undefined);
    return this.page(iterator, limit);
  }

  private page(iterator: QueryIterator, limit: number): QueryPage {
    const slice = iterator.seqs.slice(iterator.position, iterator.position + limit);
    iterator.position += slice.length;
    const items = this.file.store.getManyBySeq(slice).map((row) => shapeForOutput(row, iterator.output));
    const remaining = iterator.seqs.length - iterator.position;
    this.iterators.answered(iterator);
    return { items, cursor: remaining > 0 ? iterator.id : null, remaining };
  }

  private matchingSeqs(objectType: string, params: QueryParams): number[] {
    const model = this.file.modelOf(objectType);
    // Named lists in the desktop's alphabetical order (jobs right after their parent), the rest as added.
    const order = model.row.kind === 'transaction' || model.row.kind === 'singleton' ? 'seq' : 'sort_key, seq';
    const exact = Object.keys(EXACT_FILTERS).find((name) => Object.hasOwn(params, name));
    if (exact !== undefined) return this.exactMatch(objectType, exact, params[exact] ?? [], order);
    rejectReversedRanges(params, this.file.offsetMinutes);
    const ctx: FilterContext = { offsetMinutes: this.file.offsetMinutes, where: ['type = ?'], params: [objectType] };
    for (const [name, value] of Object.entries(params)) {
      const use = parameterUse(model, name);
      if (!use) throw new Error(`${objectType}: no filter serves the parameter "${name}"`);
      if (use.kind === 'filter') use.filter(ctx, value, params);
    }
    if (model.has('isActive') && !Object.hasOwn(params, 'status')) ctx.where.push('is_active = 1');
    const sql = `SELECT seq FROM objects WHERE ${ctx.where.join(' AND ')} ORDER BY ${order}`;
    return this.file.store.statement(sql).pluck().all(...ctx.params) as number[];
  }

  private exactMatch(objectType: string, name: string, value: JsonValue, order: string): number[] {
    const spec = EXACT_FILTERS[name];
    if (!spec) throw new Error(`no exact filter "${name}"`);
    const wanted = (Array.isArray(value) ? value : [value]).map(String);
    if (spec.column === 'id') {
      const malformed = wanted.find((v) => !LIST_OBJECT_ID.test(v));
      if (malformed !== undefined) throw new DesktopError(DESKTOP_STATUS.INVALID_ID, `Object id "${malformed}" is not in the form the desktop application uses.`);
    }
    const keys = [...new Set(spec.caseInsensitive ? wanted.map((v) => v.toLowerCase()) : wanted)];
    const rows = this.file.store
      .statement(`SELECT seq, ${spec.column} AS k FROM objects WHERE type = ? AND ${spec.column} IN (${keys.map(() => '?').join(',')}) ORDER BY ${order}`)
      .all(objectType, ...keys) as { seq: number; k: string }[];
    const found = new Set(rows.map((r) => r.k));
    const missing = wanted.find((v) => !found.has(spec.caseInsensitive ? v.toLowerCase() : v));
    if (missing !== undefined) {
      throw new DesktopError(
        DESKTOP_STATUS.NOT_FOUND,
        `The query request has not been fully completed. There was a required element ("${missing}") that could not be found in the company file.`,
      );
    }
    return rows.map((r) => r.seq);
  }
}

function outputOf(params: QueryParams): Record<string, JsonValue> {
  return Object.fromEntries(Object.entries(params).filter(([k]) => OUTPUT_OPTIONS.has(k)));
}

/**
 * Stored objects are sent as stored; only the output options cost a parse, and only for objects
 * they change.
 */
export function shapeForOutput(row: PageRow, output: Readonly<Record<string, unknown>>): Buffer {
  const withLinked = output['includeLinkedTransactions'] === true && row.linked !== null;
  const withoutLines = output['includeLineItems'] === false;
  const withoutAlternates = output['excludeAlternateShippingAddresses'] === true;
  if (!withLinked && !withoutLines && !withoutAlternates) return row.doc;
  const doc = parseDoc<JsonObject>(row.doc);
  if (withLinked) doc['linkedTransactions'] = JSON.parse(row.linked ?? '[]') as JsonValue;
  if (withoutLines && Array.isArray(doc['lines'])) {
    doc['lines'] = [];
    if (Array.isArray(doc['lineGroups'])) doc['lineGroups'] = [];
  }
  // The spec: left out, the field is null (an empty list would claim the customer has none).
  if (withoutAlternates && 'alternateShippingAddresses' in doc) doc['alternateShippingAddresses'] = null;
  return Buffer.from(JSON.stringify(doc), 'utf8');
}
