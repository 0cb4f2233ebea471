import { isJsonObject, type JsonObject, type JsonValue } from '../../desktop/values/json.ts';
import type { OperationSpec } from '../../spec/types.ts';
import { StreamedJson } from '../../desktop/reportThread/StreamedJson.ts';
import { DesktopError } from '../../desktop/values/DesktopError.ts';
import { RequestInputError } from '../../desktop/values/RequestInputError.ts';
import { companyFileApp } from '../connectCompanyFile.ts';
import type { ServiceDeps } from '../types.ts';
import type { SignedIn } from './accountPages.ts';
import type { ProjectRow } from './DashboardStore.ts';
import { chosenCompanyFile } from './booksPage.ts';
import { html, page, type Html } from './html.ts';
import { operationQuery, parameterFields } from './operationQuery.ts';
import { tabs } from './projectPages.ts';
import { htmlResponse, type WebResponse } from './webRequest.ts';

const REPORTS_PATH = '/ledger-desktop/reports/';

/** The report families the spec serves, by family (`general-summary`). */
function reportOperations(deps: ServiceDeps): Map<string, OperationSpec> {
  return new Map(
    [...deps.operations.values()]
      .filter((op) => op.method === 'get' && op.path.startsWith(REPORTS_PATH) && !op.path.slice(REPORTS_PATH.length).includes('/'))
      .map((op): [string, OperationSpec] => [op.path.slice(REPORTS_PATH.length), op])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

function reportTypesOf(op: OperationSpec): string[] {
  return (op.parameters.find((p) => p.name === 'reportType')?.schema.enum ?? []).map(String);
}

const cellValue = (row: JsonObject, columnId: string): JsonValue | undefined =>
  (Array.isArray(row['cells']) ? row['cells'] : []).find((c) => isJsonObject(c) && c['columnId'] === columnId)?.['value' as never];

/**
 * Where a person would rather look than read: the bars of the report's last total row across its
 * columns (months of a profit and loss by month, the buckets of an aging), when it has two or more.
 */
function chartOf(columns: JsonObject[], rows: JsonObject[]): Html {
  const total = [...rows].reverse().find((r) => r['kind'] === 'total');
  if (!total) return html``;
  const bars = columns
    .filter((c) => c['dataType'] === 'amount' && c['columnType'] !== 'total' && c['columnId'] !== 'total')
    .map((c) => ({ label: titleOf(c), value: Number(cellValue(total, String(c['columnId'])) ?? 'NaN') }))
    .filter((b) => Number.isFinite(b.value));
  if (bars.length < 2) return html``;
  const top = Math.max(0, ...bars.map((b) => b.value));
  const bottom = Math.min(0, ...bars.map((b) => b.value));
  const span = top - bottom || 1;
  const height = 160;
  const zero = (top / span) * height;
  const width = 40;
  return html`<figure class="chart"><svg viewBox="0 0 ${bars.length * width} ${height + 40}" role="img" aria-label="${String(cellValue(total, 'label') ?? 'Total')} by column">${bars.map((b, i) => {
    const size = (Math.abs(b.value) / span) * height;
    const y = b.value >= 0 ? zero - size : zero;
    return html`<g><title>${b.label}: ${b.value.toFixed(2)}</title><rect x="${i * width + 6}" y="${y.toFixed(1)}" width="${width - 12}" height="${Math.max(size, 0.5).toFixed(1)}" fill="${b.value >= 0 ? '#3451b2' : '#b3261e'}"></rect><text x="${i * width + width / 2}" y="${height + 16}" text-anchor="middle" font-size="9">${b.label.slice(0, 8)}</text></g>`;
  })}<line x1="0" x2="${bars.length * width}" y1="${zero.toFixed(1)}" y2="${zero.toFixed(1)}" stroke="#5b6475" stroke-width="0.5"></line></svg>
<figcaption class="muted">${String(cellValue(total, 'label') ?? 'Total')}, by column</figcaption></figure>`;
}

function titleOf(column: JsonObject): string {
  const titles = Array.isArray(column['titles']) ? column['titles'] : [];
  return titles.map((t) => (isJsonObject(t) && t['value'] !== null ? String(t['value']) : '')).filter(Boolean).join(' ') || String(column['columnId'] ?? '');
}

function reportTable(report: JsonObject): Html {
  const columns = (Array.isArray(report['columns']) ? report['columns'] : []).filter(isJsonObject);
  const rows = (Array.isArray(report['rows']) ? report['rows'] : []).filter(isJsonObject);
  const shown = rows.slice(0, 2_000);
  return html`<h2>${String(report['title'] ?? '')}</h2><p class="muted">${String(report['subtitle'] ?? '')}${report['basis'] ? ` · ${String(report['basis'])} basis` : ''} · ${rows.length} rows</p>
${chartOf(columns, rows)}
<div class="scroll"><table class="report"><thead><tr>${columns.map((c) => html`<th>${titleOf(c)}</th>`)}</tr></thead><tbody>${shown.map(
    (r) => html`<tr class="${String(r['kind'] ?? '')}">${columns.map((c) => html`<td${c['dataType'] === 'amount' ? html` class="amount"` : html``}>${String(cellValue(r, String(c['columnId'])) ?? '')}</td>`)}</tr>`,
  )}</tbody></table></div>${rows.length > shown.length ? html`<p class="muted">The first ${shown.length} rows of ${rows.length}: narrow the period or the filters, or ask the API for all of them.</p>` : html``}`;
}

/** `/books/reports`: a report of an end user's company file, chosen by family, type, period and columns, as a table (and a chart). */
export async function reportsPage(deps: ServiceDeps, who: SignedIn, project: ProjectRow, url: URL): Promise<WebResponse> {
  const account = { email: who.account.email, csrf: who.csrf };
  const frame = (body: Html, messages: { error?: string } = {}, status = 200): WebResponse =>
    htmlResponse(status, page({ title: `${project.name}: Reports`, account, nav: tabs(project, 'books'), ...messages }, body));
  const { endUsers, endUser, fileId } = chosenCompanyFile(deps, project, url.searchParams.get('endUser'));
  if (!endUser || !fileId) return frame(html`<p class="muted">No end user of this project has a company file yet: seed or load one on the Sandbox tab.</p>`);
  const ops = reportOperations(deps);
  const family = ops.has(url.searchParams.get('family') ?? '') ? String(url.searchParams.get('family')) : 'general-summary';
  const op = ops.get(family);
  if (!op) return frame(html`<p class="muted">This sandbox serves no ${family} reports.</p>`);
  const types = reportTypesOf(op);
  const reportType = types.includes(url.searchParams.get('reportType') ?? '') ? String(url.searchParams.get('reportType')) : (types[0] ?? '');
  const values = new URLSearchParams([...url.searchParams].filter(([key]) => key !== 'endUser' && key !== 'family'));
  values.set('reportType', reportType);
  const form = html`<p><a href="/dashboard/projects/${project.id}/books?endUser=${endUser.id}">Lists</a> · Reports</p>
<form method="get" action="/dashboard/projects/${project.id}/books/reports" class="row filters" aria-label="Family">
<label for="f-endUser">End user</label><select id="f-endUser" name="endUser">${endUsers.map((u) => html`<option value="${u.id}"${u.id === endUser.id ? html` selected` : html``}>${u.company_name}</option>`)}</select>
<label for="f-family">Family</label><select id="f-family" name="family">${[...ops.keys()].map((f) => html`<option${f === family ? html` selected` : html``}>${f}</option>`)}</select><button type="submit" class="secondary">Choose</button></form>
<form method="get" action="/dashboard/projects/${project.id}/books/reports" class="panel wide" aria-label="Report and its options"><input type="hidden" name="endUser" value="${endUser.id}"><input type="hidden" name="family" value="${family}">
<label for="q-reportType">Report</label><select id="q-reportType" name="reportType">${types.map((t) => html`<option${t === reportType ? html` selected` : html``}>${t}</option>`)}</select>
<div class="fields">${parameterFields(op, values, new Set(['reportType']))}</div><button type="submit">Run report</button></form>`;
  if (!url.searchParams.has('reportType')) return frame(form);
  const asked = operationQuery(deps, op, values);
  if ('refusal' in asked) return frame(form, { error: asked.refusal }, 400);
  const { query } = asked;
  const app = companyFileApp(deps, endUser, fileId);
  let json: Buffer;
  try {
    const answer = await app.reportUnsteered(family, query);
    json = answer instanceof StreamedJson ? Buffer.concat(await answer.whole()) : answer;
  } catch (error) {
    // What the desktop refuses (an option it does not take) and a report too large are said as the API says them.
    if (error instanceof DesktopError) return frame(form, { error: `The desktop application refused it (status ${error.status}): ${error.message}` }, 400);
    if (error instanceof RequestInputError) return frame(form, { error: `Invalid request at "${error.field}": ${error.message}` }, 400);
    throw error;
  }
  return frame(html`${form}${reportTable(JSON.parse(json.toString('utf8')) as JsonObject)}`);
}
