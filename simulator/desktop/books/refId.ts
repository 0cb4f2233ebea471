import { isJsonObject, type JsonValue } from '../values/json.ts';

/** The id a reference field holds (`{id, fullName}`), or null when it holds none. */
export function refId(value: JsonValue | undefined): string | null {
  return isJsonObject(value) && typeof value['id'] === 'string' ? value['id'] : null;
}
