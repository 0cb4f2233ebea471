import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { missingHost } from './httpRefusals.ts';
import { sendError, sendJson } from './jsonAnswers.ts';
import { ClientGone } from './readBody.ts';
import { redactSecrets } from './redactSecrets.ts';
import { setSecurityHeaders } from './securityHeaders.ts';
import { newRequestId } from './serviceIds.ts';
import type { Project } from './ServiceState.ts';
import type { RequestNote, ResponseBody, ServiceDeps } from './types.ts';

/** One request and its answer, as the middleware learns them; kept on `res.locals`. */
export interface Exchange {
  requestId: string;
  started: number;
  note: RequestNote;
  /** Set once the secret key was checked. */
  project?: Project;
  /** The JSON answered, for the request log. */
  answered?: ResponseBody;
  /** Writes the exchange's log lines, once. */
  log: () => void;
}

export function exchangeOf(res: Response): Exchange {
  const exchange = (res.locals as { exchange?: Exchange }).exchange;
  if (!exchange) throw new Error('a response without its exchange: beginExchange runs first');
  return exchange;
}

/** The project whose key the request carried; only after `checkKey`. */
export function projectOf(res: Response): Project {
  const { project } = exchangeOf(res);
  if (!project) throw new Error('a project asked for before the key was checked');
  return project;
}

function logExchange(deps: ServiceDeps, req: Request, res: Response, exchange: Exchange): void {
  const ms = performance.now() - exchange.started;
  const { note, requestId, answered } = exchange;
  deps.logger.debug('request', { requestId, method: req.method, path: req.originalUrl, status: res.statusCode, ms: Math.round(ms) });
  if (!note.projectId) return;
  const code = res.statusCode >= 400 && typeof answered === 'string' ? (/"code":"([A-Z_]+)"/.exec(answered)?.[1] ?? null) : null;
  deps.requestLog.add(
    note.projectId,
    {
      requestId,
      at: deps.clocks.forProject(note.projectId).now(),
      method: req.method,
      path: redactSecrets(req.originalUrl),
      status: res.statusCode,
      code,
      ms: Math.round(ms * 10) / 10,
      endUserId: note.endUserId ?? null,
      operationId: note.operationId ?? null,
    },
    note.requestBody,
    answered,
  );
}

/**
 * First on every request: its id and the headers every answer carries, Host checked (HTTP/1.1
 * requires it), and the request log written when the exchange ends, however it ends.
 */
export function beginExchange(deps: ServiceDeps): RequestHandler {
  return (req, res, next) => {
    let logged = false;
    const exchange: Exchange = {
      requestId: newRequestId(),
      started: performance.now(),
      note: {},
      log: () => {
        if (logged) return;
        logged = true;
        logExchange(deps, req, res, exchange);
      },
    };
    res.locals['exchange'] = exchange;
    res.setHeader('Service-Request-Id', exchange.requestId);
    setSecurityHeaders(res);
    // A JSON answer is logged as it is written (a client reading the log next finds it); any other once it ends.
    res.once('close', exchange.log);
    next(missingHost(req));
  };
}

export function answerJson(res: Response, json: ResponseBody): void {
  const exchange = exchangeOf(res);
  exchange.answered = json;
  sendJson(res, 200, json);
  exchange.log();
}

/** Last: every refusal and failure in the spec's error shape, with the request's id. */
export function answerErrors(deps: ServiceDeps): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const exchange = exchangeOf(res);
    // A client that left half way is its own choice, not a fault of ours: nothing to answer.
    if (error instanceof ClientGone) {
      deps.logger.debug('client went away', { requestId: exchange.requestId, method: req.method, path: req.originalUrl });
      res.destroy();
      return;
    }
    // An answer already on its way is not written twice.
    if (res.headersSent) return;
    exchange.answered = sendError(deps, res, error, exchange.requestId, exchange.note.operationId);
    exchange.log();
  };
}
