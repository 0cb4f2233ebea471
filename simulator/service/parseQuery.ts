import type { IncomingHttpHeaders } from 'node:http';
import type { JsonValue } from '../desktop/values/json.ts';
import type { JsonSchema, OperationSpec } from '../spec/types.ts';
import { ServiceError } from './ServiceError.ts';

function typeOf(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined;
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/**
 * Where a comma-joined array value is cut (decision 20): at every comma not followed by a space.
 * Clients that join arrays (`ids=a,b`, `includeColumns=date,amount`) join with a bare comma, while
 * a name's own comma is followed by a space ("Stokes, Tromp and Cremin"), so it stays in the name.
 */
const JOINED = /,(?! )/;

/** The values of an array parameter: repeated keys as sent, or one value cut where it was joined. */
function arrayValues(values: string[]): string[] {
  const [only] = values;
  if (values.length !== 1 || only === undefined || !JOINED.test(only)) return values;
  return only.split(JOINED).filter((v) => v !== '');
}

function coerceScalar(type: string | undefined, raw: string): JsonValue {
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

function unknownParameter(name: string, where: string): ServiceError {
  return ServiceError.of('INVALID_REQUEST', `Invalid request at "${name}": is not a known ${where} parameter of this operation`);
}

/**
 * Turns the query string into typed values by the spec's parameter schemas. Every array accepts
 * repeated keys (`ids=a&ids=b`) and comma-joined values (`ids=a,b`), as the Service does. What cannot be coerced
 * stays a string, so the validator names the parameter and says what is wrong. A key the operation
 * does not take is refused here, whatever its name: the keys come from the client, so they are
 * looked up in a Map and the result is built with own properties only (`__proto__` is just a name).
 */
export function parseQuery(op: OperationSpec, search: URLSearchParams): Record<string, JsonValue> {
  const schemas = new Map(op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema]));
  const entries: [string, JsonValue][] = [];
  for (const name of new Set(search.keys())) {
    if (!schemas.has(name)) throw unknownParameter(name, 'query');
    const values = search.getAll(name);
    const schema = schemas.get(name);
    const type = typeOf(schema);
    if (type === 'array') {
      const itemType = typeOf(schema?.items);
      entries.push([name, arrayValues(values).map((v) => coerceScalar(itemType, v))]);
    } else {
      entries.push([name, values.length === 1 ? coerceScalar(type, values[0] ?? '') : values]);
    }
  }
  return Object.fromEntries(entries);
}

/**
 * The header parameters the spec declares (other than the end-user header, which has its own
 * errors), typed for the validator. Headers the spec does not name are ignored, as the Service
 * ignores them.
 */
export function parseHeaderParameters(op: OperationSpec, headers: IncomingHttpHeaders): Record<string, JsonValue> {
  const entries: [string, JsonValue][] = [];
  for (const p of op.parameters) {
    if (p.in !== 'header' || p.name === 'Service-End-User-Id') continue;
    const raw = headers[p.name.toLowerCase()];
    if (raw === undefined) continue;
    entries.push([p.name, coerceScalar(typeOf(p.schema), Array.isArray(raw) ? raw.join(',') : raw)]);
  }
  return Object.fromEntries(entries);
}
