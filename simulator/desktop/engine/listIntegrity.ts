
/** What the list rules read and write of the company file. */
interface ListFile {
  readonly nameScopes: NameScopes | undefined;
  readonly types: TypeRegistry;
  readonly store: CompanyFileStore;
  rewrite(type: string, doc: JsonObject): void;
}
import { parseDoc, type CompanyFileStore } from '../storage/CompanyFileStore.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { nounOf } from '../values/typeNoun.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { indexColumnsOf } from './indexColumns.ts';
import type { NameScopes } from './NameScopes.ts';
import type { TypeModel } from './TypeModel.ts';
import type { TypeRegistry } from './TypeRegistry.ts';

/** A name is unique within its scope (its full name, for hierarchies), ignoring case: status 3100 otherwise. */
export function assertNameFree(file: ListFile, model: TypeModel, name: string | null, ownId: string): void {
  const scope = model.row.nameScope;
  if (!scope || name === null) return;
  const held = file.nameScopes?.holder(scope, name.toLowerCase());
  if (file.nameScopes) {
    if (held !== undefined && held !== ownId) throw new DesktopError(DESKTOP_STATUS.NAME_IN_USE, `The name "${name}" of the list element is already in use.`);
    return;
  }
  const types = file.types.typesInScope(scope);
  const clash = file.store.rowReads.nameHolder(name.toLowerCase(), ownId, types);
  if (clash !== undefined) throw new DesktopError(DESKTOP_STATUS.NAME_IN_USE, `The name "${name}" of the list element is already in use.`);
}

/**
 * An object cannot be made inactive while it is in use: while an active list object refers to it
 * (a job under a customer, an item posting to an account, a group holding an item). Transactions
 * that name it do not keep it active, and neither does an open balance. Status 3175.
 */
export function assertCanDeactivate(file: ListFile, model: TypeModel, doc: JsonObject): void {
  const id = String(doc['id']);
  for (const row of file.store.graph.referrers(id)) {
    const referrer = file.types.has(row.type) ? file.types.modelOf(row.type) : undefined;
    if (!referrer || referrer.row.kind !== 'list' || row.is_active !== 1 || row.id === id) continue;
    throw new DesktopError(DESKTOP_STATUS.IN_USE, `"${row.name ?? id}" is in use by the active ${nounOf(row.type)} "${row.name ?? row.id}" and cannot be made inactive.`);
  }
}

/** Replaces the shown name of every `{id, fullName}` that points at `id`, anywhere in a document. */
function renameIn(value: JsonValue, id: string, name: JsonValue): boolean {
  let changed = false;
  if (Array.isArray(value)) {
    for (const entry of value) changed = renameIn(entry, id, name) || changed;
  } else if (isJsonObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 2 && value['id'] === id && 'fullName' in value) {
      if (value['fullName'] !== name) {
        value['fullName'] = name;
        return true;
      }
      return false;
    }
    for (const key of keys) changed = renameIn(value[key] ?? null, id, name) || changed;
  }
  return changed;
}

/**
 * After a rename (or a move in its hierarchy), every object that shows the renamed one's name
 * shows the new one, as the desktop application does: objects below it get their full names
 * rebuilt, then everything that refers to any of them is rewritten. Revision numbers stay: the
 * desktop does not count this as a change of those objects.
 */
export function propagateRename(file: ListFile, model: TypeModel, doc: JsonObject): void {
  const id = String(doc['id']);
  const name = indexColumnsOf(model, doc).name;
  if (model.row.hierarchical) {
    for (const child of file.store.graph.referencing(model.objectType, 'parent', id).map((bytes) => parseDoc<JsonObject>(bytes))) {
      child['parent'] = { id, fullName: name };
      child['fullName'] = `${String(name)}:${String(child['name'])}`;
      child['sublevel'] = Number(doc['sublevel']) + 1;
      file.rewrite(model.objectType, child);
      propagateRename(file, model, child);
    }
  }
  for (const row of file.store.graph.referrers(id)) {
    const referrer = parseDoc<JsonObject>(row.doc);
    if (row.type === model.objectType && model.row.hierarchical && isJsonObject(referrer['parent']) && referrer['parent']['id'] === id) continue;
    if (renameIn(referrer, id, name)) file.rewrite(row.type, referrer);
  }
}
