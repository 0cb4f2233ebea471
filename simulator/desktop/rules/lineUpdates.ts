import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';

/** Builds one line from its request input; `existing` is the stored line it changes, if any. */
export type LineBuilder = (input: JsonObject, existing: JsonObject | undefined, position: number) => JsonObject;

/**
 * Lines as the update semantics say, for any kind of line: sending them replaces them all, where
 * a line with a known `id` is kept (and changed), `id: "-1"` adds one, and the rest go.
 */
export function replaceLines(sent: JsonValue | undefined, previous: JsonValue | undefined, build: LineBuilder): JsonObject[] {
  const old = new Map((Array.isArray(previous) ? previous : []).filter(isJsonObject).map((l) => [String(l['id']), l]));
  return (Array.isArray(sent) ? sent : []).filter(isJsonObject).map((input, position) => {
    const id = input['id'];
    if (typeof id === 'string' && id !== '-1') {
      const existing = old.get(id);
      if (!existing) throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Line "${id}" specified in the request cannot be found on this transaction.`);
      return build(input, existing, position);
    }
    return build(input, undefined, position);
  });
}
