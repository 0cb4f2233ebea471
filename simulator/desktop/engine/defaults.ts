import type { JsonSchema } from '../../spec/types.ts';
import { cloneJson, isJsonObject, type JsonObject } from '../values/json.ts';
import { nonNullBranch } from './materialize.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import type { TypeModel } from './TypeModel.ts';

/** What fillDefaults looks for in a type's schema, found once per schema: a bulk load asks per object. */
const defaultedFields = new WeakMap<JsonSchema, { hasIsActive: boolean; requiredFlags: string[] }>();
function defaultedFieldsOf(schema: JsonSchema): { hasIsActive: boolean; requiredFlags: string[] } {
  let known = defaultedFields.get(schema);
  if (!known) {
    const props = nonNullBranch(schema).properties ?? {};
    const required = new Set(nonNullBranch(schema).required ?? []);
    const requiredFlags = Object.entries(props).filter(([field, s]) => required.has(field) && s.type === 'boolean').map(([field]) => field);
    known = { hasIsActive: 'isActive' in props, requiredFlags };
    defaultedFields.set(schema, known);
  }
  return known;
}

/**
 * What a new object gets for what the request left out: active, required flags false, the row's
 * defaults, fields copied from the object it names (a new invoice takes its customer's terms),
 * and the next reference number.
 */
export function fillDefaults(model: TypeModel, ctx: RulesContext, doc: JsonObject, body: JsonObject): void {
  const { hasIsActive, requiredFlags } = defaultedFieldsOf(model.schema);
  if (hasIsActive && doc['isActive'] === null) doc['isActive'] = true;
  for (const field of requiredFlags) if (doc[field] === null) doc[field] = false;
  for (const [field, value] of Object.entries(model.row.defaults ?? {})) {
    if (doc[field] === null) doc[field] = typeof value === 'object' && value !== null ? cloneJson(value) : value;
  }
  const copy = model.row.copyDefaults;
  const source = copy && isJsonObject(doc[copy.from]) ? (doc[copy.from] as JsonObject)['id'] : undefined;
  if (copy && typeof source === 'string') {
    const from = ctx.findAmong(model.targetsOf(copy.from), source);
    for (const field of copy.fields) {
      const sent = field in body || `${field}Id` in body;
      if (!sent && doc[field] === null && from) doc[field] = cloneJson(from[field] ?? null);
    }
  }
  const counter = model.row.refNumber;
  if (counter && doc['refNumber'] === null) {
    doc['refNumber'] = String(Number(ctx.getMeta(`${counter.counter}.lastRefNumber`) ?? String(counter.start)) + 1);
  }
}

/** The next free number follows the highest all-digit reference number, as the desktop counts. */
export function rememberRefNumber(model: TypeModel, ctx: RulesContext, doc: JsonObject): void {
  const counter = model.row.refNumber;
  const refNumber = doc['refNumber'];
  if (!counter || typeof refNumber !== 'string' || !/^\d{1,11}$/.test(refNumber)) return;
  const key = `${counter.counter}.lastRefNumber`;
  if (Number(refNumber) > Number(ctx.getMeta(key) ?? String(counter.start))) ctx.setMeta(key, refNumber);
}

