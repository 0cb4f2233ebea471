import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import express, { type Express } from 'express';
import { handleApiRequest, handlerTable } from './handleApiRequest.ts';
import { compileRoutes } from './matchRoute.ts';
import { handleSandboxRequest, SANDBOX_HEADER } from './sandboxControls.ts';
import { ServiceError } from './ServiceError.ts';
import { newRequestId } from './serviceIds.ts';
import type { ServiceDeps } from './types.ts';

export function sendJson(res: ServerResponse, status: number, json: string | Buffer, requestId: string): void {
  const bytes = typeof json === 'string' ? Buffer.from(json, 'utf8') : json;
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', bytes.length);
  res.setHeader('Service-Request-Id', requestId);
  res.setHeader('Service-Sandbox', SANDBOX_HEADER);
  res.end(bytes);
}

/** Renders any failure in the spec's error shape; anything unexpected is a marked simulator bug. */
export function sendError(deps: ServiceDeps, res: ServerResponse, error: unknown, requestId: string, operationId?: string): void {
  const known =
    error instanceof ServiceError
      ? error
      : ServiceError.of('SIMULATOR_BUG', 'The simulator failed unexpectedly: this is a bug in ledger-sim, please report it with the request id.');
  if (!(error instanceof ServiceError)) {
    deps.logger.error('unexpected exception', { requestId, operationId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
  sendJson(res, known.status, JSON.stringify(known.toBody(requestId)), requestId);
}

/** The HTTPS application: `/v1` is the Service, `/_sandbox` the simulator's own controls. */
export function createServiceApp(deps: ServiceDeps): Express {
  const route = compileRoutes(deps.operations.values());
  const handlers = handlerTable(deps.operations.values());
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((req: IncomingMessage, res: ServerResponse) => {
    const requestId = newRequestId();
    const started = performance.now();
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const work = pathname === '/_sandbox' || pathname.startsWith('/_sandbox/')
      ? handleSandboxRequest(deps, req, pathname)
      : handleApiRequest(deps, route, handlers, req, requestId);
    work
      .then((json) => sendJson(res, 200, json, requestId))
      .catch((error: unknown) => sendError(deps, res, error, requestId))
      .finally(() => {
        deps.logger.debug('request', { requestId, method: req.method, path: pathname, status: res.statusCode, ms: Math.round(performance.now() - started) });
      });
  });
  return app;
}

/**
 * Requests Node refuses before any handler sees them (headers too large, broken HTTP) still get
 * the error shape, so a client never has to parse an empty or non-JSON refusal.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const requestId = newRequestId();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const problem = tooLarge
      ? ServiceError.of('HEADERS_TOO_LARGE', `The request line and headers are larger than ${MAX_HEADER_BYTES} bytes; send long filters in fewer, shorter values.`)
      : ServiceError.of('MALFORMED_HTTP', 'The request is not valid HTTP.');
    const body = JSON.stringify(problem.toBody(requestId));
    socket.end(
      `HTTP/1.1 ${problem.status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nService-Request-Id: ${requestId}\r\nService-Sandbox: ${SANDBOX_HEADER}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/** Longer than the default 16 KB: id filters of 150 values fit in a request line. */
export const MAX_HEADER_BYTES = 65_536;

/** The plain-HTTP listener's only answer: the Service is HTTPS only and never serves data here. */
export function httpsRequiredHandler(deps: ServiceDeps) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    req.resume();
    const requestId = newRequestId();
    sendError(deps, res, ServiceError.of('HTTPS_REQUIRED', 'The Service only accepts HTTPS requests; resend this request over https://.'), requestId);
  };
}
