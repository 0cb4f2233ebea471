import type { JsonSchema } from '../../spec/types.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import { emptyObject, isArraySchema, isReferenceSchema, nonNullBranch, shapeValue } from '../materialize.ts';

/** Resolves a reference sent as `<field>Id` at `path` (`lines.item`) to `{id, fullName}`. */
export type PathResolver = (path: string, id: string) => JsonObject;

/**
 * Lists whose entries the desktop application keeps an identity for (contacts get ids and
 * timestamps, notes get ids and dates, custom fields a type): applied by their own helper
 * instead of the plain naming rules. Keyed by field name; see `identifiedLists.ts`.
 */
export type ListApplier = (sent: JsonValue[], schema: JsonSchema, previous: JsonValue | undefined) => JsonValue[];

export interface ApplyOptions {
  resolve: PathResolver;
  /** Request keys some rule of the type handles itself, by path (`openingBalance`, `perItemPriceLevels.adjustPercentage`). */
  skip: ReadonlySet<string>;
  lists: ReadonlyMap<string, ListApplier>;
}

function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return nonNullBranch(schema).properties ?? {};
}

function itemsOf(schema: JsonSchema): JsonSchema | undefined {
  return nonNullBranch(schema).items;
}

function isObjectSchema(schema: JsonSchema | undefined): boolean {
  return schema !== undefined && nonNullBranch(schema).properties !== undefined && !isReferenceSchema(schema);
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * Applies request fields onto an object by the naming rules the Service follows, at any depth:
 * `x` sets `x` (shaped to the response schema; nested objects and lists of objects by the same
 * rules), `xId` sets the reference `x`, `xIds` sets the list of references `xs`, and an object sent
 * for a plain field carries its value in `value` (`barcode: {value}`). Returns the keys (with
 * their paths) that fit no rule, so the caller can refuse what it would otherwise drop.
 */
export function applyRequest(schema: JsonSchema, target: JsonObject, body: JsonObject, options: ApplyOptions, path = ''): string[] {
  const props = propertiesOf(schema);
  const leftover: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (options.skip.has(join(path, key))) continue;
    const own = props[key];
    if (own && !isReferenceSchema(own)) {
      const applied = applyValue(own, value, target[key], options, join(path, key), key, leftover);
      if (applied === undefined) leftover.push(join(path, key));
      else target[key] = applied;
      continue;
    }
    if (key.endsWith('Ids') && Array.isArray(value)) {
      const field = `${key.slice(0, -3)}s`;
      const list = props[field];
      if (list && isArraySchema(list) && isReferenceSchema(itemsOf(list) ?? {})) {
        target[field] = value.map((id) => options.resolve(join(path, field), String(id)));
        continue;
      }
    }
    if (key.endsWith('Id') && typeof value === 'string') {
      const field = key.slice(0, -2);
      const ref = props[field];
      if (ref && isReferenceSchema(ref)) {
        target[field] = options.resolve(join(path, field), value);
        continue;
      }
    }
    leftover.push(join(path, key));
  }
  return leftover;
}

/** The value to store for one sent field, or undefined when the sent shape fits no rule; unknown nested keys go to `leftover`. */
function applyValue(
  schema: JsonSchema,
  value: JsonValue,
  previous: JsonValue | undefined,
  options: ApplyOptions,
  path: string,
  key: string,
  leftover: string[],
): JsonValue | undefined {
  if (value === null) return shapeValue(schema, null);
  const list = options.lists.get(key);
  if (list && Array.isArray(value)) return list(value, schema, previous);
  if (isArraySchema(schema) && Array.isArray(value)) {
    const items = itemsOf(schema);
    if (!isObjectSchema(items)) return shapeValue(schema, value);
    const out: JsonValue[] = [];
    for (const entry of value) {
      if (!isJsonObject(entry) || !items) return undefined;
      const built = emptyObject(items);
      leftover.push(...applyRequest(items, built, entry, options, path));
      out.push(built);
    }
    return out;
  }
  if (isObjectSchema(schema) && isJsonObject(value)) {
    // Nested objects are replaced whole, as the desktop replaces an address.
    const built = emptyObject(schema);
    leftover.push(...applyRequest(schema, built, value, options, path));
    return built;
  }
  if (!isObjectSchema(schema) && !isArraySchema(schema) && isJsonObject(value)) {
    return 'value' in value ? shapeValue(schema, value['value'] ?? null) : undefined;
  }
  return shapeValue(schema, value);
}
