import type { JsonSchema } from '../../spec/types.ts';
import { formatDesktopTime } from '../values/desktopTime.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { nonNullBranch, shapeValue } from './materialize.ts';
import type { ListApplier } from './applyRequest.ts';

function str(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** User-defined fields need a type; fields set through the API are plain text ones. */
export function customFieldsOf(sent: JsonValue[]): JsonObject[] {
  return sent.filter(isJsonObject).map((f) => ({
    ownerId: typeof f['ownerId'] === 'string' ? f['ownerId'] : '0',
    name: str(f['name']),
    type: 'string_255_type',
    value: str(f['value']),
  }));
}

/** Additional contacts get the desktop's identity (id, timestamps, revision); known ones keep theirs. */
function contactsOf(now: number, offsetMinutes: number): ListApplier {
  return (sent, schema, previous) => {
    const stamp = formatDesktopTime(now, offsetMinutes);
    const contactSchema: JsonSchema = nonNullBranch(schema).items ?? {};
    const old = new Map((Array.isArray(previous) ? previous : []).filter(isJsonObject).map((c) => [c['id'], c]));
    return sent.filter(isJsonObject).map((input, index) => {
      const known = typeof input['id'] === 'string' ? old.get(input['id']) : undefined;
      if (typeof input['id'] === 'string' && !known) {
        throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Contact "${input['id']}" specified in the request cannot be found.`);
      }
      const contact = shapeValue(contactSchema, { ...known, ...input }) as JsonObject;
      contact['id'] = known?.['id'] ?? `${(0x8000_0001 + index).toString(16).toUpperCase()}-${now}`;
      contact['objectType'] = 'ldg_contact';
      contact['createdAt'] = known?.['createdAt'] ?? stamp;
      contact['updatedAt'] = stamp;
      contact['revisionNumber'] = String(now);
      contact['name'] = [contact['firstName'], contact['lastName']].filter((p) => typeof p === 'string' && p).join(' ') || null;
      return contact;
    });
  };
}

/** Notes are dated by the desktop on the day they are written and numbered within their object. */
function notesOf(now: number, offsetMinutes: number): ListApplier {
  return (sent) => {
    const today = formatDesktopTime(now, offsetMinutes).slice(0, 10);
    return sent.filter(isJsonObject).map((n, index) => ({ id: typeof n['id'] === 'number' ? n['id'] : index + 1, date: today, note: str(n['note']) }));
  };
}

/** The lists every type keeps identities for, by field name, at the time of one write. */
export function identifiedLists(now: number, offsetMinutes: number): ReadonlyMap<string, ListApplier> {
  return new Map<string, ListApplier>([
    ['additionalContacts', contactsOf(now, offsetMinutes)],
    ['additionalNotes', notesOf(now, offsetMinutes)],
    ['customFields', (sent) => customFieldsOf(sent)],
  ]);
}
