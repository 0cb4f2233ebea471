import { createAuthSession } from '../authSessions.ts';
import { companyFileApp } from '../connectCompanyFile.ts';
import { addEndUser } from '../handlers/endUserHandlers.ts';
import { newPublishableKey, newSecretKey, serviceTimestamp } from '../serviceIds.ts';
import type { EndUserRow } from '../ServiceState.ts';
import type { ServiceDeps } from '../types.ts';
import type { SignedIn } from './accountPages.ts';
import type { ProjectRow } from './DashboardStore.ts';
import { copyable, field, form, html, page, type Html } from './html.ts';
import { htmlResponse, redirect, type WebResponse } from './webRequest.ts';

export const TABS = [
  ['end-users', 'End Users'],
  ['api-keys', 'API Keys'],
  ['books', 'Books'],
  ['sandbox', 'Sandbox'],
  ['requests', 'Requests'],
] as const;
export type Tab = (typeof TABS)[number][0];

export function tabs(project: ProjectRow, current: Tab): Html {
  return html`<p class="crumbs"><a href="/dashboard">${project.organization}</a> / ${project.name}</p><nav class="tabs" aria-label="Project">${TABS.map(
    ([tab, label]) => html`<a href="/dashboard/projects/${project.id}/${tab}"${tab === current ? html` aria-current="page"` : html``}>${label}</a>`,
  )}</nav>`;
}

export function homePage(deps: ServiceDeps, who: SignedIn, notice?: string): WebResponse {
  const orgs = deps.state.dashboard.organizationsOf(who.account.id);
  const body = html`${orgs.map(
    (org) => html`<h2>${org.name}</h2><table><thead><tr><th>Project</th><th>Id</th></tr></thead><tbody>${deps.state.dashboard
      .projectsOf(org.id)
      .map((p) => html`<tr><td><a href="/dashboard/projects/${p.id}/end-users">${p.name}</a></td><td><code>${p.id}</code></td></tr>`)}</tbody></table>
${form(`/dashboard/organizations/${org.id}/projects`, who.csrf, field('New project name', 'name'), 'Create project', { className: 'panel' })}`,
  )}
${form('/dashboard/organizations', who.csrf, field('New organization name', 'name'), 'Create organization', { className: 'panel' })}`;
  return htmlResponse(200, page({ title: 'Organizations and projects', account: { email: who.account.email, csrf: who.csrf }, notice }, body));
}

function connectionOf(deps: ServiceDeps, endUser: EndUserRow): Html {
  const connection = deps.state.connections(endUser.id).find((c) => c.company_file_id !== null);
  if (!connection) return html`<span class="muted">not set up</span>`;
  const last = (at: number | null): string => (at === null ? 'never' : serviceTimestamp(at));
  const desktop = String(companyFileApp(deps, endUser, connection.company_file_id ?? '').machine.describe()['connection']);
  return html`connected${desktop === 'connected' ? html`` : html` · desktop ${desktop}`}<br><span class="muted">last request ${last(connection.last_request_at)}; last success ${last(connection.last_success_at)}</span>`;
}

export function endUsersPage(deps: ServiceDeps, who: SignedIn, project: ProjectRow, extra: { notice?: string; error?: string; link?: { endUserId: string; url: string } } = {}): WebResponse {
  const rows = deps.state.endUsers(project.id).map(
    (u) => html`<tr><td>${u.company_name}<br><span class="muted">${u.email} · source ${u.source_id}</span></td><td>${copyable(u.id, `end user id of ${u.company_name}`)}</td><td>${connectionOf(deps, u)}</td>
<td><div class="actions">${form(`/dashboard/projects/${project.id}/end-users/${u.id}/auth-session`, who.csrf, html``, 'New connect link')}
<a href="/dashboard/projects/${project.id}/sandbox?endUser=${u.id}">Company file and desktop</a>
${form(`/dashboard/projects/${project.id}/end-users/${u.id}/delete`, who.csrf, html``, 'Delete', { className: 'danger' })}</div></td></tr>`,
  );
  const link = extra.link
    ? html`<div class="secret" role="status"><p>Connect link for end user <code>${extra.link.endUserId}</code>: send it to the person with the desktop application. It works once.</p>${copyable(extra.link.url, 'connect link')} <a href="${extra.link.url}">Open it</a></div>`
    : html``;
  const body = html`${link}
<table><thead><tr><th>End user</th><th>Id</th><th>Connection</th><th>Actions</th></tr></thead><tbody>${rows.length ? rows : html`<tr><td colspan="4" class="muted">No end users yet.</td></tr>`}</tbody></table>
${form(`/dashboard/projects/${project.id}/end-users`, who.csrf, html`${field('Company name', 'companyName')}${field('Source id (yours, unique in the project)', 'sourceId')}${field('Email', 'email', { type: 'email' })}`, 'Create end user', { className: 'panel' })}`;
  return htmlResponse(200, page({ title: `${project.name}: End Users`, nav: tabs(project, 'end-users'), account: { email: who.account.email, csrf: who.csrf }, notice: extra.notice, error: extra.error }, body));
}

export function createEndUser(deps: ServiceDeps, who: SignedIn, project: ProjectRow, fields: URLSearchParams): WebResponse {
  const companyName = (fields.get('companyName') ?? '').trim();
  const sourceId = (fields.get('sourceId') ?? '').trim();
  const email = (fields.get('email') ?? '').trim();
  const refuse = (error: string): WebResponse => ({ ...endUsersPage(deps, who, project, { error }), status: 400 });
  if (!companyName || companyName.length > 200) return refuse('Give the end user a company name (up to 200 characters).');
  if (!sourceId || sourceId.length > 200) return refuse('Give the end user a source id: your own id for this customer.');
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return refuse('Give the end user an email address.');
  if (deps.state.endUserBySource(project.id, sourceId)) return refuse(`An end user with source id "${sourceId}" exists in this project.`);
  addEndUser(deps, project.id, { companyName, sourceId, email });
  return redirect(`/dashboard/projects/${project.id}/end-users`);
}

export function newConnectLink(deps: ServiceDeps, who: SignedIn, project: ProjectRow, endUser: EndUserRow): WebResponse {
  const session = createAuthSession(deps, endUser, { linkExpiryMins: 30, redirectUrl: null });
  return endUsersPage(deps, who, project, { link: { endUserId: endUser.id, url: session.authFlowUrl } });
}

export function keysPage(deps: ServiceDeps, who: SignedIn, project: ProjectRow, created?: { kind: 'secret' | 'publishable'; key: string }): WebResponse {
  const rows = deps.state.dashboard.keysOf(project.id).map(
    (k) => html`<tr><td>${k.kind === 'secret' ? 'Secret' : 'Publishable'}</td><td><code>${k.kind === 'secret' ? 'sk' : 'pk'}_sandbox_…${k.last_chars ?? '????'}</code></td><td>${serviceTimestamp(k.created_at)}</td>
<td>${k.revoked ? html`<span class="muted">revoked</span>` : form(`/dashboard/projects/${project.id}/api-keys/${k.id}/revoke`, who.csrf, html``, 'Revoke')}</td></tr>`,
  );
  const shown = created
    ? html`<div class="secret" role="status"><p>Your new ${created.kind} key. Copy it now: it is shown only once and kept only as a hash.</p>${copyable(created.key, `${created.kind} key`)}</div>`
    : html``;
  const body = html`${shown}
<div class="row">${form(`/dashboard/projects/${project.id}/api-keys/secret`, who.csrf, html``, 'Create secret key')}${form(`/dashboard/projects/${project.id}/api-keys/publishable`, who.csrf, html``, 'Create publishable key', { className: 'secondary' })}</div>
<h2>Keys</h2><table><thead><tr><th>Kind</th><th>Key</th><th>Created</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
  return htmlResponse(200, page({ title: `${project.name}: API Keys`, nav: tabs(project, 'api-keys'), account: { email: who.account.email, csrf: who.csrf } }, body));
}

export function createKey(deps: ServiceDeps, who: SignedIn, project: ProjectRow, kind: 'secret' | 'publishable'): WebResponse {
  const key = kind === 'secret' ? newSecretKey() : newPublishableKey();
  deps.state.addKey(project.id, kind, key, deps.clocks.forProject(project.id).now());
  return keysPage(deps, who, project, { kind, key });
}
