import type { ServerResponse } from 'node:http';
import { SANDBOX_HEADER } from './sandboxHeader.ts';
import { setSecurityHeaders } from './securityHeaders.ts';
import { ServiceError } from './ServiceError.ts';
import type { ResponseBody, ServiceDeps } from './types.ts';
import { StreamedJson } from '../desktop/reportThread/StreamedJson.ts';

/** A JSON answer; the request id and security headers are already on `res` (`beginExchange`, or `sendBareError`). */
export function sendJson(res: ServerResponse, status: number, json: ResponseBody, closeConnection = false, headers: Record<string, string> = {}): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Service-Sandbox', SANDBOX_HEADER);
  if (closeConnection) res.setHeader('Connection', 'close');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  // Its length not known until its thread has written the last slice: sent chunked, each slice as it comes.
  if (json instanceof StreamedJson) {
    void writeStreamed(res, json);
    return;
  }
  const parts = typeof json === 'string' ? [Buffer.from(json, 'utf8')] : Buffer.isBuffer(json) ? [json] : json;
  const length = parts.reduce((n, part) => n + part.length, 0);
  res.setHeader('Content-Length', length);
  if (length > SLICE_BYTES) {
    void writeInSlices(res, parts).then(() => {
      if (!res.destroyed) res.end();
    });
    return;
  }
  // Corked, the headers and every part leave in one write.
  res.cork();
  for (const part of parts.slice(0, -1)) res.write(part);
  res.end(parts.at(-1));
}

/**
 * A body larger than this is written a slice at a time, the next when the socket has taken the
 * last: TLS encrypts what one write hands it at once, and a 40 MB report in one write held this
 * thread, every other end user's requests and the controls with it, for 50-70 ms.
 */
const SLICE_BYTES = 1024 * 1024;

async function writeInSlices(res: ServerResponse, parts: readonly Buffer[]): Promise<void> {
  for (const part of parts) {
    for (let at = 0; at < part.length; at += SLICE_BYTES) {
      if (res.destroyed) return;
      if (!res.write(part.subarray(at, at + SLICE_BYTES))) await drained(res);
    }
  }
}

/**
 * A report's JSON sent as its thread writes it: the first slice at once, each next one as it comes
 * (a megabyte at a time, as above). A client that leaves stops the thread's writing; a thread that
 * dies half way cuts the answer (the client sees it end early, never an error in the middle of it).
 */
async function writeStreamed(res: ServerResponse, json: StreamedJson): Promise<void> {
  const gone = (): void => void json.rest.destroy();
  res.once('close', gone);
  try {
    await writeInSlices(res, [json.first]);
    for await (const part of json.rest) {
      if (res.destroyed) break;
      await writeInSlices(res, [part as Buffer]);
    }
  } catch {
    res.destroy();
  } finally {
    res.off('close', gone);
  }
  if (!res.destroyed) res.end();
}

/** When the socket has taken what was written, or the client has gone (then nothing more is written). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Renders any failure in the spec's error shape; anything unexpected is a marked simulator bug. */
export function sendError(deps: Pick<ServiceDeps, 'logger' | 'responseChecker'>, res: ServerResponse, error: unknown, requestId: string, operationId?: string): string {
  let known =
    error instanceof ServiceError
      ? error
      : ServiceError.of('SIMULATOR_BUG', 'The simulator failed unexpectedly: this is a bug in ledger-sim, please report it with the request id.');
  if (!(error instanceof ServiceError)) {
    deps.logger.error('unexpected exception', { requestId, operationId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
  let body = JSON.stringify(known.toBody(requestId));
  const refusal = deps.responseChecker?.refusal(operationId, known.status, body, requestId);
  if (refusal) {
    known = refusal;
    body = JSON.stringify(known.toBody(requestId));
  }
  sendJson(res, known.status, body, known.closeConnection, known.retryHeaders());
  return body;
}

/** An error answered outside express (the plain-HTTP listener, Node's own refusals): it stamps what `beginExchange` would. */
export function sendBareError(deps: Pick<ServiceDeps, 'logger' | 'responseChecker'>, res: ServerResponse, error: unknown, requestId: string): void {
  res.setHeader('Service-Request-Id', requestId);
  setSecurityHeaders(res);
  sendError(deps, res, error, requestId);
}
