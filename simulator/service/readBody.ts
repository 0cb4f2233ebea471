import type { IncomingMessage } from 'node:http';
import { isJsonObject, type JsonObject } from '../desktop/json.ts';
import { ServiceError } from './ServiceError.ts';

export const MAX_BODY_BYTES = 1_000_000;

/** Reads a JSON object body; anything else is a 400 (or 413 when too large) in the error shape. */
export async function readJsonBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<JsonObject | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw ServiceError.of('REQUEST_TOO_LARGE', `Request body is larger than ${maxBytes} bytes.`);
    chunks.push(chunk);
  }
  if (size === 0) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw ServiceError.of('INVALID_REQUEST', 'Invalid request: the body is not valid JSON.');
  }
  if (!isJsonObject(parsed)) throw ServiceError.of('INVALID_REQUEST', 'Invalid request: the body must be a JSON object.');
  return parsed;
}
