import type { CompanyFile } from '../CompanyFile.ts';
import type { QueryEngine } from '../queries/QueryEngine.ts';
import { LIST_OBJECT_ID } from '../storage/IdAllocator.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { ENTITY_TYPES, GLOBAL_REFERENCES, ITEM_TYPES } from '../values/globalReferences.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { toDesktop, typeElementOf } from './convertElements.ts';
import { PassthroughParseError } from './PassthroughParseError.ts';
import type { DesktopQuery } from './queryElements.ts';
import type { RetEntry } from './RetPages.ts';

/**
 * The desktop's queries across several list types (`ItemQueryRq` answers every kind of item), by
 * the desktop's name of the query. Each object comes back in its own type's element
 * (`ItemServiceRet`, `ItemInventoryRet`...).
 */
export const UNION_QUERIES: Readonly<Record<string, readonly string[]>> = {
  // The types a reference of that kind may name (`globalReferences.ts`): the same sets.
  Item: ITEM_TYPES,
  Terms: GLOBAL_REFERENCES.get('terms') ?? [],
  Entity: ENTITY_TYPES,
};

/** The filters every type of a union has: the rest of a list query's elements belong to one type or another. */
const SHARED_PARAMETERS = new Set(['ids', 'fullNames', 'status', 'updatedAfter', 'updatedBefore', 'nameStartsWith', 'nameContains', 'nameEndsWith', 'nameFrom', 'nameTo']);

const sortName = (doc: JsonObject): string => String(doc['fullName'] ?? doc['name'] ?? '').toLowerCase();

/**
 * Every match among the union's types, ordered by name across them, each in its own type's
 * element, as a thunk run only when the query runs (a message set's check reads nothing). Ids and
 * names are each looked for in the type that holds them; one the file holds in none of the types
 * is the desktop's warning 500, as for a query of one type.
 */
export function unionEntries(file: CompanyFile, queries: QueryEngine, types: readonly string[], q: DesktopQuery, name: string, checkOnly: boolean): () => RetEntry[] {
  const unshared = Object.keys(q.params).find((p) => !SHARED_PARAMETERS.has(p));
  if (unshared !== undefined) throw new PassthroughParseError(`${name} has no element for ${unshared}`);
  return () => {
    if (checkOnly) return [];
    const owners = ownersOf(file, types, q.params);
    const found: [string, JsonObject][] = [];
    for (const type of types) {
      const model = file.modelOf(type);
      const params: Record<string, JsonValue> = { ...q.params };
      if (owners) {
        const mine = owners.get(type);
        if (!mine) continue;
        params[owners.param] = mine;
      }
      if (!model.has('isActive')) delete params['status'];
      const docs = JSON.parse(`[${queries.all(type, params, undefined).toString('utf8')}]`) as JsonObject[];
      for (const doc of docs) found.push([type, doc]);
    }
    found.sort((a, b) => (sortName(a[1]) < sortName(b[1]) ? -1 : sortName(a[1]) > sortName(b[1]) ? 1 : 0));
    return found.map(([type, doc]) => {
      const ret = toDesktop(file.modelOf(type), doc);
      return [`${typeElementOf(type)}Ret`, q.include ? Object.fromEntries(Object.entries(ret).filter(([k]) => q.include?.includes(k))) : ret] as const;
    });
  };
}

/** For a query by ids or names: which of the union's types holds each. */
function ownersOf(file: CompanyFile, types: readonly string[], params: Readonly<Record<string, JsonValue>>): (Map<string, string[]> & { param: string }) | undefined {
  const param = 'ids' in params ? 'ids' : 'fullNames' in params ? 'fullNames' : undefined;
  if (param === undefined) return undefined;
  const owners = Object.assign(new Map<string, string[]>(), { param });
  for (const value of (params[param] as JsonValue[]).map(String)) {
    if (param === 'ids' && !LIST_OBJECT_ID.test(value)) throw new DesktopError(DESKTOP_STATUS.INVALID_ID, `Object id "${value}" is not in the form the desktop application uses.`);
    const type =
      param === 'ids'
        ? file.store.rowReads.typeAmong(value, types)
        : types.find((t) => file.store.rowReads.nameHolder(value.toLowerCase(), '', [t]) !== undefined);
    if (type === undefined) {
      throw new DesktopError(DESKTOP_STATUS.NOT_FOUND, `The query request has not been fully completed. There was a required element ("${value}") that could not be found in the company file.`);
    }
    owners.set(type, [...(owners.get(type) ?? []), value]);
  }
  return owners;
}
