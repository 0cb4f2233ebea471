import { postingRows } from '../../desktop/views/postingRows.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../../desktop/values/json.ts';
import { resourceOf } from '../../spec/resourceSchemas.ts';
import type { OperationSpec } from '../../spec/types.ts';
import { companyFileApp } from '../connectCompanyFile.ts';
import type { EndUserRow } from '../ServiceState.ts';
import type { ServiceDeps } from '../types.ts';
import type { SignedIn } from './accountPages.ts';
import type { ProjectRow } from './DashboardStore.ts';
import { copyable, html, page, type Html } from './html.ts';
import { tabs } from './projectPages.ts';
import { operationQuery, parameterFields } from './operationQuery.ts';
import { htmlResponse, type WebResponse } from './webRequest.ts';

/** Objects a page of the Books tab shows. */
const PAGE_SIZE = 50;
/** What the page's own controls are called in its query; every other key is the list operation's. */
const OWN_KEYS = new Set(['endUser', 'resource', 'page', 'search']);

/** Every list of a company file's data the Service serves, by resource: the operations the Books tab browses. */
function listOperations(deps: ServiceDeps): Map<string, OperationSpec> {
  const out = new Map<string, OperationSpec>();
  for (const op of deps.operations.values()) {
    const resource = resourceOf(op);
    if (op.method !== 'get' || !resource || op.path !== `/ledger-desktop/${resource}` || !deps.host.types.forResource(resource)) continue;
    out.set(resource, op);
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

function connectedFile(deps: ServiceDeps, endUser: EndUserRow): string | undefined {
  return deps.state.connections(endUser.id).find((c) => c.company_file_id !== null)?.company_file_id ?? undefined;
}

/** The project's end users that have a company file, the one a page asks for (else the first), and its file: what the Books tab reads. */
export function chosenCompanyFile(deps: ServiceDeps, project: ProjectRow, asked: string | null): { endUsers: EndUserRow[]; endUser?: EndUserRow; fileId?: string } {
  const endUsers = deps.state.endUsers(project.id).filter((u) => connectedFile(deps, u) !== undefined);
  const endUser = endUsers.find((u) => u.id === asked) ?? endUsers[0];
  const fileId = endUser ? connectedFile(deps, endUser) : undefined;
  return { endUsers, ...(endUser && fileId ? { endUser, fileId } : {}) };
}

/** A reference (`{id, fullName}`), a list's count, or the value as text. */
function shownValue(value: JsonValue | undefined): Html {
  if (value === null || value === undefined) return html`<span class="muted">none</span>`;
  if (Array.isArray(value)) return html`${value.length} ${value.length === 1 ? 'entry' : 'entries'}`;
  if (isJsonObject(value)) {
    const name = value['fullName'] ?? value['name'];
    if (typeof name === 'string') return html`${name}`;
    // An address and the like: what it holds, in its order.
    const parts = Object.values(value).filter((v) => v !== null && v !== '' && !isJsonObject(v) && !Array.isArray(v));
    return parts.length ? html`${parts.map(String).join(', ')}` : html`<span class="muted">none</span>`;
  }
  return html`${String(value)}`;
}

/** How a person tells an object apart in a list: its full name, name, number or id. */
function labelOf(doc: JsonObject): string {
  for (const key of ['fullName', 'name', 'refNumber']) if (typeof doc[key] === 'string' && doc[key] !== '') return String(doc[key]);
  return String(doc['id'] ?? '');
}

const amountOf = (doc: JsonObject): JsonValue | undefined => doc['totalAmount'] ?? doc['amount'] ?? doc['balance'] ?? doc['totalBalance'];

/** The filter the search box fills in on a list: its name or number filter, where the API has one. */
const searchKeyOf = (op: OperationSpec): string | undefined => ['nameContains', 'refNumberContains'].find((k) => op.parameters.some((p) => p.in === 'query' && p.name === k));

/** The list operation's query from the page's address: its own parameters, and the search box as its name or number filter. */
function listQuery(deps: ServiceDeps, op: OperationSpec, url: URL): ReturnType<typeof operationQuery> {
  const search = new URLSearchParams([...url.searchParams].filter(([key]) => !OWN_KEYS.has(key)));
  const term = url.searchParams.get('search')?.trim();
  const searchKey = searchKeyOf(op);
  if (term && searchKey && !search.get(searchKey)) search.set(searchKey, term);
  const asked = operationQuery(deps, op, search);
  if ('refusal' in asked) return asked;
  const { cursor: _cursor, limit: _limit, ...rest } = asked.query;
  return { query: rest };
}

function filterForm(project: ProjectRow, endUsers: readonly EndUserRow[], endUser: EndUserRow, ops: Map<string, OperationSpec>, resource: string, op: OperationSpec, url: URL): Html {
  const value = (name: string): string => url.searchParams.get(name) ?? '';
  const filters = op.parameters.filter((p) => p.in === 'query' && p.name !== 'limit' && p.name !== 'cursor');
  const fields = parameterFields(op, url.searchParams, new Set(['limit', 'cursor']));
  return html`<p>Lists · <a href="/dashboard/projects/${project.id}/books/reports?endUser=${endUser.id}">Reports</a></p>
<form method="get" action="/dashboard/projects/${project.id}/books" class="row filters" aria-label="Browse">
<label for="f-endUser">End user</label><select id="f-endUser" name="endUser">${endUsers.map((u) => html`<option value="${u.id}"${u.id === endUser.id ? html` selected` : html``}>${u.company_name}</option>`)}</select>
<label for="f-resource">List</label><select id="f-resource" name="resource">${[...ops.keys()].map((r) => html`<option${r === resource ? html` selected` : html``}>${r}</option>`)}</select>
<label for="f-search">Search by name or number</label><input id="f-search" name="search" value="${value('search')}">
<button type="submit" class="secondary">Show</button></form>
<details${filters.some((p) => value(p.name) !== '') ? html` open` : html``}><summary>Filters as the API takes them (<code>${op.operationId}</code>)</summary>
<form method="get" action="/dashboard/projects/${project.id}/books" class="panel"><input type="hidden" name="endUser" value="${endUser.id}"><input type="hidden" name="resource" value="${resource}">
<div class="fields">${fields}</div>
<button type="submit">Filter</button></form></details>`;
}

/** `/books`: an end user's company file, one list at a time, paged, searchable, filtered as the API filters. */
export async function booksPage(deps: ServiceDeps, who: SignedIn, project: ProjectRow, url: URL): Promise<WebResponse> {
  const account = { email: who.account.email, csrf: who.csrf };
  const frame = (body: Html, messages: { error?: string } = {}, status = 200): WebResponse =>
    htmlResponse(status, page({ title: `${project.name}: Books`, account, nav: tabs(project, 'books'), ...messages }, body));
  const { endUsers, endUser, fileId } = chosenCompanyFile(deps, project, url.searchParams.get('endUser'));
  if (!endUser || !fileId) return frame(html`<p class="muted">No end user of this project has a company file yet: seed or load one on the Sandbox tab.</p>`);
  const ops = listOperations(deps);
  const resource = ops.has(url.searchParams.get('resource') ?? '') ? String(url.searchParams.get('resource')) : 'customers';
  const op = ops.get(resource);
  if (!op) return frame(html`<p class="muted">This sandbox serves no list of ${resource}.</p>`);
  const form = filterForm(project, endUsers, endUser, ops, resource, op, url);
  const asked = listQuery(deps, op, url);
  if ('refusal' in asked) return frame(form, { error: asked.refusal }, 400);
  const { query } = asked;
  // A list the API cannot search by name or number is shown whole, and says so: a search that silently did nothing would look like a match.
  const term = url.searchParams.get('search')?.trim();
  const unsearchable = term && !searchKeyOf(op) ? html`<p class="notice" role="status">The API has no name or number filter on ${resource}: "${term}" was not applied. The filters below are the ones it takes.</p>` : html``;
  const pageNumber = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const app = companyFileApp(deps, endUser, fileId);
  const objectType = deps.host.types.forResource(resource)?.objectType ?? '';
  // Read in the company file's queue, not through its machine: what the dashboard shows meets no fault or latency.
  const { docs, more } = await app.exclusive(() => {
    if (!op.paginated) {
      const all = JSON.parse(`[${app.queries.all(objectType, query, undefined).toString('utf8')}]`) as JsonObject[];
      return { docs: all.slice((pageNumber - 1) * PAGE_SIZE, pageNumber * PAGE_SIZE), more: all.length > pageNumber * PAGE_SIZE };
    }
    // A page further on is walked to from the first, at once: a cursor would die while a person reads.
    let at = app.queries.firstPage(objectType, query, PAGE_SIZE);
    for (let n = 1; n < pageNumber && at.cursor !== null; n++) at = app.queries.nextPage(objectType, at.cursor, query, PAGE_SIZE);
    return { docs: JSON.parse(`[${Buffer.concat(at.data).toString('utf8')}]`) as JsonObject[], more: at.cursor !== null };
  });
  const base = `/dashboard/projects/${project.id}/books/${endUser.id}/${resource}`;
  const rows = docs.map(
    (doc) =>
      html`<tr><td><a href="${base}/${encodeURIComponent(String(doc['id'] ?? ''))}">${labelOf(doc)}</a></td><td>${String(doc['transactionDate'] ?? '')}</td><td>${shownValue(amountOf(doc) ?? '')}</td><td>${doc['isActive'] === false ? 'inactive' : ''}</td><td>${copyable(String(doc['id'] ?? ''), 'id')}</td></tr>`,
  );
  const pageLink = (n: number, text: string): Html => {
    const next = new URL(url);
    next.searchParams.set('page', String(n));
    return html`<a href="${next.pathname}${next.search}">${text}</a>`;
  };
  const paging = html`<p class="actions">${pageNumber > 1 ? pageLink(pageNumber - 1, 'Previous page') : html``} <span class="muted">page ${pageNumber}</span> ${more ? pageLink(pageNumber + 1, 'Next page') : html``}</p>`;
  return frame(
    html`${form}${unsearchable}<p class="muted">Read from the company file as it is now, in its queue: no fault or latency of the desktop applies here. Read-only: the API is how you write.</p>
<div class="scroll"><table><thead><tr><th>Name or number</th><th>Date</th><th>Amount or balance</th><th></th><th>Id</th></tr></thead><tbody>${rows.length ? rows : html`<tr><td colspan="5" class="muted">Nothing matches.</td></tr>`}</tbody></table></div>${paging}`,
  );
}

/** `/books/{endUser}/{resource}/{id}`: one object, readably, with its lines, linked transactions, postings, JSON and the curl that fetches it. */
export async function objectPage(deps: ServiceDeps, who: SignedIn, project: ProjectRow, endUserId: string, resource: string, id: string): Promise<WebResponse | undefined> {
  const endUser = deps.state.endUser(project.id, endUserId);
  const fileId = endUser ? connectedFile(deps, endUser) : undefined;
  const model = deps.host.types.forResource(resource);
  if (!endUser || !fileId || !model || !listOperations(deps).has(resource)) return undefined;
  const app = companyFileApp(deps, endUser, fileId);
  const found = await app.exclusive((file) => {
    try {
      const doc = file.retrieve(model.objectType, id);
      return { doc, postings: model.row.kind === 'transaction' ? postingRows(file, id) : [] };
    } catch {
      return undefined;
    }
  });
  if (!found) return undefined;
  const { doc, postings } = found;
  const fields = Object.entries(doc).filter(([key]) => key !== 'lines' && key !== 'linkedTransactions');
  const lines = Array.isArray(doc['lines']) ? (doc['lines'] as JsonValue[]).filter(isJsonObject) : [];
  const linked = Array.isArray(doc['linkedTransactions']) ? (doc['linkedTransactions'] as JsonValue[]).filter(isJsonObject) : [];
  const url = `${deps.publicOrigin()}/v1/ledger-desktop/${resource}/${encodeURIComponent(id)}`;
  const curl = `curl --cacert .ledger-sim/tls/ca-cert.pem -H "Authorization: Bearer $KEY" -H "Service-End-User-Id: ${endUser.id}" "${url}"`;
  const body = html`<p><a href="/dashboard/projects/${project.id}/books?endUser=${endUser.id}&amp;resource=${resource}">All ${resource}</a> · ${copyable(id, 'id')}</p>
<h2>Fields</h2><div class="scroll"><table class="pairs"><tbody>${fields.map(([key, value]) => html`<tr><th>${key}</th><td>${shownValue(value)}</td></tr>`)}</tbody></table></div>
${lines.length ? html`<h2>Lines</h2><div class="scroll"><table><thead><tr><th>Item or account</th><th>Description</th><th>Quantity</th><th>Rate</th><th>Amount</th></tr></thead><tbody>${lines.map((l) => html`<tr><td>${shownValue(l['item'] ?? l['account'] ?? null)}</td><td>${String(l['description'] ?? l['memo'] ?? '')}</td><td>${String(l['quantity'] ?? '')}</td><td>${String(l['rate'] ?? '')}</td><td>${String(l['amount'] ?? '')}</td></tr>`)}</tbody></table></div>` : html``}
${linked.length ? html`<h2>Linked transactions</h2><div class="scroll"><table><thead><tr><th>Type</th><th>Number</th><th>Date</th><th>Amount</th><th>Id</th></tr></thead><tbody>${linked.map((l) => html`<tr><td>${String(l['transactionType'] ?? '')}</td><td>${String(l['refNumber'] ?? '')}</td><td>${String(l['transactionDate'] ?? '')}</td><td>${String(l['amount'] ?? '')}</td><td>${copyable(String(l['transactionId'] ?? ''), 'transaction id')}</td></tr>`)}</tbody></table></div>` : html``}
${model.row.kind === 'transaction' ? html`<h2>Postings</h2><div class="scroll"><table><thead><tr><th>Account</th><th>Name</th><th>Debit</th><th>Credit</th><th>Item</th><th>Quantity</th></tr></thead><tbody>${postings.length ? postings.map((p) => html`<tr><td>${p.account}</td><td>${p.name ?? ''}</td><td>${p.debit ?? ''}</td><td>${p.credit ?? ''}</td><td>${p.item ?? ''}</td><td>${p.quantity ?? ''}</td></tr>`) : html`<tr><td colspan="6" class="muted">It posts nothing to the books.</td></tr>`}</tbody></table></div>` : html``}
<h2>As the API answers it</h2>${copyable(curl, 'curl command')}<pre><code>${JSON.stringify(doc, null, 2)}</code></pre>`;
  return htmlResponse(200, page({ title: `${labelOf(doc)} (${model.objectType})`, account: { email: who.account.email, csrf: who.csrf }, nav: tabs(project, 'books') }, body));
}
