import type { Request } from 'express';
import { FixtureError } from '../../fixtures/FixtureProblem.ts';
import { connectCompanyFile } from '../connectCompanyFile.ts';
import { hashKey } from '../serviceIds.ts';
import type { EndUserRow } from '../ServiceState.ts';
import type { ServiceDeps } from '../types.ts';
import { field, html, page } from './html.ts';
import { loadPastedFixture, notLoaded, problemLines } from './pastedFixture.ts';
import { cookieOf, formOf, htmlResponse, preSessionCsrf, PRE_SESSION_CSRF, redirect, sameToken, type WebResponse } from './webRequest.ts';

interface Flow {
  session: { id: string; project_id: string; end_user_id: string; expires_at: number; redirect_url: string | null; used_at: number | null };
  endUser: EndUserRow;
}

/** A page for a link that cannot be used: what happened and what to do, never a stack trace. */
function refusal(status: number, title: string, message: string): WebResponse {
  return htmlResponse(status, page({ title }, html`<p>${message}</p><p class="muted">Ask whoever sent you the link for a new one.</p>`));
}

/** The auth session behind a connect link, if the link can still be used. */
function flowOf(deps: ServiceDeps, secret: string, key: string | null): Flow | WebResponse {
  const session = deps.state.dashboard.authSessionBySecret(hashKey(secret));
  if (!session) return refusal(404, 'Link not valid', 'This connect link does not belong to any connection request.');
  if (session.used_at !== null) return refusal(410, 'Link already used', 'This connect link was used already: each link connects once.');
  if (deps.clocks.forProject(session.project_id).now() >= session.expires_at) return refusal(410, 'Link expired', `This connect link expired at ${new Date(session.expires_at).toISOString()}.`);
  if (key !== null && deps.state.projectForKey('publishable', key)?.id !== session.project_id) {
    return refusal(403, 'Link not valid', 'The key in this connect link does not belong to the application that made it.');
  }
  const endUser = deps.state.endUser(session.project_id, session.end_user_id);
  if (!endUser) return refusal(410, 'Link not valid', 'The connection this link was made for was deleted.');
  return { session, endUser };
}

const STEPS = [
  ['Install the connector', 'The small program that carries requests between the Service and the desktop application. In the sandbox it is already running.'],
  ['Open your company file', 'Open the desktop application on this machine with the company file to connect, signed in as its administrator.'],
  ['Authorise the application', 'Allow the application to read and write this company file, also when the desktop application is not open.'],
] as const;

function connectPage(flow: Flow, csrf: string, action: string, error?: string, problems?: readonly string[]): string {
  return page(
    { title: `Connect ${flow.endUser.company_name}`, error, ...(problems ? { problems } : {}) },
    html`<p>An application asks to connect to your desktop accounting company file. Follow the steps, then choose what the sandbox connects.</p>
<ol class="steps">${STEPS.map(([title, text], i) => html`<li><strong>${i + 1}. ${title}</strong><br><span class="muted">${text}</span></li>`)}</ol>
<form method="post" action="${action}" class="panel"><input type="hidden" name="_csrf" value="${csrf}">
<fieldset><legend>Company file to connect</legend>
<label class="choice"><input type="radio" name="source" value="seeded" checked> A new seeded company file</label>
<div class="fields"><div>${field('Seed', 'seed', { type: 'number', value: '1' })}</div><div>${field('Customers', 'customers', { type: 'number', value: '100' })}</div><div>${field('Invoices', 'invoices', { type: 'number', value: '300' })}</div></div>
<label class="choice"><input type="radio" name="source" value="fixture"> A fixture (JSON or YAML)</label>
<label for="f-fixture" class="muted">Fixture text</label><textarea id="f-fixture" name="fixture" placeholder="fixtureVersion: 3"></textarea>
<label class="choice"><input type="radio" name="source" value="existing"> The company file this end user has already</label>
</fieldset>
<button type="submit">Connect</button></form>`,
  );
}

export function showConnect(deps: ServiceDeps, req: Request, secret: string, url: URL): WebResponse {
  const flow = flowOf(deps, secret, url.searchParams.get('key'));
  if (!('session' in flow)) return flow;
  const { token, cookies } = preSessionCsrf(req);
  return htmlResponse(200, connectPage(flow, token, `${url.pathname}${url.search}`), cookies);
}

function whole(value: string | null, name: string, max: number): number {
  const n = Number(value ?? '');
  if (!Number.isInteger(n) || n < 0 || n > max) throw new RangeError(`${name} must be a whole number from 0 to ${max}.`);
  return n;
}

/** Finishing the flow: the chosen company file is connected, the link is spent, the browser goes back to the application. */
export async function finishConnect(deps: ServiceDeps, req: Request, secret: string, url: URL): Promise<WebResponse> {
  const flow = flowOf(deps, secret, url.searchParams.get('key'));
  if (!('session' in flow)) return flow;
  const form = formOf(req);
  const action = `${url.pathname}${url.search}`;
  const csrf = cookieOf(req, PRE_SESSION_CSRF);
  if (!sameToken(form.get('_csrf'), csrf)) return htmlResponse(403, connectPage(flow, preSessionCsrf(req).token, action, 'The form expired: please choose again.'));
  const again = (status: number, error: string, problems?: readonly string[]): WebResponse => htmlResponse(status, connectPage(flow, csrf ?? '', action, error, problems));
  const source = form.get('source');
  const connected = deps.state.connections(flow.endUser.id).some((c) => c.company_file_id !== null);
  try {
    if (source === 'seeded') {
      if (connected) return again(409, 'This end user has a company file already: choose "The company file this end user has already".');
      await connectCompanyFile(deps, flow.endUser, { seed: whole(form.get('seed'), 'Seed', 2 ** 31), sizes: { customers: whole(form.get('customers'), 'Customers', 10_000), invoices: whole(form.get('invoices'), 'Invoices', 30_000) } });
    } else if (source === 'fixture') {
      await loadPastedFixture(deps, flow.endUser, form.get('fixture') ?? '');
    } else if (source === 'existing') {
      if (!connected) return again(409, 'This end user has no company file yet: choose a seeded one or a fixture.');
    } else return again(400, 'Choose what to connect.');
  } catch (error) {
    if (error instanceof RangeError) return again(400, error.message);
    if (error instanceof FixtureError) return again(400, notLoaded(error), problemLines(form.get('fixture') ?? '', error));
    throw error;
  }
  deps.state.dashboard.useAuthSession(flow.session.id, deps.clocks.forProject(flow.session.project_id).now());
  if (flow.session.redirect_url) return redirect(flow.session.redirect_url);
  return htmlResponse(200, page({ title: 'Connected' }, html`<p class="notice" role="status">${flow.endUser.company_name} is connected. You can close this page.</p>`));
}
