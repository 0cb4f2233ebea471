import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleApiRequest, handlerTable } from './handleApiRequest.ts';
import { missingHost } from './httpRefusals.ts';
import { compileRoutes } from './matchRoute.ts';
import { ClientGone } from './readBody.ts';
import { handleSandboxRequest } from './sandboxControls.ts';
import { SANDBOX_HEADER } from './sandboxHeader.ts';
import { ServiceError } from './ServiceError.ts';
import { newRequestId } from './serviceIds.ts';
import { html, page } from './dashboard/html.ts';
import { htmlResponse, sendWeb } from './dashboard/webRequest.ts';
import { redactSecrets } from './redactSecrets.ts';
import { setSecurityHeaders } from './securityHeaders.ts';
import type { RequestNote, ResponseBody, ServiceDeps } from './types.ts';

export function sendJson(res: ServerResponse, status: number, json: ResponseBody, requestId: string, closeConnection = false, headers: Record<string, string> = {}): void {
  const parts = typeof json === 'string' ? [Buffer.from(json, 'utf8')] : Buffer.isBuffer(json) ? [json] : json;
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', parts.reduce((n, part) => n + part.length, 0));
  res.setHeader('Service-Request-Id', requestId);
  res.setHeader('Service-Sandbox', SANDBOX_HEADER);
  if (closeConnection) res.setHeader('Connection', 'close');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  setSecurityHeaders(res);
  // Corked, the headers and every part leave in one write.
  res.cork();
  for (const part of parts.slice(0, -1)) res.write(part);
  res.end(parts.at(-1));
}

/** Renders any failure in the spec's error shape; anything unexpected is a marked simulator bug. */
export function sendError(deps: Pick<ServiceDeps, 'logger'>, res: ServerResponse, error: unknown, requestId: string, operationId?: string): string {
  const known =
    error instanceof ServiceError
      ? error
      : ServiceError.of('SIMULATOR_BUG', 'The simulator failed unexpectedly: this is a bug in ledger-sim, please report it with the request id.');
  if (!(error instanceof ServiceError)) {
    deps.logger.error('unexpected exception', { requestId, operationId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
  const body = JSON.stringify(known.toBody(requestId));
  sendJson(res, known.status, body, requestId, known.closeConnection, known.retryHeaders());
  return body;
}

function isWebPath(pathname: string): boolean {
  return pathname === '/dashboard' || pathname.startsWith('/dashboard/') || pathname.startsWith('/connect/');
}

/** A page that failed: a plain page with the request id, the stack only in the log. */
function sendWebError(deps: Pick<ServiceDeps, 'logger'>, res: ServerResponse, error: unknown, requestId: string): void {
  if (error instanceof ClientGone) {
    res.destroy();
    return;
  }
  if (error instanceof ServiceError && error.status < 500) {
    sendWeb(res, htmlResponse(error.status, page({ title: 'Not possible' }, html`<p>${error.message}</p>`)), requestId);
    return;
  }
  deps.logger.error('unexpected exception', { requestId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  sendWeb(res, htmlResponse(500, page({ title: 'Something went wrong' }, html`<p>The sandbox failed on this page: a bug in ledger-sim. Request id <code>${requestId}</code>.</p>`)), requestId);
}

function logRequest(deps: ServiceDeps, note: RequestNote, req: IncomingMessage, status: number, body: ResponseBody | undefined, requestId: string, ms: number): void {
  const code = status >= 400 && typeof body === 'string' ? (/"code":"([A-Z_]+)"/.exec(body)?.[1] ?? null) : null;
  deps.requestLog.add(
    note.projectId ?? '',
    {
      requestId,
      at: deps.clocks.forProject(note.projectId ?? '').now(),
      method: req.method ?? 'GET',
      path: redactSecrets(req.url ?? '/'),
      status,
      code,
      ms: Math.round(ms * 10) / 10,
      endUserId: note.endUserId ?? null,
      operationId: note.operationId ?? null,
    },
    note.requestBody,
    body,
  );
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
    if (!noHost && isWebPath(pathname)) {
      // Loaded on the first page asked: starting the sandbox does not pay for the dashboard.
      import('./dashboard/handleWebRequest.ts')
        .then(({ handleWebRequest }) => handleWebRequest(deps, req, new URL(req.url ?? '/', 'https://sandbox.invalid')))
        .then((answer) => sendWeb(res, answer, requestId))
        .catch((error: unknown) => sendWebError(deps, res, error, requestId));
      return;
    }
    const note: RequestNote = {};
    let answered: ResponseBody | undefined;
    const work = noHost
      ? Promise.reject(noHost)
      : pathname === '/_sandbox' || pathname.startsWith('/_sandbox/')
        ? handleSandboxRequest(deps, req, pathname)
        : handleApiRequest(deps, route, handlers, req, requestId, note);
    work
      .then((json) => {
        answered = json;
        sendJson(res, 200, json, requestId);
      })
      .catch((error: unknown) => {
        // A client that left half way is its own choice, not a fault of ours: nothing to answer.
        if (error instanceof ClientGone) {
          deps.logger.debug('client went away', { requestId, method: req.method, path: req.url });
          res.destroy();
          return;
        }
        answered = sendError(deps, res, error, requestId);
      })
      .finally(() => {
        const ms = performance.now() - started;
        deps.logger.debug('request', { requestId, method: req.method, path: req.url, status: res.statusCode, ms: Math.round(ms) });
        if (note.projectId) logRequest(deps, note, req, res.statusCode, answered, requestId, ms);
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
