import type { Request } from 'express';
import { cookie, cookieOf, formOf, htmlResponse, preSessionCsrf, PRE_SESSION_CSRF, redirect, sameToken, type WebResponse } from './webRequest.ts';
import { field, html, page } from './html.ts';
import { hashPassword, NO_ACCOUNT_HASH, verifyPassword } from './passwords.ts';
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
export function signedIn(deps: ServiceDeps, req: Request): SignedIn | undefined {
  const token = cookieOf(req, SESSION_COOKIE);
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

/** What a sign-in or sign-up page shows besides its form, and how it is answered. */
export interface Shown {
  error?: string;
  notice?: string;
  email?: string;
  status?: number;
  headers?: Record<string, string>;
}

function accountPage(req: Request, kind: 'in' | 'up', shown: Shown): WebResponse {
  const { token, cookies } = preSessionCsrf(req);
  const answer = htmlResponse(shown.status ?? 200, page({ title: kind === 'in' ? 'Sign in' : 'Sign up', error: shown.error, notice: shown.notice }, accountForm(kind, token, shown.email)), cookies);
  return { ...answer, headers: { ...answer.headers, ...shown.headers } };
}

export const signInPage = (req: Request, shown: Shown = {}): WebResponse => accountPage(req, 'in', shown);
export const signUpPage = (req: Request, shown: Shown = {}): WebResponse => accountPage(req, 'up', shown);

/**
 * Where every sign-up that passes the form's checks is sent, whether its email was new or already had
 * an account: the same 303, the same page, no session. Signing a new account straight in would
 * tell a stranger which emails are taken, since an existing one cannot be signed in for them.
 */
export const SIGNED_UP = { flag: 'signed-up', notice: 'Sign-up received: sign in with your email and password. If this email already had an account, its password is unchanged.' };

function startSession(deps: ServiceDeps, account: Account): WebResponse {
  const { token } = deps.state.dashboard.openSession(account.id, deps.clock.now() + SESSION_SECONDS * 1000);
  return redirect('/dashboard', [cookie(SESSION_COOKIE, token, SESSION_SECONDS)]);
}

function csrfOk(req: Request, form: URLSearchParams): boolean {
  return sameToken(form.get('_csrf'), cookieOf(req, PRE_SESSION_CSRF));
}

/** Where a try comes from, for the throttle: the socket's peer (no proxy sits in front of the sandbox, so a forwarded-for header is not trusted). */
function clientAddress(req: Request): string {
  return req.socket.remoteAddress ?? '';
}

export async function signIn(deps: ServiceDeps, req: Request): Promise<WebResponse> {
  const form = formOf(req);
  if (!csrfOk(req, form)) return signInPage(req, { error: 'The form expired: please sign in again.', status: 403 });
  const email = (form.get('email') ?? '').trim();
  await deps.accountsReady;
  const address = clientAddress(req);
  const admission = deps.state.signIns.admit(email, address, deps.clock.now());
  if (!admission.admitted) {
    const minutes = Math.ceil(admission.retryAfterSeconds / 60);
    const error = `Too many failed sign-ins: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
    return signInPage(req, { error, email, status: 429, headers: { 'retry-after': String(admission.retryAfterSeconds) } });
  }
  const account = deps.state.dashboard.accountByEmail(email);
  // An unknown email is checked too, at the same cost, and answered as a wrong password: neither the page nor its time tells which accounts exist.
  const matches = await verifyPassword(form.get('password') ?? '', account?.password_hash ?? NO_ACCOUNT_HASH);
  if (!account || !matches) return signInPage(req, { error: 'Wrong email or password.', email, status: 401 });
  deps.state.signIns.succeeded(email, address, admission.at);
  return startSession(deps, account);
}

export async function signUp(deps: ServiceDeps, req: Request): Promise<WebResponse> {
  const form = formOf(req);
  if (!csrfOk(req, form)) return signUpPage(req, { error: 'The form expired: please try again.', status: 403 });
  const email = (form.get('email') ?? '').trim();
  const password = form.get('password') ?? '';
  const organization = (form.get('organization') ?? '').trim();
  const refused = (error: string): WebResponse => signUpPage(req, { error, email, status: 400 });
  if (!EMAIL.test(email)) return refused('Enter an email address such as you@example.com.');
  if (password.length < 10 || password.length > 200) return refused('Choose a password of 10 to 200 characters.');
  if (organization.length < 1 || organization.length > 100) return refused('Name your organization (1 to 100 characters).');
  // Hashed whether or not the email is taken, so the answer takes as long either way.
  const passwordHash = await hashPassword(password);
  // Looked up after the hash, with no wait before the insert: two sign-ups of one new email cannot both insert.
  if (!deps.state.dashboard.accountByEmail(email)) {
    const account = deps.state.dashboard.addAccount(email, passwordHash, deps.clock.now());
    createOrganization(deps, account, organization);
  }
  return redirect(`/dashboard/sign-in?${SIGNED_UP.flag}=1`);
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
