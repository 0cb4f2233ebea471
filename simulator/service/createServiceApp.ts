import { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type RequestHandler, type Router } from 'express';
import { apiRouter } from './apiRouter.ts';
import { routeNotFound } from './routeTable.ts';
import { answerErrors, beginExchange } from './exchange.ts';
import { FIXTURE_MAX_BYTES } from './fixtureControls.ts';
import { sendBareError } from './jsonAnswers.ts';
import { MAX_BODY_BYTES, readBodyBytes, readLargeBodyBytes } from './readBody.ts';
import { sandboxControls } from './sandboxControls.ts';
import { noteForLog, serveOperations } from './serveOperations.ts';
import { checkKey } from './authenticate.ts';
import { ServiceError } from './ServiceError.ts';
import { newRequestId } from './serviceIds.ts';
import type { ServiceDeps } from './types.ts';

/** Two levels below the project, as the bundled CLI is: the path holds from both. */
const DASHBOARD_ASSETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../simulator/service/dashboard/assets');

function isWebPath(pathname: string): boolean {
  return pathname === '/dashboard' || pathname.startsWith('/dashboard/') || pathname.startsWith('/connect/');
}

/** The dashboard's pages, loaded on the first page asked: starting the sandbox does not pay for them. */
function dashboardPages(deps: ServiceDeps): RequestHandler {
  let pages: Promise<Router> | undefined;
  return (req, res, next) => {
    if (!isWebPath(req.path)) return next();
    pages ??= import('./dashboard/dashboardRouter.ts').then(({ dashboardRouter }) => dashboardRouter(deps, DASHBOARD_ASSETS));
    pages.then((router) => router(req, res, next), next);
  };
}

/**
 * The HTTPS application on express: `/v1` is the Service, routed by the spec; `/_sandbox` the
 * simulator's own controls; `/dashboard` and `/connect` the web pages. Every body is read whole
 * before anything is decided, so every answer leaves the connection ready for the next request.
 */
export function createServiceApp(deps: ServiceDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // The spec's parameters are parsed by the operation (parseQuery); express's parser is not used.
  app.set('query parser', false);
  app.set('case sensitive routing', true);
  app.use(beginExchange(deps));
  app.use(dashboardPages(deps));
  const fixtureBody = readLargeBodyBytes(FIXTURE_MAX_BYTES);
  const controlBody = readBodyBytes(MAX_BODY_BYTES);
  app.use('/_sandbox', (req, res, next) => (req.path.replace(/\/$/, '').endsWith('/fixture') ? fixtureBody : controlBody)(req, res, next), sandboxControls(deps));
  app.use(readBodyBytes(), checkKey(deps), noteForLog);
  app.use('/v1', apiRouter(deps.operations.values(), serveOperations(deps)));
  app.use(routeNotFound);
  app.use(answerErrors(deps));
  return app;
}

/**
 * The classes the HTTPS listener builds each request and response from, made with express's
 * prototypes (`app.request`, `app.response`). Express gives every request and response those
 * prototypes as it takes them; an object whose prototype changes after it was built leaves V8's
 * inline caches in Node's own HTTP code megamorphic (a list page cost 0.12 ms more of CPU), and a
 * prototype set to the one it has is no change at all.
 */
export function expressMessageClasses(app: express.Express): { IncomingMessage: typeof IncomingMessage; ServerResponse: typeof ServerResponse } {
  function ExpressRequest(this: IncomingMessage, socket: Socket): void {
    IncomingMessage.call(this, socket);
  }
  ExpressRequest.prototype = app.request;
  function ExpressResponse(this: ServerResponse, req: IncomingMessage): void {
    ServerResponse.call(this, req);
  }
  ExpressResponse.prototype = app.response;
  return { IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage, ServerResponse: ExpressResponse as unknown as typeof ServerResponse };
}

/** The plain-HTTP listener's only answer: the Service is HTTPS only and never serves data here. */
export function httpsRequiredHandler(deps: ServiceDeps) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    req.resume();
    const requestId = newRequestId();
    sendBareError(deps, res, ServiceError.of('HTTPS_REQUIRED', 'The Service only accepts HTTPS requests; resend this request over https://.'), requestId);
  };
}
