import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleApiRequest, handlerTable } from './handleApiRequest.ts';
import { missingHost } from './httpRefusals.ts';
import { compileRoutes } from './matchRoute.ts';
import { ClientGone } from './readBody.ts';
import { handleSandboxRequest } from './sandboxControls.ts';
import { SANDBOX_HEADER } from './sandboxHeader.ts';
import { ServiceError } from './ServiceError.ts';
import { newRequestId } from './serviceIds.ts';
import type { ResponseBody, ServiceDeps } from './types.ts';

export function sendJson(res: ServerResponse, status: number, json: ResponseBody, requestId: string, closeConnection = false, headers: Record<string, string> = {}): void {
  const parts = typeof json === 'string' ? [Buffer.from(json, 'utf8')] : Buffer.isBuffer(json) ? [json] : json;
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', parts.reduce((n, part) => n + part.length, 0));
  res.setHeader('Service-Request-Id', requestId);
  res.setHeader('Service-Sandbox', SANDBOX_HEADER);
  if (closeConnection) res.setHeader('Connection', 'close');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  // Corked, the headers and every part leave in one write.
  res.cork();
  for (const part of parts.slice(0, -1)) res.write(part);
  res.end(parts.at(-1));
}

/** Renders any failure in the spec's error shape; anything unexpected is a marked simulator bug. */
export function sendError(deps: Pick<ServiceDeps, 'logger'>, res: ServerResponse, error: unknown, requestId: string, operationId?: string): void {
  const known =
    error instanceof ServiceError
      ? error
      : ServiceError.of('SIMULATOR_BUG', 'The simulator failed unexpectedly: this is a bug in ledger-sim, please report it with the request id.');
  if (!(error instanceof ServiceError)) {
    deps.logger.error('unexpected exception', { requestId, operationId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
  sendJson(res, known.status, JSON.stringify(known.toBody(requestId)), requestId, known.closeConnection, known.retryHeaders());
}

/**
 * The HTTPS application: `/v1` is the Service, `/_sandbox` the simulator's own controls. A plain
 * request listener: the spec routes, so a web framework's router would only add cost per request.
 */
export function createServiceApp(deps: ServiceDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const route = compileRoutes(deps.operations.values());
  const handlers = handlerTable(deps.operations.values());
  return (req: IncomingMessage, res: ServerResponse) => {
    const requestId = newRequestId();
    const started = performance.now();
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const noHost = missingHost(req);
    const work = noHost
      ? Promise.reject(noHost)
      : pathname === '/_sandbox' || pathname.startsWith('/_sandbox/')
        ? handleSandboxRequest(deps, req, pathname)
        : handleApiRequest(deps, route, handlers, req, requestId);
    work
      .then((json) => sendJson(res, 200, json, requestId))
      .catch((error: unknown) => {
        // A client that left half way is its own choice, not a fault of ours: nothing to answer.
        if (error instanceof ClientGone) {
          deps.logger.debug('client went away', { requestId, method: req.method, path: pathname });
          res.destroy();
          return;
        }
        sendError(deps, res, error, requestId);
      })
      .finally(() => {
        deps.logger.debug('request', { requestId, method: req.method, path: pathname, status: res.statusCode, ms: Math.round(performance.now() - started) });
      });
  };
}

/** The plain-HTTP listener's only answer: the Service is HTTPS only and never serves data here. */
export function httpsRequiredHandler(deps: ServiceDeps) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    req.resume();
    const requestId = newRequestId();
    sendError(deps, res, ServiceError.of('HTTPS_REQUIRED', 'The Service only accepts HTTPS requests; resend this request over https://.'), requestId);
  };
}
