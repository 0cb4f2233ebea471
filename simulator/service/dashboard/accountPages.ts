import type { IncomingMessage } from 'node:http';
import { cookie, cookiesOf, formOf, htmlResponse, preSessionCsrf, PRE_SESSION_CSRF, redirect, sameToken, type WebResponse } from './webRequest.ts';
import { field, html, page } from './html.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { ServiceDeps } from '../types.ts';
import type { Account } from './DashboardStore.ts';

export const SESSION_COOKIE = 'ls_session';
const SESSION_SECONDS = 12 * 3600;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

export interface SignedIn {
  account: Account;
  csrf: string;
  token: string;
}

/** The signed-in account of a request, or undefined. */
export function signedIn(deps: ServiceDeps, req: IncomingMessage): SignedIn | undefined {
  const token = cookiesOf(req).get(SESSION_COOKIE);
  if (!token) return undefined;
  const session = deps.state.dashboard.session(token, deps.clock.now());
  const account = session ? deps.state.dashboard.account(session.account_id) : undefined;
  return session && account ? { account, csrf: session.csrf, token } : undefined;
}

function accountForm(kind: 'in' | 'up', csrf: string, email = ''): ReturnType<typeof html> {
  const other = kind === 'in' ? html`<p class="muted">No account? <a href="/dashboard/sign-up">Sign up</a>.</p>` : html`<p class="muted">Have an account? <a href="/dashboard/sign-in">Sign in</a>.</p>`;
  return html`<form method="post" action="/dashboard/sign-${kind}" class="panel"><input type="hidden" name="_csrf" value="${csrf}">
${field('Email', 'email', { type: 'email', value: email, autocomplete: 'username' })}
${field('Password', 'password', { type: 'password', autocomplete: kind === 'in' ? 'current-password' : 'new-password' })}
${kind === 'up' ? field('Organization name', 'organization', { value: '' }) : html``}
<button type="submit">${kind === 'in' ? 'Sign in' : 'Sign up'}</button></form>${other}`;
}

export function signInPage(req: IncomingMessage, error?: string, email?: string, status = 200): WebResponse {
  const { token, cookies } = preSessionCsrf(req);
  return htmlResponse(status, page({ title: 'Sign in', error }, accountForm('in', token, email)), cookies);
}

export function signUpPage(req: IncomingMessage, error?: string, email?: string, status = 200): WebResponse {
  const { token, cookies } = preSessionCsrf(req);
  return htmlResponse(status, page({ title: 'Sign up', error }, accountForm('up', token, email)), cookies);
}

function startSession(deps: ServiceDeps, account: Account): WebResponse {
  const { token } = deps.state.dashboard.openSession(account.id, deps.clock.now() + SESSION_SECONDS * 1000);
  return redirect('/dashboard', [cookie(SESSION_COOKIE, token, SESSION_SECONDS)]);
}

function csrfOk(req: IncomingMessage, form: URLSearchParams): boolean {
  return sameToken(form.get('_csrf'), cookiesOf(req).get(PRE_SESSION_CSRF));
}

export async function signIn(deps: ServiceDeps, req: IncomingMessage): Promise<WebResponse> {
  const form = await formOf(req);
  if (!csrfOk(req, form)) return signInPage(req, 'The form expired: please sign in again.', undefined, 403);
  const email = (form.get('email') ?? '').trim();
  await deps.accountsReady;
  const account = deps.state.dashboard.accountByEmail(email);
  // The same answer for an unknown email and a wrong password: the page does not tell which accounts exist.
  if (!account || !(await verifyPassword(form.get('password') ?? '', account.password_hash))) return signInPage(req, 'Wrong email or password.', email, 401);
  return startSession(deps, account);
}

export async function signUp(deps: ServiceDeps, req: IncomingMessage): Promise<WebResponse> {
  const form = await formOf(req);
  if (!csrfOk(req, form)) return signUpPage(req, 'The form expired: please try again.', undefined, 403);
  const email = (form.get('email') ?? '').trim();
  const password = form.get('password') ?? '';
  const organization = (form.get('organization') ?? '').trim();
  if (!EMAIL.test(email)) return signUpPage(req, 'Enter an email address such as you@example.com.', email, 400);
  if (password.length < 10 || password.length > 200) return signUpPage(req, 'Choose a password of 10 to 200 characters.', email, 400);
  if (organization.length < 1 || organization.length > 100) return signUpPage(req, 'Name your organization (1 to 100 characters).', email, 400);
  if (deps.state.dashboard.accountByEmail(email)) return signUpPage(req, 'An account with this email exists: sign in instead.', email, 409);
  const now = deps.clock.now();
  const account = deps.state.dashboard.addAccount(email, await hashPassword(password), now);
  createOrganization(deps, account, organization);
  return startSession(deps, account);
}

/** A new organization of the account, with the project every organization starts with, "testing". */
export function createOrganization(deps: ServiceDeps, account: Account, name: string): void {
  const now = deps.clock.now();
  const org = deps.state.dashboard.addOrganization(`org_${deps.state.dashboard.newId()}`, name, now);
  deps.state.dashboard.addMember(account.id, org.id);
  deps.state.dashboard.addProject(org, 'testing');
}

export function signOut(deps: ServiceDeps, who: SignedIn): WebResponse {
  deps.state.dashboard.closeSession(who.token);
  return redirect('/dashboard/sign-in', [cookie(SESSION_COOKIE, '', 0)]);
}
