import type { JsonSchema } from '../../spec/types.ts';
import { assertCalendarDate } from '../values/desktopTime.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { emptyObject, isArraySchema, isReferenceSchema, nonNullBranch, shapeValue } from './materialize.ts';

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

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** How a field's sent value is stored, worked out once from its schema. */
type ValueShape = 'objects' | 'object' | 'list' | 'scalar';

/** What one request key may set: the field itself, a reference (`xId`) or a list of references (`xIds`). */
interface KeyPlan {
  /** The key's path, for `skip` and for what is left over. */
  path: string;
  /** `date`: a day, which must be one of the desktop's calendar (`format: date`). */
  own?: { schema: JsonSchema; shape: ValueShape; items: JsonSchema | undefined; date: boolean };
  refs?: { field: string; path: string };
  ref?: { field: string; path: string };
}

function isObjectSchema(schema: JsonSchema | undefined): boolean {
  return schema !== undefined && nonNullBranch(schema).properties !== undefined && !isReferenceSchema(schema);
}

function shapeOf(schema: JsonSchema): ValueShape {
  if (isArraySchema(schema)) return isObjectSchema(nonNullBranch(schema).items) ? 'objects' : 'list';
  return isObjectSchema(schema) ? 'object' : 'scalar';
}

/**
 * Every key a request may send for an object of `schema` at `path`, by the naming rules, found
 * once per schema and path: a bulk load applies a request per object, and working the rules out
 * from the schema each time was most of what adding an object cost.
 */
function compile(schema: JsonSchema, path: string): Map<string, KeyPlan> {
  const plan = new Map<string, KeyPlan>();
  const entry = (key: string): KeyPlan => {
    let found = plan.get(key);
    if (!found) {
      found = { path: join(path, key) };
      plan.set(key, found);
    }
    return found;
  };
  for (const [field, fieldSchema] of Object.entries(nonNullBranch(schema).properties ?? {})) {
    if (isReferenceSchema(fieldSchema)) {
      entry(`${field}Id`).ref = { field, path: join(path, field) };
      continue;
    }
    entry(field).own = { schema: fieldSchema, shape: shapeOf(fieldSchema), items: nonNullBranch(fieldSchema).items, date: nonNullBranch(fieldSchema).format === 'date' };
    const items = nonNullBranch(fieldSchema).items;
    if (field.endsWith('s') && isArraySchema(fieldSchema) && isReferenceSchema(items ?? {})) {
      entry(`${field.slice(0, -1)}Ids`).refs = { field, path: join(path, field) };
    }
  }
  return plan;
}

const plans = new WeakMap<JsonSchema, Map<string, Map<string, KeyPlan>>>();

function planOf(schema: JsonSchema, path: string): Map<string, KeyPlan> {
  let byPath = plans.get(schema);
  if (!byPath) {
    byPath = new Map();
    plans.set(schema, byPath);
  }
  let plan = byPath.get(path);
  if (!plan) {
    plan = compile(schema, path);
    byPath.set(path, plan);
  }
  return plan;
}

/**
 * Applies request fields onto an object by the naming rules the Service follows, at any depth:
 * `x` sets `x` (shaped to the response schema; nested objects and lists of objects by the same
 * rules), `xId` sets the reference `x`, `xIds` sets the list of references `xs`, and an object sent
 * for a plain field carries its value in `value` (`barcode: {value}`). Returns the keys (with
 * their paths) that fit no rule, so the caller can refuse what it would otherwise drop.
 */
export function applyRequest(schema: JsonSchema, target: JsonObject, body: JsonObject, options: ApplyOptions, path = ''): string[] {
  const plan = planOf(schema, path);
  const leftover: string[] = [];
  for (const key of Object.keys(body)) {
    const value = body[key] as JsonValue;
    const known = plan.get(key);
    const keyPath = known ? known.path : join(path, key);
    if (options.skip.has(keyPath)) continue;
    if (known?.own) {
      const applied = applyValue(known.own, value, target[key], options, keyPath, key, leftover);
      if (applied === undefined) leftover.push(keyPath);
      else target[key] = applied;
    } else if (known?.refs && Array.isArray(value)) {
      const { field, path: refsPath } = known.refs;
      target[field] = value.map((id) => options.resolve(refsPath, String(id)));
    } else if (known?.ref && typeof value === 'string') {
      target[known.ref.field] = options.resolve(known.ref.path, value);
    } else leftover.push(keyPath);
  }
  return leftover;
}

/** The value to store for one sent field, or undefined when the sent shape fits no rule; unknown nested keys go to `leftover`. */
function applyValue(
  own: NonNullable<KeyPlan['own']>,
  value: JsonValue,
  previous: JsonValue | undefined,
  options: ApplyOptions,
  path: string,
  key: string,
  leftover: string[],
): JsonValue | undefined {
  const { schema, shape, items } = own;
  if (own.date && typeof value === 'string') assertCalendarDate(value, path);
  if (shape === 'scalar' && value !== null && typeof value !== 'object') return value;
  if (value === null) return shapeValue(schema, null);
  const list = options.lists.get(key);
  if (list && Array.isArray(value)) return list(value, schema, previous);
  if ((shape === 'objects' || shape === 'list') && Array.isArray(value)) {
    if (shape === 'list' || !items) return shapeValue(schema, value);
    const out: JsonValue[] = [];
    for (const entry of value) {
      if (!isJsonObject(entry)) return undefined;
      const built = emptyObject(items);
      leftover.push(...applyRequest(items, built, entry, options, path));
      out.push(built);
    }
    return out;
  }
  if (shape === 'object' && isJsonObject(value)) {
    // Nested objects are replaced whole, as the desktop replaces an address.
    const built = emptyObject(schema);
    leftover.push(...applyRequest(schema, built, value, options, path));
    return built;
  }
  if (shape === 'scalar' && isJsonObject(value)) {
    return 'value' in value ? shapeValue(schema, value['value'] ?? null) : undefined;
  }
  return shapeValue(schema, value);
}
