import type { JsonObject, JsonValue } from '../desktop/values/json.ts';
import type { JsonSchema } from './types.ts';

/*
 * The defaults a request schema gives, as the Service's request check fills them in (ajv's
 * `useDefaults`): a field left out of an object takes its default, at the top and in every object
 * or list of objects the schema reaches through `properties`, `items` and `allOf`. ajv ignores a
 * default anywhere else (inside `anyOf` or `oneOf`), and the strict start refuses one there.
 * Worked out once per schema: code that writes bodies in process without the request check (the
 * seeder) fills them in from here, and gets what a create call would have got.
 */

/** What to fill in one object of a request: its own fields' defaults, then those of what it holds. */
export interface DefaultsPlan {
  own: readonly (readonly [string, JsonValue])[];
  /** Fields holding an object or a list of objects that has defaults of its own. */
  inner: readonly { field: string; plan: DefaultsPlan }[];
}

const EMPTY: Record<string, JsonSchema> = {};

/** The schemas whose `properties` describe one object: the schema itself and its `allOf` parts. */
function partsOf(schema: JsonSchema): JsonSchema[] {
  return [schema, ...(schema.allOf ?? []).flatMap(partsOf)];
}

/** The fields of a properties object that have a default, in its order (the planner's per-object view). */
export function ownDefaultsOf(props: Record<string, JsonSchema>): (readonly [string, JsonValue])[] {
  return Object.entries(props).flatMap(([field, schema]) => (schema.default === undefined ? [] : [[field, schema.default as JsonValue] as const]));
}

const plans = new WeakMap<JsonSchema, DefaultsPlan | null>();

/** The defaults of an object schema, or undefined when it has none anywhere. */
export function defaultsPlanOf(schema: JsonSchema): DefaultsPlan | undefined {
  const known = plans.get(schema);
  if (known !== undefined) return known ?? undefined;
  // Marked first: a schema that holds itself (a tree) must not be walked forever.
  plans.set(schema, null);
  const props = Object.assign({}, ...partsOf(schema).map((part) => part.properties ?? EMPTY)) as Record<string, JsonSchema>;
  const inner: { field: string; plan: DefaultsPlan }[] = [];
  for (const [field, prop] of Object.entries(props)) {
    const plan = defaultsPlanOf(prop.items ?? prop);
    if (plan) inner.push({ field, plan });
  }
  const own = ownDefaultsOf(props);
  const plan = own.length > 0 || inner.length > 0 ? { own, inner } : undefined;
  plans.set(schema, plan ?? null);
  return plan;
}

/** The plan of what a field holds (`lines`: each line's defaults). */
export function linesPlanOf(plan: DefaultsPlan | undefined, field: string): DefaultsPlan | undefined {
  return plan?.inner.find((entry) => entry.field === field)?.plan;
}

const isObject = (value: JsonValue | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const copyOf = (value: JsonValue): JsonValue => (typeof value === 'object' && value !== null ? structuredClone(value) : value);

/**
 * `body` with what the plan fills in; the body itself when nothing was missing. Copied where a
 * field is added, never changed in place: a caller may send one object twice.
 */
export function withRequestDefaults(plan: DefaultsPlan, body: JsonObject): JsonObject {
  let out = body;
  const set = (field: string, value: JsonValue): void => {
    if (out === body) out = { ...body };
    out[field] = value;
  };
  for (const [field, value] of plan.own) if (body[field] === undefined) set(field, copyOf(value));
  for (const { field, plan: inner } of plan.inner) {
    const value = body[field];
    if (isObject(value)) {
      const filled = withRequestDefaults(inner, value);
      if (filled !== value) set(field, filled);
    } else if (Array.isArray(value)) {
      const filled = value.map((entry) => (isObject(entry) ? withRequestDefaults(inner, entry) : entry));
      if (filled.some((entry, i) => entry !== value[i])) set(field, filled);
    }
  }
  return out;
}
