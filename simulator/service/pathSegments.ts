import { ServiceError } from './ServiceError.ts';

/** A percent-decoded path segment, or undefined when the escapes are broken (`%zz`, bad UTF-8). */
export function decodeSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** The `{id}` of a sandbox control's path, decoded; broken escapes are the request's fault. */
export function endUserIdIn(raw: string): string {
  const id = decodeSegment(raw);
  if (id === undefined) throw ServiceError.of('INVALID_REQUEST', `Invalid request at "id": "${raw}" is not valid percent-encoding`);
  return id;
}
