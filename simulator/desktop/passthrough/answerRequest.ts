import { randomUUID } from 'node:crypto';
import type { CompanyFile } from '../CompanyFile.ts';
import type { TypeModel } from '../engine/TypeModel.ts';
import { nonNullBranch } from '../engine/materialize.ts';
import type { QueryEngine } from '../queries/QueryEngine.ts';
import { deleteTransaction, voidTransaction } from '../removeTransaction.ts';
import { DesktopError } from '../values/DesktopError.ts';
import { formatDesktopTime } from '../values/desktopTime.ts';
import { isJsonObject, type JsonObject } from '../values/json.ts';
import { RequestInputError } from '../values/RequestInputError.ts';
import { toDesktop, typeElementOf } from './convertElements.ts';
import { deleteListObject } from './deleteListObject.ts';
import { PassthroughParseError } from './PassthroughParseError.ts';
import { OK, statusOf } from './passthroughStatus.ts';
import { iteratorEnd, queryAnswer, readAttributes, WHOLE_LIST, wholeAnswer } from './queryAnswer.ts';
import { QUERY_ATTRIBUTES, readQuery } from './queryElements.ts';
import { CHECK_LOOKUPS, lookupsOf, type QueryLookups } from './queryLookups.ts';
import type { RetEntry, RetPages } from './RetPages.ts';
import { readTransactionQuery } from './transactionQuery.ts';
import { unionEntries, UNION_QUERIES } from './unionQueries.ts';
import { readViewQuery, VIEW_QUERIES, type ViewQuery } from './viewQueries.ts';
import { bodyFromElements } from './writeElements.ts';

/**
 * Checks a body decoded from an add or a modify against the typed write's own schema, as the
 * Service's validators would; answers the first problem, or undefined. The desktop side cannot
 * read the spec's validators itself, so the Service hands this in.
 */
export type BodyCheck = (objectType: string, verb: 'create' | 'update', body: JsonObject) => string | undefined;

export interface PassthroughPorts {
  file: CompanyFile;
  queries: QueryEngine;
  /** The iterators of the queries answered whole (views, queries across list types). */
  pages: RetPages;
  checkBody?: BodyCheck;
}

/**
 * Answering a request or only checking that the desktop can parse it: a message set's requests
 * are all checked before the first runs, as the desktop parses a whole message before it does any.
 */
type Mode = 'run' | 'check';

export const REQUEST = /^([A-Za-z]+?)(Query|Add|Mod)Rq$/;
const REMOVALS: Readonly<Record<string, { typeElement: string; idElement: string; remove: (file: CompanyFile, objectType: string, id: string) => unknown; kind: 'transaction' | 'list' }>> = {
  TxnDelRq: { typeElement: 'TxnDelType', idElement: 'TxnID', remove: deleteTransaction, kind: 'transaction' },
  TxnVoidRq: { typeElement: 'TxnVoidType', idElement: 'TxnID', remove: voidTransaction, kind: 'transaction' },
  ListDelRq: { typeElement: 'ListDelType', idElement: 'ListID', remove: deleteListObject, kind: 'list' },
};
export const isRemoval = (name: string): boolean => Object.hasOwn(REMOVALS, name);
const VIEW_ATTRIBUTES: ReadonlySet<string> = new Set(['requestID', 'iterator', 'iteratorID', 'metaData']);

const elementTypes = new WeakMap<object, Map<string, TypeModel>>();

/**
 * The stored types and the cross-type transactions list, by the desktop's element for them
 * (`Customer`, `ItemInventory`, `Transaction`); the other views have queries of their own (`viewQueries.ts`).
 */
function typeByElement(file: CompanyFile, element: string): TypeModel | undefined {
  let map = elementTypes.get(file.types);
  if (!map) {
    map = new Map([...file.types.all()].filter((m) => m.row.kind !== 'view' || m.row.pagedView).map((m) => [typeElementOf(m.objectType), m]));
    elementTypes.set(file.types, map);
  }
  return map.get(element);
}

function pick(ret: JsonObject, include: readonly string[] | undefined): JsonObject {
  if (!include) return ret;
  return Object.fromEntries(Object.entries(ret).filter(([k]) => include.includes(k)));
}

/**
 * Answers one request as the desktop application would: its response element's content, with its
 * status attributes and the objects, in the desktop's vocabulary. What the desktop reports as a
 * status (no match, a warning, an error) is answered, not thrown; a request it cannot parse throws.
 * In `check` mode nothing is read or written: only what the desktop parses is checked.
 */
export function answerRequest(ports: PassthroughPorts, name: string, request: JsonObject, mode: Mode = 'run'): JsonObject {
  const echo: JsonObject = typeof request['requestID'] === 'string' ? { requestID: request['requestID'] } : {};
  const removal = Object.hasOwn(REMOVALS, name) ? REMOVALS[name] : undefined;
  const match = REQUEST.exec(name);
  const base = match?.[1] ?? '';
  const view = match?.[2] === 'Query' && Object.hasOwn(VIEW_QUERIES, base) ? VIEW_QUERIES[base] : undefined;
  const union = match?.[2] === 'Query' && Object.hasOwn(UNION_QUERIES, base) ? UNION_QUERIES[base] : undefined;
  const model = view ? ports.file.modelOf(view.objectType) : match ? typeByElement(ports.file, base) : undefined;
  if (!removal && !union && (!match || !model)) throw new PassthroughParseError(`the desktop application has no request ${name}`);
  const lookups = mode === 'check' ? CHECK_LOOKUPS : lookupsOf(ports.file);
  try {
    const answer = removal
      ? removeObject(ports, name, request, removal, mode)
      : union
        ? unionQuery(ports, name, union, request, lookups, mode)
        : view
          ? viewQuery(ports, model as TypeModel, view, base, name, request, mode)
          : match?.[2] === 'Query'
            ? query(ports, model as TypeModel, name, request, lookups, mode)
            : write(ports, model as TypeModel, name, request, match?.[2] as 'Add' | 'Mod', lookups, mode);
    return { ...echo, ...answer };
  } catch (error) {
    if (error instanceof DesktopError) return { ...echo, ...statusOf(error) };
    if (error instanceof RequestInputError) throw new PassthroughParseError(error.message);
    throw error;
  }
}

function query(ports: PassthroughPorts, model: TypeModel, name: string, request: JsonObject, lookups: QueryLookups, mode: Mode): JsonObject {
  const { file, queries } = ports;
  const retName = `${typeElementOf(model.objectType)}Ret`;
  if (model.row.kind === 'singleton') {
    const extra = Object.keys(request).find((k) => !QUERY_ATTRIBUTES.has(k) && k !== 'IncludeRetElement' && k !== 'OwnerID');
    if (extra !== undefined) throw new PassthroughParseError(`${name} has no element ${extra}`);
    const attributes = readAttributes(name, request);
    if (attributes.iterator !== undefined) throw new PassthroughParseError(`${name}: the company's one object is not iterated`);
    return mode === 'check' ? {} : queryAnswer([[retName, toDesktop(model, file.single(model.objectType))]], attributes);
  }
  const attributes = readAttributes(name, request);
  const q = model.row.pagedView
    ? readTransactionQuery(request, name, (nonNullBranch(model.schema).properties?.['transactionType']?.enum ?? []).map(String), lookups)
    : readQuery(model, request, name, lookups);
  if (mode === 'check') return {};
  const entries = (buffers: readonly Buffer[]): RetEntry[] =>
    (JSON.parse(`[${Buffer.concat(buffers).toString('utf8')}]`) as JsonObject[]).map((doc) => [retName, pick(toDesktop(model, doc), q.include)] as const);
  if (attributes.iterator === undefined) {
    // A list with pages (the transactions across types) answers at once through a walk's first page.
    return queryAnswer(entries(model.row.pagedView ? queries.firstPage(model.objectType, q.params, q.maxReturned ?? WHOLE_LIST).data : [queries.all(model.objectType, q.params, q.maxReturned)]), attributes);
  }
  const limit = q.maxReturned ?? WHOLE_LIST;
  try {
    // A walk keeps the id it started with, also on its last page.
    const page = attributes.iterator === 'Start' ? queries.firstPage(model.objectType, q.params, limit) : queries.nextPage(model.objectType, attributes.iteratorID ?? '', {}, limit);
    const id = attributes.iterator === 'Continue' ? (attributes.iteratorID ?? '') : (page.cursor ?? randomUUID());
    return queryAnswer(entries(page.data), attributes, { remaining: page.remaining, id });
  } catch (error) {
    return iteratorEnd(error, attributes);
  }
}

/** A query of a view: its matches worked out whole, iterated as the desktop iterates any query. */
function viewQuery(ports: PassthroughPorts, model: TypeModel, view: ViewQuery, base: string, name: string, request: JsonObject, mode: Mode): JsonObject {
  const attributes = readAttributes(name, request);
  const { params, include } = readViewQuery(model, view, request, name, VIEW_ATTRIBUTES);
  if (mode === 'check') return {};
  return wholeAnswer(ports.pages, name, attributes, undefined, () =>
    (JSON.parse(`[${ports.queries.all(model.objectType, params, undefined).toString('utf8')}]`) as JsonObject[]).map((doc) => [`${base}Ret`, pick(toDesktop(model, doc), include)] as const),
  );
}

/** A query across list types (`ItemQueryRq`): each object in its own type's element. */
function unionQuery(ports: PassthroughPorts, name: string, types: readonly string[], request: JsonObject, lookups: QueryLookups, mode: Mode): JsonObject {
  const attributes = readAttributes(name, request);
  const first = ports.file.modelOf(types[0] ?? '');
  const q = readQuery(first, request, name, lookups);
  const found = unionEntries(ports.file, ports.queries, types, q, name, mode === 'check');
  if (mode === 'check') return {};
  // With an iterator, `MaxReturned` is the size of its pages, not of the answer.
  return wholeAnswer(ports.pages, name, attributes, q.maxReturned, () => (attributes.iterator === undefined ? found().slice(0, q.maxReturned) : found()));
}

function write(ports: PassthroughPorts, model: TypeModel, name: string, request: JsonObject, verb: 'Add' | 'Mod', lookups: QueryLookups, mode: Mode): JsonObject {
  const { file } = ports;
  const base = typeElementOf(model.objectType);
  const elementName = `${base}${verb}`;
  const extra = Object.keys(request).find((k) => k !== elementName && k !== 'requestID' && k !== 'IncludeRetElement');
  if (extra !== undefined) throw new PassthroughParseError(`${name} has no element ${extra}`);
  const element = request[elementName];
  if (!isJsonObject(element)) throw new PassthroughParseError(`${name} needs ${elementName}`);
  const idElement = model.row.kind === 'transaction' ? 'TxnID' : 'ListID';
  const { [idElement]: id, EditSequence: revision, ...rest } = element;
  if (verb === 'Mod') {
    const keys = Object.keys(element);
    if (typeof id !== 'string' || typeof revision !== 'string') throw new PassthroughParseError(`${elementName} needs ${idElement} and EditSequence`);
    if (keys[0] !== idElement || keys[1] !== 'EditSequence') throw new PassthroughParseError(`in ${elementName}, ${idElement} and EditSequence come first`);
  } else if (id !== undefined || revision !== undefined) {
    throw new PassthroughParseError(`${elementName} has no element ${id !== undefined ? idElement : 'EditSequence'}`);
  }
  const fields = bodyFromElements(model, rest, elementName, verb, (types, fullName, where) => lookups.idOfName(types, fullName, where));
  const body = verb === 'Mod' ? { revisionNumber: revision as string, ...fields } : fields;
  const verbName = verb === 'Add' ? 'create' : 'update';
  const problem = ports.checkBody ? ports.checkBody(model.objectType, verbName, body) : `the Service does not ${verbName} ${model.objectType}`;
  if (problem !== undefined) throw new PassthroughParseError(`${elementName}: ${problem}`);
  if (mode === 'check') return {};
  const doc = verb === 'Add' ? file.add(model.objectType, body) : file.modify(model.objectType, id as string, body);
  return { ...OK, [`${base}Ret`]: toDesktop(model, doc) };
}

function removeObject(ports: PassthroughPorts, name: string, request: JsonObject, removal: (typeof REMOVALS)[string], mode: Mode): JsonObject {
  const keys = Object.keys(request).filter((k) => k !== 'requestID');
  const expected = [removal.typeElement, removal.idElement];
  if (keys.length !== 2 || keys[0] !== expected[0] || keys[1] !== expected[1]) throw new PassthroughParseError(`${name} takes ${expected.join(' then ')}`);
  const typeElement = request[removal.typeElement];
  if (typeof typeElement !== 'string') throw new PassthroughParseError(`element ${removal.typeElement} must hold a value`);
  const model = typeByElement(ports.file, typeElement);
  if (!model || model.row.kind !== removal.kind) throw new PassthroughParseError(`${removal.typeElement} does not take the value ${JSON.stringify(typeElement)}`);
  const id = request[removal.idElement];
  if (typeof id !== 'string') throw new PassthroughParseError(`element ${removal.idElement} must hold a value`);
  if (mode === 'check') return {};
  const removed = removal.remove(ports.file, model.objectType, id);
  const answer: JsonObject = { ...OK, [removal.typeElement]: typeElement, [removal.idElement]: id };
  if (name !== 'TxnVoidRq') answer['TimeDeleted'] = formatDesktopTime(ports.file.nowSeconds(), ports.file.offsetMinutes);
  // A list object's answer names it too, as the desktop's `ListDelRs` does.
  if (isJsonObject(removed) && typeof removed['fullName'] === 'string') answer['FullName'] = removed['fullName'];
  return answer;
}
