import type { JsonSchema } from '../spec/types.ts';
import { isJsonObject, type JsonObject, type JsonValue } from './json.ts';

/** The branch of a nullable `anyOf` that is not `null`, or the schema itself. */
export function nonNullBranch(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.find((b) => b.type !== 'null') ?? schema;
  return schema;
}

function hasType(schema: JsonSchema, type: string): boolean {
  const s = nonNullBranch(schema);
  return s.type === type || (Array.isArray(s.type) && s.type.includes(type));
}

export function isArraySchema(schema: JsonSchema): boolean {
  return hasType(schema, 'array');
}

/** A `{id, fullName}` reference, the shape every link to another object takes in responses. */
export function isReferenceSchema(schema: JsonSchema): boolean {
  let known = referenceSchemas.get(schema);
  if (known === undefined) {
    const props = nonNullBranch(schema).properties;
    known = props !== undefined && Object.keys(props).length === 2 && 'id' in props && 'fullName' in props;
    referenceSchemas.set(schema, known);
  }
  return known;
}

/** Asked for every field of every request; schemas never change, so each is looked at once. */
const referenceSchemas = new WeakMap<JsonSchema, boolean>();

/**
 * Fills a value out to the response schema: every property present, absent ones null (or [] for
 * lists), nested objects and lists of objects filled the same way. What it cannot know (ids,
 * computed totals) the object's rules set afterwards.
 */
export function shapeValue(schema: JsonSchema, value: JsonValue | undefined): JsonValue {
  if (value === undefined || value === null) return isArraySchema(schema) ? [] : null;
  const s = nonNullBranch(schema);
  if (Array.isArray(value)) {
    const items = s.items;
    return items ? value.map((v) => shapeValue(items, v)) : value;
  }
  if (isJsonObject(value) && s.properties) {
    const out: JsonObject = {};
    for (const [key, propSchema] of Object.entries(s.properties)) out[key] = shapeValue(propSchema, value[key]);
    return out;
  }
  return value;
}

/**
 * An empty object of the schema: every property null, or [] where the spec says it is a list, even
 * a nullable one: lists are always arrays; null only means a list was left out on request.
 */
export function emptyObject(schema: JsonSchema): JsonObject {
  let shape = emptyShapes.get(schema);
  if (!shape) {
    const keys: string[] = [];
    const lists: string[] = [];
    for (const [key, propSchema] of Object.entries(nonNullBranch(schema).properties ?? {})) {
      keys.push(key);
      if (isArraySchema(propSchema)) lists.push(key);
    }
    shape = { keys, lists };
    emptyShapes.set(schema, shape);
  }
  // A plain loop: V8 copies a 60-key template by spread five times slower than this.
  const out: JsonObject = {};
  for (const key of shape.keys) out[key] = null;
  for (const key of shape.lists) out[key] = [];
  return out;
}

/** Schemas are compiled once and never change: the empty object of each is worked out once. */
const emptyShapes = new WeakMap<JsonSchema, { keys: string[]; lists: string[] }>();

export type ReferenceResolver = (field: string, id: string) => JsonObject;

/**
 * Applies request fields onto an object, by the naming rules the Service follows: `x` sets `x`
 * (shaped to the response schema), `xId` sets the reference `x`. Returns the request keys it did
 * not recognise, so the caller can hand them to the type's own rules and refuse silence.
 */
export function applyRequestFields(
  schema: JsonSchema,
  target: JsonObject,
  body: JsonObject,
  resolve: ReferenceResolver,
  skip: ReadonlySet<string>,
): string[] {
  const props = nonNullBranch(schema).properties ?? {};
  const leftover: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (skip.has(key)) continue;
    const own = props[key];
    if (own && !isReferenceSchema(own)) {
      target[key] = shapeValue(own, value);
      continue;
    }
    const refField = key.endsWith('Id') ? key.slice(0, -2) : undefined;
    const refSchema = refField === undefined ? undefined : props[refField];
    if (refField !== undefined && refSchema && isReferenceSchema(refSchema) && typeof value === 'string') {
      target[refField] = resolve(refField, value);
      continue;
    }
    leftover.push(key);
  }
  return leftover;
}
