import type { JsonSchema } from '../../spec/types.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';

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
  let make = emptyMakers.get(schema);
  if (!make) {
    const props = Object.entries(nonNullBranch(schema).properties ?? {});
    // An object literal made by a function of its own: V8 builds it from one template, five to ten
    // times faster than setting 60 keys one by one, and a bulk load makes one per object and line.
    // The keys are the spec's own, quoted by JSON.stringify; nothing a client sends reaches this text.
    // (A literal's "__proto__" would set the prototype, not a key: such a schema is built key by key.)
    const fields = props.map(([key, propSchema]) => `${JSON.stringify(key)}: ${isArraySchema(propSchema) ? '[]' : 'null'}`);
    make = props.some(([key]) => key === '__proto__')
      ? () => Object.fromEntries(props.map(([key, propSchema]) => [key, isArraySchema(propSchema) ? [] : null])) as JsonObject
      : (new Function(`return { ${fields.join(', ')} };`) as () => JsonObject);
    emptyMakers.set(schema, make);
  }
  return make();
}

/** Schemas are compiled once and never change: the maker of each one's empty object is built once. */
const emptyMakers = new WeakMap<JsonSchema, () => JsonObject>();
