/** Plain JSON values, the shape of every stored object. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON value that is a string, or null for anything else (a field left out, a number). */
export function stringOrNull(value: JsonValue | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * A deep copy of a JSON value. For the small objects rules copy (an address, a line),
 * structuredClone's fixed cost per call is most of the work: seeding the demo file spent 40 ms in
 * it, copying customers' addresses onto invoices.
 */
export function cloneJson<T extends JsonValue>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => cloneJson(v)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value)) out[key] = cloneJson((value as JsonObject)[key] as JsonValue);
  return out as T;
}

/** The objects of a list field (a document's lines); anything else is none. */
export const objectsOf = (value: JsonValue | undefined): JsonObject[] => (Array.isArray(value) ? value.filter(isJsonObject) : []);
