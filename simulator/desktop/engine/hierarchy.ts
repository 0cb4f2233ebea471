import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { aNounOf } from '../values/typeNoun.ts';
import type { TypeModel } from './TypeModel.ts';

/** The desktop application allows five levels below the top of any hierarchy. */
export const MAX_SUBLEVEL = 5;

function str(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

function parentIdOf(doc: JsonObject): string | undefined {
  const parent = doc['parent'];
  return isJsonObject(parent) && typeof parent['id'] === 'string' ? parent['id'] : undefined;
}

/**
 * Full name and depth follow from the name and the parent (`Parent:Child:Grandchild`). A parent
 * must exist, must not be the object itself or below it, and must leave the object within the
 * depth limit.
 */
export function placeInTree(model: TypeModel, doc: JsonObject, find: (id: string) => JsonObject | undefined): void {
  const name = str(doc['name']);
  if (name.includes(':')) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `The name "${name}" must not contain ":", which separates the levels of a full name.`);
  const parentId = parentIdOf(doc);
  if (parentId === undefined) {
    doc['fullName'] = doc['name'] ?? null;
    doc['sublevel'] = 0;
    return;
  }
  const parent = find(parentId);
  if (!parent) throw new DesktopError(DESKTOP_STATUS.INVALID_REFERENCE, `There is an invalid reference to the parent "${parentId}".`);
  for (let current: JsonObject | undefined = parent; current; current = parentIdOf(current) ? find(parentIdOf(current) ?? '') : undefined) {
    if (current['id'] === doc['id']) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `${aNounOf(model.objectType, true)} cannot be placed under itself or one of its own descendants.`);
  }
  const sublevel = Number(parent['sublevel']) + 1;
  if (sublevel > MAX_SUBLEVEL) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `Objects can be nested at most ${MAX_SUBLEVEL} levels deep.`);
  doc['parent'] = { id: parent['id'] ?? null, fullName: parent['fullName'] ?? null };
  doc['fullName'] = `${str(parent['fullName'])}:${name}`;
  doc['sublevel'] = sublevel;
}
