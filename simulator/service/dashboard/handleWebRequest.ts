import type { IncomingMessage } from 'node:http';
import { removeEndUser } from '../handlers/endUserHandlers.ts';
import type { ServiceDeps } from '../types.ts';
import { createOrganization, signedIn, signIn, signInPage, signOut, SIGNED_UP, signUp, signUpPage, type SignedIn } from './accountPages.ts';
import { APP_JS, STYLE_CSS } from './assets.ts';
import { finishConnect, showConnect } from './connectFlow.ts';
import { html, page } from './html.ts';
import { createEndUser, createKey, endUsersPage, homePage, keysPage, newConnectLink } from './projectPages.ts';
import { requestsPage } from './requestsPage.ts';
import { fixtureDownload, sandboxAction, sandboxPage } from './sandboxPage.ts';
import { formOf, htmlResponse, redirect, sameToken, type WebResponse } from './webRequest.ts';

const ASSETS: Record<string, { type: string; body: string }> = {
  '/dashboard/assets/style.css': { type: 'text/css; charset=utf-8', body: STYLE_CSS },
  '/dashboard/assets/app.js': { type: 'text/javascript; charset=utf-8', body: APP_JS },
};

/** Path segments, undefined when one is not valid percent-encoding. */
function safeParts(path: string): string[] | undefined {
  try {
    return path.split('/').map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

function notFound(): WebResponse {
  return htmlResponse(404, page({ title: 'Not found' }, html`<p>There is no such page. <a href="/dashboard">Back to the dashboard</a>.</p>`));
}

/** Pages of a project the signed-in account may see; anything else is the same 404. */
async function projectRoute(deps: ServiceDeps, req: IncomingMessage, who: SignedIn, parts: string[], url: URL, form: URLSearchParams | undefined): Promise<WebResponse> {
  const [projectId = '', tab = 'end-users', ...rest] = parts;
  const project = deps.state.dashboard.projectFor(who.account.id, projectId);
  if (!project) return notFound();
  const post = form !== undefined;
  if (tab === 'end-users') {
    if (!post && rest.length === 0) return endUsersPage(deps, who, project);
    if (post && rest.length === 0) return createEndUser(deps, who, project, form);
    const endUser = deps.state.endUser(project.id, rest[0] ?? '');
    if (!post || !endUser) return notFound();
    if (rest[1] === 'delete') {
      removeEndUser(deps, endUser.id);
      return redirect(`/dashboard/projects/${project.id}/end-users`);
    }
    if (rest[1] === 'auth-session') return newConnectLink(deps, who, project, endUser);
    return notFound();
  }
  if (tab === 'api-keys') {
    if (!post) return keysPage(deps, who, project);
    if (rest[0] === 'secret' || rest[0] === 'publishable') return createKey(deps, who, project, rest[0]);
    if (rest[1] === 'revoke') {
      deps.state.dashboard.revokeKey(project.id, Number(rest[0]));
      return redirect(`/dashboard/projects/${project.id}/api-keys`);
    }
    return notFound();
  }
  if (tab === 'sandbox' && !post && rest[0] === 'end-users' && rest[2] === 'fixture.json') return (await fixtureDownload(deps, project, rest[1] ?? '')) ?? notFound();
  if (tab === 'sandbox') return post ? sandboxAction(deps, who, project, rest, form) : sandboxPage(deps, who, project, url);
  if (tab === 'requests' && !post) return requestsPage(deps, who, project, url, rest[0]);
  return notFound();
}

/**
 * `/dashboard/...` and `/connect/...`: server-rendered pages (decision 12). Every POST of a
 * signed-in page carries the session's CSRF token; pages before sign-in use a cookie-bound one.
 */
export async function handleWebRequest(deps: ServiceDeps, req: IncomingMessage, url: URL): Promise<WebResponse> {
  const method = req.method ?? 'GET';
  const path = url.pathname.replace(/\/$/, '') || '/';
  const asset = ASSETS[path];
  if (asset && method === 'GET') return { status: 200, headers: { 'content-type': asset.type, 'cache-control': 'max-age=300' }, body: asset.body };
  const connect = /^\/connect\/([A-Za-z0-9_]{1,120})$/.exec(path);
  if (connect?.[1]) return method === 'POST' ? finishConnect(deps, req, connect[1], url) : showConnect(deps, req, connect[1], url);
  if (path === '/dashboard/sign-in') return method === 'POST' ? signIn(deps, req) : signInPage(req, url.searchParams.has(SIGNED_UP.flag) ? { notice: SIGNED_UP.notice } : {});
  if (path === '/dashboard/sign-up') return method === 'POST' ? signUp(deps, req) : signUpPage(req);
  const who = signedIn(deps, req);
  if (!who) return method === 'GET' ? redirect('/dashboard/sign-in') : htmlResponse(401, page({ title: 'Signed out' }, html`<p>Your session ended. <a href="/dashboard/sign-in">Sign in</a> again.</p>`));
  let form: URLSearchParams | undefined;
  if (method === 'POST') {
    form = await formOf(req);
    if (!sameToken(form.get('_csrf'), who.csrf)) return htmlResponse(403, page({ title: 'Form expired' }, html`<p>This form is out of date. <a href="/dashboard">Reload the dashboard</a> and try again.</p>`));
  } else if (method !== 'GET') return htmlResponse(405, page({ title: 'Not allowed' }, html`<p>${method} is not used here.</p>`));
  if (path === '/dashboard') return form ? notFound() : homePage(deps, who);
  if (path === '/dashboard/sign-out' && form) return signOut(deps, who);
  if (path === '/dashboard/organizations' && form) {
    const name = (form.get('name') ?? '').trim();
    if (!name || name.length > 100) return homePage(deps, who, 'Name the organization (1 to 100 characters).');
    createOrganization(deps, who.account, name);
    return redirect('/dashboard');
  }
  const newProject = /^\/dashboard\/organizations\/([A-Za-z0-9_]+)\/projects$/.exec(path);
  if (newProject && form) {
    const org = deps.state.dashboard.organizationsOf(who.account.id).find((o) => o.id === newProject[1]);
    const name = (form.get('name') ?? '').trim();
    if (!org) return notFound();
    if (!name || name.length > 100) return homePage(deps, who, 'Name the project (1 to 100 characters).');
    const project = deps.state.dashboard.addProject(org, name);
    return redirect(`/dashboard/projects/${project.id}/end-users`);
  }
  const projectPath = /^\/dashboard\/projects\/(.+)$/.exec(path);
  if (projectPath?.[1]) {
    const parts = safeParts(projectPath[1]);
    return parts ? projectRoute(deps, req, who, parts, url, form) : notFound();
  }
  return notFound();
}
