import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import type { JsonObject } from '../desktop/values/json.ts';
import { readJsonObject } from '../desktop/values/jsonLimits.ts';
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

/** body-parser's failures (http-errors with a `type`) in the Service's terms. */
function bodyParserError(error: unknown, maxBytes: number): unknown {
  const type = (error as { type?: unknown }).type;
  if (type === 'entity.too.large') return tooLarge(maxBytes, false);
  if (type === 'encoding.unsupported') {
    return ServiceError.of('UNSUPPORTED_MEDIA_TYPE', 'Request bodies are read as sent: a Content-Encoding (gzip, deflate...) is not accepted.');
  }
  if (type === 'parameters.too.many') return ServiceError.of('INVALID_REQUEST', 'Invalid request: the form has too many fields.');
  if (type === 'request.aborted' || type === 'request.size.invalid' || type === 'stream.not.readable' || (error as { code?: unknown }).code === 'ECONNRESET') {
    return new ClientGone('the client closed the connection before sending its whole request');
  }
  return error;
}

/**
 * Wraps one of express's body parsers (whole body read before anything is decided, within
 * `maxBytes`): its refusals become ServiceErrors, and an upload that goes on past DRAIN_MAX_BYTES
 * over the limit is cut short instead of drained (body-parser drains to the end, however long).
 */
function readWhole(parser: RequestHandler, maxBytes: number): RequestHandler {
  return (req, res, next) => {
    // Most requests are GETs without a body: nothing to read, nothing to listen to.
    if (req.headers['transfer-encoding'] === undefined && req.headers['content-length'] === undefined) return next();
    let answered = false;
    const once = (error?: unknown): void => {
      if (answered) return;
      answered = true;
      req.off('data', count);
      next(error === undefined ? undefined : bodyParserError(error, maxBytes));
    };
    const cutShort = (): void => {
      req.pause();
      once(tooLarge(maxBytes, true));
    };
    let seen = 0;
    const count = (chunk: Buffer): void => {
      seen += chunk.length;
      if (seen > maxBytes + DRAIN_MAX_BYTES) cutShort();
    };
    if (Number(req.headers['content-length']) > maxBytes + DRAIN_MAX_BYTES) {
      cutShort();
      return;
    }
    req.on('data', count);
    void parser(req, res, once);
  };
}

/** The request body as bytes on `req.body` (see `bodyBytes`), whatever its type: the handler decides what it accepts. */
export function readBodyBytes(maxBytes = MAX_BODY_BYTES): RequestHandler {
  return readWhole(express.raw({ type: () => true, limit: maxBytes, inflate: false }), maxBytes);
}

/**
 * The same for bodies of many megabytes (fixtures): each chunk is copied into one buffer, sized by
 * Content-Length, as it arrives, where reading whole and joining at the end (body-parser) held the
 * thread that answers everyone for 0.35 s at 117 MB. The buffer is the body's alone, so it can be
 * moved to another thread. A body without a Content-Length, encoded, or over the limit is read
 * (and answered) as readBodyBytes does.
 */
export function readLargeBodyBytes(maxBytes: number): RequestHandler {
  const whole = readBodyBytes(maxBytes);
  return (req, res, next) => {
    const declared = Number(req.headers['content-length']);
    const encoded = (req.headers['content-encoding'] ?? 'identity').toLowerCase() !== 'identity';
    if (req.headers['transfer-encoding'] !== undefined || encoded || !Number.isSafeInteger(declared) || declared <= 0 || declared > maxBytes) return whole(req, res, next);
    const body = Buffer.allocUnsafeSlow(declared);
    let filled = 0;
    let done = false;
    const finish = (error?: unknown): void => {
      if (done) return;
      done = true;
      req.off('data', copy);
      if (error === undefined) (req as IncomingMessage & { body?: unknown }).body = body;
      next(error);
    };
    // Node's parser stops a body at its Content-Length: a chunk never runs past it.
    const copy = (chunk: Buffer): void => {
      filled += chunk.copy(body, filled);
    };
    req.on('data', copy);
    req.once('end', () => finish(filled === declared ? undefined : new ClientGone('the client sent less than its Content-Length said')));
    req.once('close', () => finish(new ClientGone('the client closed the connection before sending its whole request')));
  };
}

/** A form post's fields on `req.body` (urlencoded), within `maxBytes`. */
export function readForm(maxBytes: number): RequestHandler {
  return readWhole(express.urlencoded({ extended: false, limit: maxBytes, inflate: false }), maxBytes);
}

/** The bytes `readBodyBytes` read; undefined when there were none. */
export function bodyBytes(req: IncomingMessage & { body?: unknown }): Buffer | undefined {
  return Buffer.isBuffer(req.body) && req.body.length > 0 ? req.body : undefined;
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
 * The bytes of a JSON body, unparsed: refused with 415 unless labelled as JSON; undefined when none
 * was sent. For a body parsed elsewhere (a large fixture, on a thread of its own).
 */
export function jsonBytes(bytes: Buffer | undefined, contentType: string | undefined): Buffer | undefined {
  if (bytes === undefined) return undefined;
  if (!isJsonContentType(contentType)) {
    throw ServiceError.of('UNSUPPORTED_MEDIA_TYPE', `Request bodies must be JSON sent as "Content-Type: application/json"; got ${contentType ? `"${contentType}"` : 'no Content-Type'}.`);
  }
  return bytes;
}

/**
 * A JSON object from bytes already read: refused with 415 unless labelled as JSON, with 400 when
 * it is not JSON, not an object, nested too deeply or carrying a key no document has.
 */
export function parseJsonObject(bytes: Buffer | undefined, contentType: string | undefined): JsonObject | undefined {
  const json = jsonBytes(bytes, contentType);
  if (json === undefined) return undefined;
  const read = readJsonObject(json);
  if ('refusal' in read) throw ServiceError.of('INVALID_REQUEST', read.refusal);
  return read.object;
}
