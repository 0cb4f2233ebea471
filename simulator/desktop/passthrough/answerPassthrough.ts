import { randomUUID } from 'node:crypto';
import type { CompanyFile } from '../CompanyFile.ts';
import type { TypeModel } from '../engine/TypeModel.ts';
import type { CallKind } from '../machine/machineStates.ts';
import { IteratorError } from '../queries/IteratorRegistry.ts';
import type { QueryEngine } from '../queries/QueryEngine.ts';
import { deleteTransaction, voidTransaction } from '../removeTransaction.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { formatDesktopTime } from '../values/desktopTime.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { RequestInputError } from '../values/RequestInputError.ts';
import { toDesktop, typeElementOf } from './convertElements.ts';
import { PassthroughParseError } from './PassthroughParseError.ts';
import { QUERY_ATTRIBUTES, readQuery } from './queryElements.ts';
import { readTransactionQuery } from './transactionQuery.ts';
import { nonNullBranch } from '../engine/materialize.ts';
import { unionQuery, UNION_QUERIES } from './unionQueries.ts';
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
  checkBody?: BodyCheck;
}

const REQUEST = /^([A-Za-z]+?)(Query|Add|Mod)Rq$/;
const REMOVALS: Readonly<Record<string, { typeElement: string; remove: typeof deleteTransaction }>> = {
  TxnDelRq: { typeElement: 'TxnDelType', remove: deleteTransaction },
  TxnVoidRq: { typeElement: 'TxnVoidType', remove: voidTransaction },
};
const VIEW_ATTRIBUTES: ReadonlySet<string> = new Set(['requestID']);
/** Without `MaxReturned`, an iterator's pages hold every object left. */
const WHOLE_LIST = 1_000_000;

const OK = { statusCode: '0', statusSeverity: 'Info', statusMessage: 'Status OK' } as const;
const NO_MATCH = { statusCode: '1', statusSeverity: 'Info', statusMessage: 'A query request did not find a matching object in the company file' } as const;

/** How the machine counts a passthrough request (its latency and faults), from its name alone. */
export function passthroughKind(body: JsonObject): CallKind {
  const name = Object.keys(body)[0] ?? '';
  const verb = REQUEST.exec(name)?.[2];
  if (verb === 'Add') return 'create';
  if (verb === 'Mod' || Object.hasOwn(REMOVALS, name)) return 'update';
  return 'list';
}

/** The list parameters a desktop status may name, by the desktop's element the request sent them as. */
const ELEMENT_OF_PARAMETER: readonly [RegExp, string][] = [
  [/\btransactionDateFrom\b/g, 'FromTxnDate'],
  [/\btransactionDateTo\b/g, 'ToTxnDate'],
  [/\bupdatedAfter\b/g, 'FromModifiedDate'],
  [/\bupdatedBefore\b/g, 'ToModifiedDate'],
  [/\bdeletedAfter\b/g, 'FromDeletedDate'],
  [/\bdeletedBefore\b/g, 'ToDeletedDate'],
];

function statusOf(error: DesktopError): JsonObject {
  const message = ELEMENT_OF_PARAMETER.reduce((text, [param, element]) => text.replace(param, element), error.message);
  return { statusCode: String(error.status), statusSeverity: error.status < 1000 ? 'Warn' : 'Error', statusMessage: message };
}

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

function requestOf(body: JsonObject): [string, JsonObject] {
  const names = Object.keys(body);
  if (names.length !== 1) throw new PassthroughParseError(`a request holds one request element, not ${names.length}`);
  const name = names[0] ?? '';
  const request = body[name];
  if (!isJsonObject(request)) throw new PassthroughParseError(`element ${name} must hold elements`);
  return [name, request];
}

function idByName(file: CompanyFile, types: readonly string[], fullName: string, element: string): string {
  const id = file.store.rowReads.nameHolder(fullName.toLowerCase(), '', types);
  if (id === undefined) throw new DesktopError(DESKTOP_STATUS.INVALID_REFERENCE, `There is an invalid reference to "${fullName}" in ${element}: no such object in the company file.`);
  return id;
}

function pick(ret: JsonObject, include: readonly string[] | undefined): JsonObject {
  if (!include) return ret;
  return Object.fromEntries(Object.entries(ret).filter(([k]) => include.includes(k)));
}

/**
 * A desktop status met before the request ran (a fault of the machine) answered as the desktop
 * answers it: in the response element, not as a failure of the round trip.
 */
export function statusAnswer(body: JsonObject, error: DesktopError): JsonObject {
  const name = Object.keys(body)[0] ?? '';
  const request = body[name];
  const echo: JsonObject = isJsonObject(request) && typeof request['requestID'] === 'string' ? { requestID: request['requestID'] } : {};
  return { [name.replace(/Rq$/, 'Rs')]: { ...echo, ...statusOf(error) } };
}

/**
 * Answers one passthrough request as the desktop application would: the response wrapper with its
 * status attributes and the objects, in the desktop's vocabulary. What the desktop reports as a
 * status (no match, a warning, an error) is answered, not thrown; a request it cannot parse throws.
 */
export function answerPassthrough(ports: PassthroughPorts, body: JsonObject): JsonObject {
  const [name, request] = requestOf(body);
  const echo: JsonObject = typeof request['requestID'] === 'string' ? { requestID: request['requestID'] } : {};
  const removal = Object.hasOwn(REMOVALS, name) ? REMOVALS[name] : undefined;
  const match = REQUEST.exec(name);
  const base = match?.[1] ?? '';
  const view = match?.[2] === 'Query' && Object.hasOwn(VIEW_QUERIES, base) ? VIEW_QUERIES[base] : undefined;
  const union = match?.[2] === 'Query' && Object.hasOwn(UNION_QUERIES, base) ? UNION_QUERIES[base] : undefined;
  const model = view ? ports.file.modelOf(view.objectType) : match ? typeByElement(ports.file, base) : undefined;
  if (!removal && !union && (!match || !model)) throw new PassthroughParseError(`the desktop application has no request ${name}`);
  const responseName = name.replace(/Rq$/, 'Rs');
  try {
    const answer = removal
      ? removeObject(ports, name, request, removal)
      : union
        ? unionQuery(ports.file, ports.queries, base, union, name, request)
        : view
          ? viewQuery(ports, model as TypeModel, view, base, name, request)
          : match?.[2] === 'Query'
            ? query(ports, model as TypeModel, name, request)
            : write(ports, model as TypeModel, name, request, match?.[2] as 'Add' | 'Mod');
    return { [responseName]: { ...echo, ...answer } };
  } catch (error) {
    if (error instanceof DesktopError) return { [responseName]: { ...echo, ...statusOf(error) } };
    if (error instanceof RequestInputError) throw new PassthroughParseError(error.message);
    throw error;
  }
}

function query(ports: PassthroughPorts, model: TypeModel, name: string, request: JsonObject): JsonObject {
  const { file, queries } = ports;
  const retName = `${typeElementOf(model.objectType)}Ret`;
  if (model.row.kind === 'singleton') {
    const extra = Object.keys(request).find((k) => !QUERY_ATTRIBUTES.has(k) && k !== 'IncludeRetElement' && k !== 'OwnerID');
    if (extra !== undefined) throw new PassthroughParseError(`${name} has no element ${extra}`);
    return { ...OK, [retName]: [toDesktop(model, file.single(model.objectType))] };
  }
  const metaData = request['metaData'];
  if (metaData !== undefined && metaData !== 'NoMetaData') throw new PassthroughParseError(`${name}: only metaData="NoMetaData" is modelled`);
  const q = model.row.pagedView
    ? readTransactionQuery(request, name, (nonNullBranch(model.schema).properties?.['transactionType']?.enum ?? []).map(String))
    : readQuery(model, request, name, (types, fullName) => idByName(file, types, fullName, name));
  const iterator = request['iterator'];
  const rets = (buffers: readonly Buffer[]): JsonValue[] =>
    (JSON.parse(`[${Buffer.concat(buffers).toString('utf8')}]`) as JsonObject[]).map((doc) => pick(toDesktop(model, doc), q.include));
  if (iterator === undefined) {
    if (request['iteratorID'] !== undefined) throw new PassthroughParseError(`${name}: iteratorID is sent only with iterator="Continue"`);
    // A list with pages (the transactions across types) answers at once through a walk's first page.
    const found = rets(model.row.pagedView ? queries.firstPage(model.objectType, q.params, q.maxReturned ?? WHOLE_LIST).data : [queries.all(model.objectType, q.params, q.maxReturned)]);
    return found.length === 0 ? { ...NO_MATCH } : { ...OK, [retName]: found };
  }
  if (iterator !== 'Start' && iterator !== 'Continue') throw new PassthroughParseError(`${name}: attribute iterator takes Start or Continue, not ${JSON.stringify(iterator)}`);
  const limit = q.maxReturned ?? WHOLE_LIST;
  const iteratorID = request['iteratorID'];
  if (iterator === 'Continue' && typeof iteratorID !== 'string') throw new PassthroughParseError(`${name}: iterator="Continue" needs iteratorID`);
  if (iterator === 'Start' && iteratorID !== undefined) throw new PassthroughParseError(`${name}: iteratorID is sent only with iterator="Continue"`);
  try {
    // The desktop writes an iterator's id in braces; a walk keeps the id it started with, also on its last page.
    const page = iterator === 'Start' ? queries.firstPage(model.objectType, q.params, limit) : queries.nextPage(model.objectType, String(iteratorID).replace(/^\{(.*)\}$/, '$1'), {}, limit);
    const id = iterator === 'Continue' ? String(iteratorID) : `{${page.cursor ?? randomUUID()}}`;
    const found = rets(page.data);
    const attributes = { iteratorRemainingCount: String(page.remaining), iteratorID: id };
    return found.length === 0 ? { ...NO_MATCH, ...attributes } : { ...OK, ...attributes, [retName]: found };
  } catch (error) {
    if (!(error instanceof IteratorError)) throw error;
    if (error.reason === 'exhausted') return { ...NO_MATCH, iteratorRemainingCount: '0', iteratorID: String(iteratorID) };
    throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `The iterator "${String(iteratorID)}" is not open: ${error.message}`);
  }
}

/** A query of a view: every match at once (the desktop offers no iterator on these). */
function viewQuery(ports: PassthroughPorts, model: TypeModel, view: ViewQuery, base: string, name: string, request: JsonObject): JsonObject {
  const { params, include } = readViewQuery(model, view, request, name, VIEW_ATTRIBUTES);
  const docs = JSON.parse(`[${ports.queries.all(model.objectType, params, undefined).toString('utf8')}]`) as JsonObject[];
  return docs.length === 0 ? { ...NO_MATCH } : { ...OK, [`${base}Ret`]: docs.map((doc) => pick(toDesktop(model, doc), include)) };
}

function write(ports: PassthroughPorts, model: TypeModel, name: string, request: JsonObject, verb: 'Add' | 'Mod'): JsonObject {
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
  const fields = bodyFromElements(model, rest, elementName, verb, (types, fullName, where) => idByName(file, types, fullName, where));
  const body = verb === 'Mod' ? { revisionNumber: revision as string, ...fields } : fields;
  const verbName = verb === 'Add' ? 'create' : 'update';
  const problem = ports.checkBody ? ports.checkBody(model.objectType, verbName, body) : `the Service does not ${verbName} ${model.objectType}`;
  if (problem !== undefined) throw new PassthroughParseError(`${elementName}: ${problem}`);
  const doc = verb === 'Add' ? file.add(model.objectType, body) : file.modify(model.objectType, id as string, body);
  return { ...OK, [`${base}Ret`]: toDesktop(model, doc) };
}

function removeObject(ports: PassthroughPorts, name: string, request: JsonObject, removal: (typeof REMOVALS)[string]): JsonObject {
  const keys = Object.keys(request).filter((k) => k !== 'requestID');
  const expected = [removal.typeElement, 'TxnID'];
  if (keys.length !== 2 || keys[0] !== expected[0] || keys[1] !== expected[1]) throw new PassthroughParseError(`${name} takes ${expected.join(' then ')}`);
  const typeElement = request[removal.typeElement];
  if (typeof typeElement !== 'string') throw new PassthroughParseError(`element ${removal.typeElement} must hold a value`);
  const model = typeByElement(ports.file, typeElement);
  if (!model || model.row.kind !== 'transaction') throw new PassthroughParseError(`${removal.typeElement} does not take the value ${JSON.stringify(typeElement)}`);
  const id = request['TxnID'];
  if (typeof id !== 'string') throw new PassthroughParseError(`element TxnID must hold a value`);
  removal.remove(ports.file, model.objectType, id);
  return { ...OK, [removal.typeElement]: typeElement, TxnID: id, ...(name === 'TxnDelRq' ? { TimeDeleted: formatDesktopTime(ports.file.nowSeconds(), ports.file.offsetMinutes) } : {}) };
}
