import type { IncomingMessage } from 'node:http';
import { isJsonObject, type JsonObject } from '../desktop/json.ts';
import { jsonLimitProblem } from '../desktop/jsonLimits.ts';
import { ServiceError } from './ServiceError.ts';

export const MAX_BODY_BYTES = 1_000_000;

/**
 * A body over its limit is still read to its end (and dropped), so the client gets its 413 on a
 * connection it can go on using, and a client still uploading never meets a reset. Past this many
 * bytes it is no longer worth it: the answer says `Connection: close` and the connection ends.
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/** The client went away before its request was complete: nobody is left to answer. */
export class ClientGone extends Error {}

function tooLarge(maxBytes: number, closeConnection: boolean): ServiceError {
  return ServiceError.of('REQUEST_TOO_LARGE', `Request body is larger than ${maxBytes} bytes.`, { closeConnection });
}

/** The whole body as bytes (undefined when empty), within `maxBytes`; see DRAIN_MAX_BYTES for what happens past it. */
export function readBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const done = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (!over && size > maxBytes) {
        over = true;
        chunks.length = 0;
      }
      if (!over) chunks.push(chunk);
      else if (size - maxBytes > DRAIN_MAX_BYTES) {
        done();
        req.pause();
        reject(tooLarge(maxBytes, true));
      }
    };
    const onEnd = (): void => {
      done();
      if (over) reject(tooLarge(maxBytes, false));
      else resolve(size === 0 ? undefined : Buffer.concat(chunks));
    };
    const onGone = (): void => {
      done();
      reject(new ClientGone('the client closed the connection before sending its whole request'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('close', onGone);
  });
}

/** `application/json` or a `+json` type, in UTF-8 (the only charset JSON has). */
function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [type = '', ...params] = header.split(';').map((p) => p.trim().toLowerCase());
  const json = type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
  const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  return json && (charset === undefined || charset === 'utf-8' || charset === 'utf8');
}

/**
 * A JSON object from bytes already read: refused with 415 unless labelled as JSON, with 400 when
 * it is not JSON, not an object, nested too deeply or carrying a key no document has.
 */
export function parseJsonObject(bytes: Buffer | undefined, contentType: string | undefined): JsonObject | undefined {
  if (bytes === undefined) return undefined;
  if (!isJsonContentType(contentType)) {
    throw ServiceError.of('UNSUPPORTED_MEDIA_TYPE', `Request bodies must be JSON sent as "Content-Type: application/json"; got ${contentType ? `"${contentType}"` : 'no Content-Type'}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw ServiceError.of('INVALID_REQUEST', 'Invalid request: the body is not valid JSON.');
  }
  if (!isJsonObject(parsed)) throw ServiceError.of('INVALID_REQUEST', 'Invalid request: the body must be a JSON object.');
  const problem = jsonLimitProblem(parsed);
  if (problem) throw ServiceError.of('INVALID_REQUEST', `Invalid request at "${problem.path}": ${problem.message}`);
  return parsed;
}
