import cookieParser from 'cookie-parser';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from 'express';
import { removeEndUser } from '../handlers/endUserHandlers.ts';
import { exchangeOf } from '../exchange.ts';
import { ClientGone, readForm } from '../readBody.ts';
import { ServiceError } from '../ServiceError.ts';
import type { ServiceDeps } from '../types.ts';
import { createOrganization, signedIn, signIn, signInPage, signOut, SIGNED_UP, signUp, signUpPage, type SignedIn } from './accountPages.ts';
import { finishConnect, showConnect } from './connectFlow.ts';
import type { ProjectRow } from './DashboardStore.ts';
import { html, page } from './html.ts';
import { createEndUser, createKey, endUsersPage, homePage, keysPage, newConnectLink } from './projectPages.ts';
import { requestsPage } from './requestsPage.ts';
import { booksPage, objectPage } from './booksPage.ts';
import { reportsPage } from './reportsPage.ts';
import { fixtureDownload, sandboxAction, sandboxPage } from './sandboxPage.ts';
import { formOf, htmlResponse, redirect, sameToken, sendWeb, type WebResponse } from './webRequest.ts';

/** A pasted fixture fits; anything larger is refused before a page sees it. */
const FORM_MAX_BYTES = 8 * 1024 * 1024;
const CONNECT_SECRET = /^[A-Za-z0-9_]{1,120}$/;

function notFound(): WebResponse {
  return htmlResponse(404, page({ title: 'Not found' }, html`<p>There is no such page. <a href="/dashboard">Back to the dashboard</a>.</p>`));
}

const urlOf = (req: Request): URL => new URL(req.originalUrl, 'https://sandbox.invalid');
const param = (req: Request, name: string): string => String(req.params[name] ?? '');

/** A route's page: its answer sent, its failure to `pageErrors`. */
function show(work: (req: Request, res: Response) => WebResponse | Promise<WebResponse>): RequestHandler {
  return (req, res, next) => {
    Promise.resolve()
      .then(() => work(req, res))
      .then((answer) => sendWeb(res, answer))
      .catch(next);
  };
}

/** The signed-in account (after `signedInOnly`), its project (after `projectOnly`). */
const whoOf = (res: Response): SignedIn => res.locals['who'] as SignedIn;
const projectOf = (res: Response): ProjectRow => res.locals['project'] as ProjectRow;

/** Past this, only a signed-in account: a signed-out GET goes to sign in, anything else is told its session ended. */
function signedInOnly(deps: ServiceDeps): RequestHandler {
  return (req, res, next) => {
    const who = signedIn(deps, req);
    if (!who) {
      sendWeb(res, req.method === 'GET' ? redirect('/dashboard/sign-in') : htmlResponse(401, page({ title: 'Signed out' }, html`<p>Your session ended. <a href="/dashboard/sign-in">Sign in</a> again.</p>`)));
      return;
    }
    res.locals['who'] = who;
    next();
  };
}

/** Pages are read with GET and changed with POST forms carrying the session's CSRF token. */
const formsWithToken: RequestHandler = (req, res, next) => {
  if (req.method === 'GET') return next();
  if (req.method !== 'POST') return sendWeb(res, htmlResponse(405, page({ title: 'Not allowed' }, html`<p>${req.method} is not used here.</p>`)));
  if (!sameToken(formOf(req).get('_csrf'), whoOf(res).csrf)) {
    return sendWeb(res, htmlResponse(403, page({ title: 'Form expired' }, html`<p>This form is out of date. <a href="/dashboard">Reload the dashboard</a> and try again.</p>`)));
  }
  next();
};

/** The pages of one project the signed-in account may see; any other project is the same 404. */
function projectPages(deps: ServiceDeps): Router {
  const router = express.Router({ caseSensitive: true, mergeParams: true });
  router.use((req, res, next) => {
    const project = deps.state.dashboard.projectFor(whoOf(res).account.id, param(req, 'projectId'));
    if (!project) return next('router');
    res.locals['project'] = project;
    next();
  });
  const endUserOf = (req: Request, res: Response) => deps.state.endUser(projectOf(res).id, param(req, 'endUserId'));
  router.get(['/', '/end-users'], show((_req, res) => endUsersPage(deps, whoOf(res), projectOf(res))));
  router.post(['/', '/end-users'], show((req, res) => createEndUser(deps, whoOf(res), projectOf(res), formOf(req))));
  router.post('/end-users/:endUserId/delete', show((req, res) => {
    const endUser = endUserOf(req, res);
    if (!endUser) return notFound();
    removeEndUser(deps, endUser.id);
    return redirect(`/dashboard/projects/${projectOf(res).id}/end-users`);
  }));
  router.post('/end-users/:endUserId/auth-session', show((req, res) => {
    const endUser = endUserOf(req, res);
    return endUser ? newConnectLink(deps, whoOf(res), projectOf(res), endUser) : notFound();
  }));
  router.get('/api-keys', show((_req, res) => keysPage(deps, whoOf(res), projectOf(res))));
  for (const kind of ['secret', 'publishable'] as const) router.post(`/api-keys/${kind}`, show((_req, res) => createKey(deps, whoOf(res), projectOf(res), kind)));
  router.post('/api-keys/:keyId/revoke', show((req, res) => {
    deps.state.dashboard.revokeKey(projectOf(res).id, Number(param(req, 'keyId')));
    return redirect(`/dashboard/projects/${projectOf(res).id}/api-keys`);
  }));
  router.get('/books', show((req, res) => booksPage(deps, whoOf(res), projectOf(res), urlOf(req))));
  router.get('/books/reports', show((req, res) => reportsPage(deps, whoOf(res), projectOf(res), urlOf(req))));
  router.get('/books/:endUserId/:resource/:id', show(async (req, res) => (await objectPage(deps, whoOf(res), projectOf(res), param(req, 'endUserId'), param(req, 'resource'), param(req, 'id'))) ?? notFound()));
  router.get('/sandbox/end-users/:endUserId/fixture.json', show(async (req, res) => (await fixtureDownload(deps, projectOf(res), param(req, 'endUserId'))) ?? notFound()));
  router.get('/sandbox', show((req, res) => sandboxPage(deps, whoOf(res), projectOf(res), urlOf(req))));
  router.post('/sandbox{/*action}', show((req, res) => sandboxAction(deps, whoOf(res), projectOf(res), [req.params['action'] ?? []].flat().map(String), formOf(req))));
  router.get('/requests{/:requestId}', show((req, res) => requestsPage(deps, whoOf(res), projectOf(res), urlOf(req), req.params['requestId'] === undefined ? undefined : param(req, 'requestId'))));
  return router;
}

/** A page that failed: a plain page with the request id, the stack only in the log. */
function pageErrors(deps: ServiceDeps): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    if (error instanceof ClientGone) {
      res.destroy();
      return;
    }
    if (res.headersSent) return;
    // A path segment that is not valid percent-encoding names no page.
    if (error instanceof URIError) return sendWeb(res, notFound());
    if (error instanceof ServiceError && error.status < 500) {
      sendWeb(res, htmlResponse(error.status, page({ title: 'Not possible' }, html`<p>${error.message}</p>`)));
      return;
    }
    const { requestId } = exchangeOf(res);
    deps.logger.error('unexpected exception', { requestId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    sendWeb(res, htmlResponse(500, page({ title: 'Something went wrong' }, html`<p>The sandbox failed on this page: a bug in ledger-sim. Request id <code>${requestId}</code>.</p>`)));
  };
}

/**
 * `/dashboard` and `/connect`: server-rendered pages (decision 12), on express. The style sheet
 * and script are static files; cookies are read by cookie-parser and forms by express's
 * urlencoded parser. Every POST of a signed-in page carries the session's CSRF token; the pages
 * before sign-in (sign-in, sign-up, an end user's connect page) use a cookie-bound one.
 */
export function dashboardRouter(deps: ServiceDeps, assetsDir: string): Router {
  const router = express.Router({ caseSensitive: true });
  router.use('/dashboard/assets', express.static(assetsDir, { index: false, redirect: false, maxAge: '5m' }));
  router.use(cookieParser());
  router.post('/{*any}', readForm(FORM_MAX_BYTES));

  const connect = (work: (req: Request, secret: string) => WebResponse | Promise<WebResponse>): RequestHandler => (req, res, next) => {
    const secret = param(req, 'secret');
    if (!CONNECT_SECRET.test(secret)) return next();
    show((r) => work(r, secret))(req, res, next);
  };
  router.get('/connect/:secret', connect((req, secret) => showConnect(deps, req, secret, urlOf(req))));
  router.post('/connect/:secret', connect((req, secret) => finishConnect(deps, req, secret, urlOf(req))));
  router.get('/dashboard/sign-in', show((req) => signInPage(req, urlOf(req).searchParams.has(SIGNED_UP.flag) ? { notice: SIGNED_UP.notice } : {})));
  router.post('/dashboard/sign-in', show((req) => signIn(deps, req)));
  router.get('/dashboard/sign-up', show((req) => signUpPage(req)));
  router.post('/dashboard/sign-up', show((req) => signUp(deps, req)));

  router.use(signedInOnly(deps), formsWithToken);
  router.get('/dashboard', show((_req, res) => homePage(deps, whoOf(res))));
  router.post('/dashboard/sign-out', show((_req, res) => signOut(deps, whoOf(res))));
  router.post('/dashboard/organizations', show((req, res) => {
    const name = (formOf(req).get('name') ?? '').trim();
    if (!name || name.length > 100) return homePage(deps, whoOf(res), 'Name the organization (1 to 100 characters).');
    createOrganization(deps, whoOf(res).account, name);
    return redirect('/dashboard');
  }));
  router.post('/dashboard/organizations/:organizationId/projects', show((req, res) => {
    const org = deps.state.dashboard.organizationsOf(whoOf(res).account.id).find((o) => o.id === param(req, 'organizationId'));
    const name = (formOf(req).get('name') ?? '').trim();
    if (!org) return notFound();
    if (!name || name.length > 100) return homePage(deps, whoOf(res), 'Name the project (1 to 100 characters).');
    const project = deps.state.dashboard.addProject(org, name);
    return redirect(`/dashboard/projects/${project.id}/end-users`);
  }));
  router.use('/dashboard/projects/:projectId', projectPages(deps));
  router.use(show(() => notFound()));
  router.use(pageErrors(deps));
  return router;
}
