import { readableBody, type LoggedRequest } from '../RequestLog.ts';
import type { ServiceDeps } from '../types.ts';
import type { SignedIn } from './accountPages.ts';
import type { ProjectRow } from './DashboardStore.ts';
import { html, page } from './html.ts';
import { tabs } from './projectPages.ts';
import { htmlResponse, type WebResponse } from './webRequest.ts';

const STATUS_FILTERS: Record<string, (status: number) => boolean> = {
  all: () => true,
  ok: (s) => s < 400,
  '4xx': (s) => s >= 400 && s < 500,
  '5xx': (s) => s >= 500,
};

/** A body as people read it: indented when it is whole JSON, as sent otherwise (cut off, or not JSON). */
function shown(bytes: Buffer): string {
  const text = readableBody(bytes);
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function detail(project: ProjectRow, entry: LoggedRequest): ReturnType<typeof html> {
  return html`<p><a href="/dashboard/projects/${project.id}/requests">All requests</a></p>
<table><tbody><tr><th>Request id</th><td><code>${entry.requestId}</code></td></tr><tr><th>Request</th><td><code>${entry.method} ${entry.path}</code></td></tr>
<tr><th>Operation</th><td>${entry.operationId ?? ''}</td></tr><tr><th>End user</th><td><code>${entry.endUserId ?? ''}</code></td></tr>
<tr><th>Answer</th><td>${entry.status} ${entry.code ?? ''} in ${entry.ms} ms</td></tr><tr><th>At (project clock)</th><td>${new Date(entry.at).toISOString()}</td></tr></tbody></table>
<h2>Request body</h2><pre><code>${shown(entry.requestBytes) || '(none)'}</code></pre><h2>Response body</h2><pre><code>${shown(entry.responseBytes)}</code></pre>
<p class="muted">Keys and connect-link secrets are shown only by their last characters; the Authorization header is never kept.</p>`;
}

/** The project's last requests, newest first; filter by end user and status; one request in full. */
export function requestsPage(deps: ServiceDeps, who: SignedIn, project: ProjectRow, url: URL, requestId?: string): WebResponse {
  const entries = deps.requestLog.of(project.id);
  const account = { email: who.account.email, csrf: who.csrf };
  if (requestId !== undefined) {
    const entry = entries.find((e) => e.requestId === requestId);
    if (!entry) return htmlResponse(404, page({ title: 'Request not found', account, nav: tabs(project, 'requests') }, html`<p>That request is no longer in the log (it keeps the last 500).</p>`));
    return htmlResponse(200, page({ title: `Request ${entry.requestId}`, account, nav: tabs(project, 'requests') }, detail(project, entry)));
  }
  const endUser = url.searchParams.get('endUser') ?? '';
  const status = url.searchParams.get('status') ?? 'all';
  const keep = STATUS_FILTERS[status] ?? STATUS_FILTERS['all'] ?? (() => true);
  const shown = entries.filter((e) => (!endUser || e.endUserId === endUser) && keep(e.status)).slice(-200).reverse();
  const endUsers = deps.state.endUsers(project.id);
  const filters = html`<form method="get" class="row" aria-label="Filter requests"><label for="f-endUser">End user</label><select id="f-endUser" name="endUser"><option value="">all</option>${endUsers.map(
    (u) => html`<option value="${u.id}"${u.id === endUser ? html` selected` : html``}>${u.company_name}</option>`,
  )}</select><label for="f-status">Status</label><select id="f-status" name="status">${Object.keys(STATUS_FILTERS).map((s) => html`<option${s === status ? html` selected` : html``}>${s}</option>`)}</select><button type="submit" class="secondary">Filter</button></form>`;
  const rows = shown.map(
    (e) => html`<tr><td>${new Date(e.at).toISOString()}</td><td><code>${e.method} ${e.path.length > 80 ? `${e.path.slice(0, 80)}…` : e.path}</code></td><td>${e.status}</td><td>${e.code ?? ''}</td><td>${e.ms} ms</td><td><a href="/dashboard/projects/${project.id}/requests/${e.requestId}"><code>${e.requestId}</code></a></td></tr>`,
  );
  const body = html`${filters}<table><thead><tr><th>At</th><th>Request</th><th>Status</th><th>Code</th><th>Duration</th><th>Request id</th></tr></thead><tbody>${rows.length ? rows : html`<tr><td colspan="6" class="muted">No requests yet.</td></tr>`}</tbody></table>`;
  return htmlResponse(200, page({ title: `${project.name}: Requests`, account, nav: tabs(project, 'requests') }, body));
}
