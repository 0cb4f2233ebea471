import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import type { JsonObject } from '../values/json.ts';
import { aNounOf } from '../values/typeNoun.ts';
import type { TypeRow } from '../table/TypeRow.ts';

/** The name the desktop makes from parts of an object (`First Middle Last`), or undefined when the row has none. */
export function nameFromParts(row: TypeRow, fields: JsonObject): string | undefined {
  if (!row.nameFrom) return undefined;
  return row.nameFrom
    .map((f) => fields[f])
    .map((v) => (typeof v === 'string' ? v.trim() : ''))
    .filter(Boolean)
    .join(' ')
    .slice(0, 41);
}

/** Sets such a name on a stored object; an object with none of the parts cannot be saved (3180). */
export function applyDerivedName(row: TypeRow, doc: JsonObject): void {
  const name = nameFromParts(row, doc);
  if (name === undefined) return;
  if (!name) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `${aNounOf(row.objectType, true)} needs at least one of ${row.nameFrom?.join(', ')}.`);
  doc['name'] = name;
  if ('printAs' in doc && doc['printAs'] === null) doc['printAs'] = name;
}
