import type { Exchange } from '../runner/httpClient.ts';
import { flatten, type Schema, type SpecOperation } from '../runner/specModel.ts';
import type { DriftKind } from './driftTypes.ts';

/** One difference between the two answers to one request, before findings are grouped. */
export interface Difference {
  field: string;
  kind: DriftKind;
  reference: string;
  candidate: string;
  objectId?: string;
}

/**
 * Fields meant to differ between two deployments however alike they are: the request's own id, a
 * cursor (a token of one deployment's query), how long the health check's round trip took.
 */
const MEANT_TO_DIFFER = new Set(['requestId', 'nextCursor', 'duration']);

/** Error fields compared: what a client branches on, not the wording (a message may name ids or paths). */
const ERROR_FIELDS = ['type', 'code', 'integrationCode'] as const;

type State = 'absent' | 'null' | 'present';
const stateOf = (value: unknown): State => (value === undefined ? 'absent' : value === null ? 'null' : 'present');
const typeOf = (value: unknown): string => (Array.isArray(value) ? 'array' : typeof value);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const shown = (value: unknown): string => (value === undefined ? '(absent)' : JSON.stringify(value).slice(0, 120));

/** The schema of a property, through `allOf` and the non-null branch of an `anyOf` (nullable fields). */
function propertySchema(schema: Schema | undefined, key: string): Schema | undefined {
  return unwrap(flatten(unwrap(schema))?.properties?.[key]);
}

function unwrap(schema: Schema | undefined): Schema | undefined {
  if (!schema?.anyOf) return schema;
  return schema.anyOf.find((s) => s.type !== 'null') ?? schema;
}

/** An answer's error object, or undefined. */
export function errorOf(exchange: Exchange): Record<string, unknown> | undefined {
  const error = (exchange.json as { error?: unknown } | undefined)?.error;
  return isRecord(error) ? error : undefined;
}

const statusText = (exchange: Exchange): string => {
  if (exchange.networkError !== undefined) return `no answer (${exchange.networkError})`;
  const code = errorOf(exchange)?.['code'];
  return `${exchange.status}${code === undefined ? '' : ` ${String(code)}`}`;
};

/** Items of an array matched by id when each has its own (a list's objects, a document's lines), else by position. */
function matchItems(a: unknown[], b: unknown[], identity: string): { pairs: [unknown, unknown, string | undefined][]; onlyA: string[]; onlyB: string[] } {
  const idOf = (item: unknown): string | undefined => (isRecord(item) && (typeof item[identity] === 'string' || typeof item[identity] === 'number') ? String(item[identity]) : undefined);
  // By position unless every item has an id of its own (a credit applied twice names one document twice).
  const keyed = (items: unknown[]): boolean => new Set(items.map(idOf).filter((id) => id !== undefined)).size === items.length;
  if (!keyed(a) || !keyed(b)) {
    return { pairs: a.slice(0, b.length).map((item, i) => [item, b[i], undefined]), onlyA: [], onlyB: [] };
  }
  const byId = new Map(b.map((item) => [idOf(item) ?? '', item]));
  const inA = new Set(a.map((item) => idOf(item) ?? ''));
  return {
    pairs: a.filter((item) => byId.has(idOf(item) ?? '')).map((item) => [item, byId.get(idOf(item) ?? ''), idOf(item)]),
    onlyA: [...inA].filter((id) => !byId.has(id)),
    onlyB: [...byId.keys()].filter((id) => !inA.has(id)),
  };
}

const onlyHere = (ids: string[]): string => (ids.length === 0 ? '-' : `only here: ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ` and ${ids.length - 5} more` : ''}`);

/** Objects of two arrays matched by id, each side's unmatched ones as one difference. */
function compareItems(path: string, a: unknown[], b: unknown[], itemSchema: Schema | undefined, identity: string, objectId: string | undefined, out: Difference[]): void {
  const { pairs, onlyA, onlyB } = matchItems(a, b, identity);
  if (onlyA.length + onlyB.length > 0) out.push({ field: `${path}[]`, kind: 'objects', reference: onlyHere(onlyA), candidate: onlyHere(onlyB) });
  for (const [x, y, id] of pairs) compareValues(`${path}[]`, x, y, itemSchema, objectId ?? id, out);
}

/** Walks two JSON values side by side, field by field, recording each way they differ. */
function compareValues(path: string, a: unknown, b: unknown, schema: Schema | undefined, objectId: string | undefined, out: Difference[]): void {
  const at = (d: Omit<Difference, 'field' | 'objectId'>): void => {
    out.push({ field: path, ...d, ...(objectId === undefined ? {} : { objectId }) });
  };
  const [sa, sb] = [stateOf(a), stateOf(b)];
  if (sa !== sb) return at({ kind: 'presence', reference: sa === 'present' ? `present (${typeOf(a)})` : sa, candidate: sb === 'present' ? `present (${typeOf(b)})` : sb });
  if (sa !== 'present') return;
  if (typeOf(a) !== typeOf(b)) return at({ kind: 'type', reference: typeOf(a), candidate: typeOf(b) });
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) at({ kind: 'count', reference: String(a.length), candidate: String(b.length) });
    compareItems(path, a, b, unwrap(unwrap(schema)?.items), 'id', objectId, out);
    return;
  }
  if (isRecord(a) && isRecord(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (MEANT_TO_DIFFER.has(key)) continue;
      compareValues(path === '' ? key : `${path}.${key}`, a[key], b[key], propertySchema(schema, key), objectId, out);
    }
    return;
  }
  if (a === b) return;
  const enumerated = unwrap(schema)?.enum !== undefined;
  at({ kind: enumerated ? 'enum' : 'value', reference: shown(a), candidate: shown(b) });
}

/**
 * How the candidate's answer to a request differs from the reference's: status first (nothing else
 * can be compared across it), then an error's type and codes, or the body field by field, objects
 * matched by what identifies them.
 */
export function compareAnswers(reference: Exchange, candidate: Exchange, op: SpecOperation): Difference[] {
  if (reference.networkError !== undefined || candidate.networkError !== undefined) {
    return reference.networkError !== undefined && candidate.networkError !== undefined ? [] : [{ field: '(status)', kind: 'unanswered', reference: statusText(reference), candidate: statusText(candidate) }];
  }
  const [refError, candError] = [errorOf(reference), errorOf(candidate)];
  if (reference.status !== candidate.status) {
    const missing = candError?.['code'] === 'ROUTE_NOT_FOUND' && reference.status < 400;
    return [{ field: '(status)', kind: missing ? 'missing-operation' : 'status', reference: statusText(reference), candidate: statusText(candidate) }];
  }
  if (reference.status >= 400 || refError || candError) {
    return ERROR_FIELDS.filter((name) => refError?.[name] !== candError?.[name]).map((name) => ({ field: `error.${name}`, kind: 'error', reference: shown(refError?.[name]), candidate: shown(candError?.[name]) }));
  }
  const out: Difference[] = [];
  if (op.list && isRecord(reference.json) && isRecord(candidate.json)) {
    // A list's counts are findings of their own kind, whatever else differs.
    const count = (body: Record<string, unknown>, key: string): unknown => (key === 'data' ? (Array.isArray(body['data']) ? body['data'].length : undefined) : body[key]);
    for (const key of ['data', 'remainingCount']) {
      const [x, y] = [count(reference.json, key), count(candidate.json, key)];
      if (x !== y && stateOf(x) === stateOf(y)) out.push({ field: key === 'data' ? 'data.length' : key, kind: 'count', reference: shown(x), candidate: shown(y) });
    }
    const { data: refData, remainingCount: _r, ...refRest } = reference.json;
    const { data: candData, remainingCount: _c, ...candRest } = candidate.json;
    compareValues('', refRest, candRest, undefined, undefined, out);
    if (Array.isArray(refData) && Array.isArray(candData)) compareItems('data', refData, candData, op.objectSchema, op.identity, undefined, out);
    else compareValues('data', refData, candData, undefined, undefined, out);
    return out;
  }
  compareValues('', reference.json, candidate.json, op.objectSchema, isRecord(reference.json) && typeof reference.json['id'] === 'string' ? reference.json['id'] : undefined, out);
  return out;
}
