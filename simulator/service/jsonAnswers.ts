import type { ServerResponse } from 'node:http';
import { SANDBOX_HEADER } from './sandboxHeader.ts';
import { setSecurityHeaders } from './securityHeaders.ts';
import { ServiceError } from './ServiceError.ts';
import type { ResponseBody, ServiceDeps } from './types.ts';

/** A JSON answer; the request id and security headers are already on `res` (`beginExchange`, or `sendBareError`). */
export function sendJson(res: ServerResponse, status: number, json: ResponseBody, closeConnection = false, headers: Record<string, string> = {}): void {
  const parts = typeof json === 'string' ? [Buffer.from(json, 'utf8')] : Buffer.isBuffer(json) ? [json] : json;
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', parts.reduce((n, part) => n + part.length, 0));
  res.setHeader('Service-Sandbox', SANDBOX_HEADER);
  if (closeConnection) res.setHeader('Connection', 'close');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  // Corked, the headers and every part leave in one write.
  res.cork();
  for (const part of parts.slice(0, -1)) res.write(part);
  res.end(parts.at(-1));
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
