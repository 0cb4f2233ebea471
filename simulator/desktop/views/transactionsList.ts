import { parseDoc } from '../storage/CompanyFileStore.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { LIST_OBJECT_ID } from '../storage/IdAllocator.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { fromCents } from '../values/money.ts';
import { FILTERS, referenceFilter, type FilterContext } from '../storage/queryFilters.ts';
import type { PagedView, TransactionShape, ViewSource } from '../table/TypeRow.ts';
import { documentTotalOf, headerAccountOf, transactionLinesOf, partyOf } from '../engine/transactionShape.ts';
import { ENTITY_TYPES, ITEM_TYPES } from '../values/globalReferences.ts';
import { transactionTypeOf } from '../books/transactionTypes.ts';

/** One row of the list: a transaction (`line` -1) or one of its lines (its place among them). */
type Entry = readonly [seq: number, line: number];

const LIST_TYPE = 'ldg_transaction';

/** The reference filters of the list, by the kinds of object a path points at: the paths come from the type table. */
const REFERENCE_FILTERS: Readonly<Record<string, readonly string[]>> = {
  entityIds: ENTITY_TYPES,
  accountIds: ['ldg_account'],
  itemIds: ITEM_TYPES,
  classIds: ['ldg_class'],
  currencyIds: ['ldg_currency'],
};

/** Fields the engine's own filters read from the indexed columns, shared with every other list. */
const COLUMN_FILTERS = ['updatedAfter', 'updatedBefore', 'transactionDateFrom', 'transactionDateTo', 'refNumberContains', 'refNumberStartsWith', 'refNumberEndsWith', 'refNumberFrom', 'refNumberTo'];

/** The transaction types the list covers: those whose `transactionType` the list's schema knows. */
function coveredTypes(file: ViewSource): Map<string, string> {
  const known = new Set((file.modelOf(LIST_TYPE).schema.properties?.['transactionType']?.enum ?? []).map(String));
  return new Map(
    [...file.types.all()]
      .filter((m) => m.row.kind === 'transaction' && known.has(transactionTypeOf(m.objectType)))
      .map((m) => [m.objectType, transactionTypeOf(m.objectType)]),
  );
}

const listOf = (value: JsonValue | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)]);

/** The object types the request asks for: `transactionTypes` (or all), narrowed by `postingStatus`. */
function typesAsked(file: ViewSource, params: Readonly<Record<string, JsonValue>>): string[] {
  const covered = coveredTypes(file);
  const wanted = new Set(listOf(params['transactionTypes']));
  const posting = params['postingStatus'];
  return [...covered]
    .filter(([, name]) => wanted.size === 0 || wanted.has('all') || wanted.has(name))
    .filter(([type]) => {
      const posts = file.modelOf(type).row.posting !== undefined;
      return posting === 'posting' ? posts : posting === 'non_posting' ? !posts : true;
    })
    .map(([type]) => type);
}

/** Reference paths of the types asked for whose targets are of the given kinds. */
function pathsTo(file: ViewSource, types: readonly string[], targets: readonly string[]): string[] {
  const wanted = new Set(targets);
  return [...new Set(types.flatMap((type) => file.modelOf(type).references.filter((r) => r.targets.some((t) => wanted.has(t))).map((r) => r.path)))];
}

/** The rows a request matches, in the desktop's order (creation), from the indexed columns and the reference graph. */
function matchingSeqs(file: ViewSource, params: Readonly<Record<string, JsonValue>>): number[] {
  const types = typesAsked(file, params);
  if (types.length === 0) return [];
  const rows = file.store.rowReads;
  // As on every list, an exact filter alone decides, and every value it names must exist.
  for (const [name, column] of [
    ['ids', 'id'],
    ['refNumbers', 'ref_number'],
  ] as const) {
    const wanted = listOf(params[name]);
    if (wanted.length === 0) continue;
    const malformed = column === 'id' ? wanted.find((id) => !LIST_OBJECT_ID.test(id)) : undefined;
    if (malformed !== undefined) throw new DesktopError(DESKTOP_STATUS.INVALID_ID, `Object id "${malformed}" is not in the form the desktop application uses.`);
    const found = rows.presentIn(types, column, wanted);
    const missing = wanted.find((v) => !found.has(v));
    if (missing !== undefined) {
      throw new DesktopError(DESKTOP_STATUS.NOT_FOUND, `The query request has not been fully completed. There was a required element ("${missing}") that could not be found in the company file.`);
    }
    return rows.seqsWith(types, column, wanted);
  }
  const ctx: FilterContext = { offsetMinutes: file.offsetMinutes, rows: 'current', walk: false, where: [], params: [] };
  for (const name of COLUMN_FILTERS) {
    const value = params[name];
    if (value !== undefined) FILTERS[name]?.(ctx, value, params);
  }
  for (const [name, targets] of Object.entries(REFERENCE_FILTERS)) {
    const value = params[name];
    if (value === undefined) continue;
    const paths = pathsTo(file, types, targets);
    // No type asked for can point at what the filter names: nothing matches.
    if (paths.length === 0) return [];
    referenceFilter(paths)(ctx, value, params);
  }
  // The list says open and closed where the engine's own filter says not paid and paid.
  const status = params['paymentStatus'];
  if (status === 'open' || status === 'closed') FILTERS['paymentStatus']?.(ctx, status === 'open' ? 'not_paid' : 'paid', params);
  return rows.seqsMatching(types, ctx);
}

/** A transaction's own total: what its type keeps, else what it debits in the books (a journal entry, an adjustment). */
export function totalOf(file: ViewSource, shape: TransactionShape, doc: JsonObject): string {
  const kept = documentTotalOf(shape, doc);
  if (kept !== null) return kept;
  const debits = file.store.ledger.postingsOf(String(doc['id'])).reduce((sum, p) => sum + Math.max(p.cents, 0), 0);
  return fromCents(debits);
}

const reference = (value: JsonValue | undefined): JsonValue => (isJsonObject(value) ? { id: value['id'] ?? null, fullName: value['fullName'] ?? null } : null);

/** One row of the list: the transaction's header, or one of its lines (`line` its place). */
function entryOf(file: ViewSource, objectType: string, doc: JsonObject, line: number): JsonObject {
  const { shape } = file.modelOf(objectType);
  const header = {
    transactionType: transactionTypeOf(objectType),
    transactionId: String(doc['id']),
    transactionLineId: null as string | null,
    createdAt: doc['createdAt'] ?? null,
    updatedAt: doc['updatedAt'] ?? null,
    entity: reference(partyOf(shape, doc)),
    account: reference(headerAccountOf(shape, doc)),
    transactionDate: doc['transactionDate'] ?? null,
    refNumber: typeof doc['refNumber'] === 'string' ? doc['refNumber'] : null,
    amount: totalOf(file, shape, doc),
    currency: reference(doc['currency']),
    exchangeRate: typeof doc['exchangeRate'] === 'number' ? doc['exchangeRate'] : null,
    amountInHomeCurrency: typeof doc['totalAmountInHomeCurrency'] === 'string' ? doc['totalAmountInHomeCurrency'] : typeof doc['amountInHomeCurrency'] === 'string' ? doc['amountInHomeCurrency'] : null,
    memo: typeof doc['memo'] === 'string' ? doc['memo'] : null,
  };
  if (line < 0) return header;
  const item = transactionLinesOf(shape, doc)[line] ?? {};
  const amount = typeof item['amount'] === 'string' ? item['amount'] : typeof item['valueDifference'] === 'number' ? fromCents(Math.round(item['valueDifference'] * 100)) : '0.00';
  return {
    ...header,
    transactionLineId: typeof item['id'] === 'string' ? item['id'] : null,
    entity: isJsonObject(item['entity']) ? reference(item['entity']) : header.entity,
    account: reference(item['account'] ?? item['overrideItemAccount']),
    amount,
    amountInHomeCurrency: null,
    memo: typeof item['memo'] === 'string' ? item['memo'] : typeof item['description'] === 'string' ? item['description'] : null,
  };
}

/** A transaction as the list's header row shows it: type, date, party, account, amount, memo (reports list these too). */
export function transactionSummary(file: ViewSource, objectType: string, doc: JsonObject): JsonObject {
  return entryOf(file, objectType, doc, -1);
}

/** The transactions (or their lines, or both) a request matches: what `detailLevel` asks decides the rows. */
function matches(file: ViewSource, params: Readonly<Record<string, JsonValue>>): Entry[] {
  const seqs = matchingSeqs(file, params);
  const level = params['detailLevel'] ?? 'transactions_without_lines';
  if (level === 'transactions_without_lines') return seqs.map((seq) => [seq, -1]);
  // Lines are counted from the stored objects: this level reads every match once, up front.
  const entries: Entry[] = [];
  const types = file.store.rowReads.typesBySeq(seqs);
  for (const row of file.store.pages.read(seqs)) {
    if (level === 'all') entries.push([row.seq, -1]);
    const type = types.get(row.seq);
    if (type !== undefined) transactionLinesOf(file.modelOf(type).shape, parseDoc<JsonObject>(row.doc)).forEach((_, i) => entries.push([row.seq, i]));
  }
  return entries;
}

/** The rows of a page, from the stored objects (one read for the page); a transaction deleted since the first page is left out. */
function shape(file: ViewSource, entries: readonly Entry[]): Buffer[] {
  const rows = new Map(file.store.pages.read([...new Set(entries.map(([seq]) => seq))]).map((row) => [row.seq, row]));
  const types = file.store.rowReads.typesBySeq([...rows.keys()]);
  const docs = new Map<number, JsonObject>();
  return entries.flatMap(([seq, line]) => {
    const row = rows.get(seq);
    const type = types.get(seq);
    if (!row || type === undefined) return [];
    let doc = docs.get(seq);
    if (!doc) {
      doc = parseDoc<JsonObject>(row.doc);
      docs.set(seq, doc);
    }
    return [Buffer.from(JSON.stringify(entryOf(file, type, doc, line)))];
  });
}

/** One transaction of any covered type by its id, as the list shows its header. */
function retrieve(file: ViewSource, id: string): JsonObject {
  if (!LIST_OBJECT_ID.test(id)) throw new DesktopError(DESKTOP_STATUS.INVALID_ID, `Object id "${id}" is not in the form the desktop application uses.`);
  const types = [...coveredTypes(file).keys()];
  const found = file.store.rowReads.typeAmong(id, types);
  if (found === undefined) throw new DesktopError(DESKTOP_STATUS.NOT_FOUND, `The query request has not been fully completed: no transaction with id "${id}" could be found.`);
  return entryOf(file, found, file.retrieve(found, id), -1);
}

/**
 * The cross-type `transactions` list: every transaction type at once, from the same rows, columns
 * and reference graph as each type's own list. The matches are fixed when the first page is asked.
 */
export const TRANSACTIONS_LIST: PagedView<Entry> = { matches, shape, retrieve };
