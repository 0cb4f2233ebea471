import type { JsonValue } from '../desktop/json.ts';
import type { JsonSchema, OperationSpec } from '../spec/types.ts';

function typeOf(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined;
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** Id-like lists never contain commas, so a single comma-joined value is split; names are kept whole. */
function splitsOnCommas(name: string): boolean {
  return name === 'ids' || name.endsWith('Ids') || name === 'refNumbers';
}

function coerceScalar(type: string | undefined, raw: string): JsonValue {
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/**
 * Turns the query string into typed values by the spec's parameter schemas. Arrays accept repeated
 * keys (`ids=a&ids=b`) and, for id lists, comma-joined values (`ids=a,b`). What cannot be coerced
 * stays a string, so the validator names the parameter and says what is wrong.
 */
export function parseQuery(op: OperationSpec, search: URLSearchParams): Record<string, JsonValue> {
  const schemas = new Map(op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema]));
  const out: Record<string, JsonValue> = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    const schema = schemas.get(name);
    const type = typeOf(schema);
    if (type === 'array') {
      const itemType = typeOf(schema?.items);
      const parts = values.length === 1 && splitsOnCommas(name) ? (values[0] ?? '').split(',').filter((v) => v !== '') : values;
      out[name] = parts.map((v) => coerceScalar(itemType, v));
    } else {
      out[name] = values.length === 1 ? coerceScalar(type, values[0] ?? '') : values;
    }
  }
  return out;
}
