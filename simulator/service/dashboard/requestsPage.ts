import { PER_PROJECT, type LoggedRequest } from '../RequestLog.ts';
import type { ServiceDeps } from '../types.ts';
import type { SignedIn } from './accountPages.ts';
import type { ProjectRow } from './DashboardStore.ts';
import { copyable, html, page } from './html.ts';
import { tabs } from './projectPages.ts';
import { htmlResponse, type WebResponse } from './webRequest.ts';

const STATUS_FILTERS: Record<string, (status: number) => boolean> = {
  all: () => true,
  ok: (s) => s < 400,
  '4xx': (s) => s >= 400 && s < 500,
  '5xx': (s) => s >= 500,
};

/** A body as people read it: indented when it is whole JSON, as sent otherwise (cut off, or not JSON). */
function shown(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function detail(project: ProjectRow, entry: LoggedRequest): ReturnType<typeof html> {
  const { request, response } = entry.bodies();
  return html`<p><a href="/dashboard/projects/${project.id}/requests">All requests</a></p>
<div class="scroll"><table><tbody><tr><th>Request id</th><td>${copyable(entry.requestId, 'request id')}</td></tr><tr><th>Request</th><td><code>${entry.method} ${entry.path}</code></td></tr>
<tr><th>Operation</th><td>${entry.operationId ?? ''}</td></tr><tr><th>End user</th><td>${entry.endUserId ? copyable(entry.endUserId, 'end user id') : ''}</td></tr>
<tr><th>Answer</th><td>${entry.status} ${entry.code ?? ''} in ${entry.ms} ms</td></tr><tr><th>At (project clock)</th><td>${at(entry.at)}</td></tr></tbody></table></div>
<h2>Request body</h2><pre><code>${shown(request) || '(none)'}</code></pre><h2>Response body</h2><pre><code>${shown(response)}</code></pre>
<p class="muted">Keys and connect-link secrets are shown only by their last characters; the Authorization header is never kept.</p>`;
}

/** A moment of project time: ISO in the page, the reader's local time once the script runs. */
const at = (ms: number): ReturnType<typeof html> => {
  const iso = new Date(ms).toISOString();
  return html`<time datetime="${iso}">${iso}</time>`;
};

/** How far back the list looks, from the project clock's now. */
const SINCE: Record<string, number> = { all: Infinity, '5 minutes': 5 * 60_000, '1 hour': 3_600_000, '1 day': 86_400_000 };

function choice(label: string, name: string, values: readonly [value: string, text: string][], selected: string): ReturnType<typeof html> {
  return html`<label for="f-${name}">${label}</label><select id="f-${name}" name="${name}">${values.map(([value, text]) => html`<option value="${value}"${value === selected ? html` selected` : html``}>${text}</option>`)}</select>`;
}

/** The project's last requests (kept across restarts), newest first; filtered by end user, operation, status and time; one request in full. */
export function requestsPage(deps: ServiceDeps, who: SignedIn, project: ProjectRow, url: URL, requestId?: string): WebResponse {
  const entries = deps.requestLog.of(project.id);
  const account = { email: who.account.email, csrf: who.csrf };
  if (requestId !== undefined) {
    const entry = entries.find((e) => e.requestId === requestId);
    if (!entry) return htmlResponse(404, page({ title: 'Request not found', account, nav: tabs(project, 'requests') }, html`<p>That request is no longer in the log (it keeps the last ${PER_PROJECT}).</p>`));
    return htmlResponse(200, page({ title: `Request ${entry.requestId}`, account, nav: tabs(project, 'requests') }, detail(project, entry)));
  }
  const query = url.searchParams;
  const endUser = query.get('endUser') ?? '';
  const operation = query.get('operation') ?? '';
  const status = query.get('status') ?? 'all';
  const since = query.get('since') ?? 'all';
  const refresh = query.get('refresh') === '5';
  const keep = STATUS_FILTERS[status] ?? STATUS_FILTERS['all'] ?? (() => true);
  const from = deps.clocks.forProject(project.id).now() - (SINCE[since] ?? Infinity);
  const listed = entries.filter((e) => (!endUser || e.endUserId === endUser) && (!operation || e.operationId === operation) && keep(e.status) && e.at >= from).slice(-200).reverse();
  const operations = [...new Set(entries.map((e) => e.operationId).filter((o): o is string => o !== null))].sort();
  const filters = html`<form method="get" class="row filters" aria-label="Filter requests">
${choice('End user', 'endUser', [['', 'all'], ...deps.state.endUsers(project.id).map((u): [string, string] => [u.id, u.company_name])], endUser)}
${choice('Operation', 'operation', [['', 'all'], ...operations.map((o): [string, string] => [o, o])], operation)}
${choice('Status', 'status', Object.keys(STATUS_FILTERS).map((s): [string, string] => [s, s]), status)}
${choice('Since', 'since', Object.keys(SINCE).map((s): [string, string] => [s, s === 'all' ? 'any time' : `the last ${s}`]), since)}
<label class="choice"><input type="checkbox" name="refresh" value="5"${refresh ? html` checked` : html``}> Refresh every 5 s</label><button type="submit" class="secondary">Filter</button></form>`;
  const rows = listed.map(
    (e) => html`<tr><td>${at(e.at)}</td><td><code>${e.method} ${e.path.length > 80 ? `${e.path.slice(0, 80)}…` : e.path}</code></td><td>${e.status}</td><td>${e.code ?? ''}</td><td>${e.ms} ms</td><td><a href="/dashboard/projects/${project.id}/requests/${e.requestId}"><code>${e.requestId}</code></a></td></tr>`,
  );
  const body = html`${filters}<p class="muted">The last ${PER_PROJECT} requests of the project are kept, across restarts of the sandbox; ${listed.length} shown.</p><div class="scroll"><table><thead><tr><th>At</th><th>Request</th><th>Status</th><th>Code</th><th>Duration</th><th>Request id</th></tr></thead><tbody>${rows.length ? rows : html`<tr><td colspan="6" class="muted">No requests yet.</td></tr>`}</tbody></table></div>`;
  return htmlResponse(200, page({ title: `${project.name}: Requests`, account, nav: tabs(project, 'requests'), ...(refresh ? { refreshSeconds: 5 } : {}) }, body));
}
