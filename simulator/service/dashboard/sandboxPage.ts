import { RequestInputError } from '../../desktop/values/RequestInputError.ts';
import { CONNECTION_STATE_NAMES } from '../../desktop/machine/machineStates.ts';
import { FAULT_KINDS } from '../../desktop/machine/machineSettings.ts';
import { FixtureError } from '../../fixtures/FixtureProblem.ts';
import { companyFileApp, connectCompanyFile } from '../connectCompanyFile.ts';
import { exportFixtureOfEndUser } from '../fixtureControls.ts';
import { advanceProjectClock } from '../sandboxControls.ts';
import type { EndUserRow } from '../ServiceState.ts';
import type { ServiceDeps } from '../types.ts';
import type { SignedIn } from './accountPages.ts';
import type { ProjectRow } from './DashboardStore.ts';
import { copyable, field, form, html, page, type Html } from './html.ts';
import { tabs } from './projectPages.ts';
import { loadPastedFixture, notLoaded, problemLines } from './pastedFixture.ts';
import { countsText } from '../../fixtures/fixtureCounts.ts';
import { htmlResponse, redirect, type WebResponse } from './webRequest.ts';

function options(values: readonly string[], selected: string): Html[] {
  return values.map((v) => html`<option${v === selected ? html` selected` : html``}>${v}</option>`);
}

function select(label: string, name: string, values: readonly string[], selected: string): Html {
  return html`<label for="f-${name}">${label}</label><select id="f-${name}" name="${name}">${options(values, selected)}</select>`;
}

function companyFileOf(deps: ServiceDeps, endUser: EndUserRow): { connectionId: string; companyFileId: string } | undefined {
  const c = deps.state.connections(endUser.id).find((row) => row.company_file_id !== null);
  return c?.company_file_id ? { connectionId: c.id, companyFileId: c.company_file_id } : undefined;
}

/** A moment of project time: ISO in the page, the reader's local time once the script runs. */
const shownTime = (iso: string): Html => html`<time datetime="${iso}">${iso}</time>`;

/** What a fault does, to which requests, when and where, as a person reads it. */
function faultCells(fault: Record<string, unknown>): Html {
  const kind = String(fault['fault']);
  const what = kind === 'status' ? `status ${String(fault['status'])}` : kind === 'slow' ? `slow: ${String(fault['seconds'])} s more` : kind.replaceAll('_', ' ');
  const share = typeof fault['share'] === 'number' ? `${Math.round(fault['share'] * 1000) / 10}% of ` : '';
  const which = typeof fault['remaining'] === 'number' ? `${share}the next ${fault['remaining']}` : share ? `${share}requests` : 'every request';
  const from = typeof fault['from'] === 'string' ? html`from ${shownTime(fault['from'])} ` : html``;
  const until = typeof fault['until'] === 'string' ? html`until ${shownTime(fault['until'])}` : html``;
  const when = typeof fault['from'] === 'string' || typeof fault['until'] === 'string' ? html`${from}${until}` : html`from now on`;
  const operations = typeof fault['operations'] === 'string' ? fault['operations'] : 'all';
  return html`<td>${what}</td><td>${which}</td><td>${when}</td><td><code>${operations}</code></td>`;
}

function machinePanel(deps: ServiceDeps, csrf: string, base: string, endUser: EndUserRow, companyFileId: string): Html {
  const app = companyFileApp(deps, endUser, companyFileId);
  const state = app.machine.describe() as { connection: string; application: string; startupSeconds: number; inUseSeconds: number; writesCompleteAfterTimeout: boolean; latency: { profile: string }; faults: Record<string, unknown>[] };
  const faults = state.faults.map((f) => html`<tr>${faultCells(f)}<td>${form(`${base}/faults/${String(f['id'])}/clear`, csrf, html``, 'Switch off')}</td></tr>`);
  const yesNo = select('Writes the Service gave up on (504) still complete', 'writesCompleteAfterTimeout', ['yes', 'no'], state.writesCompleteAfterTimeout ? 'yes' : 'no');
  return html`<h2>Desktop</h2><p>Connection <strong>${state.connection}</strong>, application ${state.application}, ${app.queueDepth} request(s) queued.</p>
${form(`${base}/desktop`, csrf, html`${select('Connection state', 'connection', CONNECTION_STATE_NAMES, state.connection)}${select('Latency', 'latency', ['instant', 'realistic', ...(state.latency.profile === 'custom' ? ['custom'] : [])], state.latency.profile)}${field('Start-up seconds', 'startupSeconds', { type: 'number', value: String(state.startupSeconds) })}${field('A record stays in use for seconds after a write (0: never)', 'inUseSeconds', { type: 'number', value: String(state.inUseSeconds) })}${yesNo}`, 'Save desktop', { className: 'panel' })}
<h3>Faults</h3>
<div class="scroll"><table><thead><tr><th>Fault</th><th>Requests</th><th>When (project time)</th><th>Operations</th><th></th></tr></thead><tbody>${faults.length ? faults : html`<tr><td colspan="5" class="muted">No faults switched on.</td></tr>`}</tbody></table></div>
${form(`${base}/faults`, csrf, html`${select('Fault', 'fault', FAULT_KINDS, 'status')}${field('Status code (fault "status")', 'status', { required: false, value: '3175' })}${field('Seconds (fault "slow")', 'seconds', { required: false })}${field('Next N requests', 'count', { required: false })}${field('Share of requests (0..1)', 'share', { required: false })}${field('Starts after seconds', 'afterSeconds', { required: false })}${field('Lasts seconds', 'forSeconds', { required: false })}${field('Operations (e.g. invoices.*)', 'operations', { required: false })}`, 'Switch fault on', { className: 'panel' })}
${form(`${base}/desktop/reset`, csrf, html``, 'Reset desktop', { className: 'secondary' })}`;
}

/** The sandbox's own controls for a project: its clock, and each end user's company file and desktop. */
export function sandboxPage(deps: ServiceDeps, who: SignedIn, project: ProjectRow, url: URL, messages: { notice?: string; error?: string; problems?: readonly string[] } = {}, status = 200): WebResponse {
  const endUsers = deps.state.endUsers(project.id);
  const chosen = endUsers.find((u) => u.id === url.searchParams.get('endUser')) ?? endUsers[0];
  const clock = deps.clocks.forProject(project.id);
  const base = `/dashboard/projects/${project.id}/sandbox`;
  const account = { email: who.account.email, csrf: who.csrf };
  const clockPanel = html`<h2>Clock</h2><p>Project time ${shownTime(new Date(clock.now()).toISOString())}, moved ${Math.round(clock.offset / 1000)} s ahead of real time. Cursors expire, auth sessions run out and a slow desktop answers by it.</p>
${form(`${base}/clock`, who.csrf, field('Advance by seconds', 'seconds', { type: 'number', value: '11' }), 'Advance clock', { className: 'panel' })}
${clock.offset > 0 ? form(`${base}/clock/reset`, who.csrf, html``, 'Back to real time', { className: 'secondary' }) : html``}`;
  if (!chosen) return htmlResponse(status, page({ title: `${project.name}: Sandbox`, account, nav: tabs(project, 'sandbox'), ...messages }, html`${clockPanel}<p class="muted">Create an end user to give it a company file.</p>`));
  const at = `${base}/end-users/${chosen.id}`;
  const file = companyFileOf(deps, chosen);
  const picker = html`<form method="get" class="row"><label for="f-endUser">End user</label><select id="f-endUser" name="endUser">${endUsers.map((u) => html`<option value="${u.id}"${u.id === chosen.id ? html` selected` : html``}>${u.company_name}</option>`)}</select><button type="submit" class="secondary">Show</button></form>`;
  const filePanel = file
    ? html`<h2>Company file</h2><p>${copyable(file.companyFileId, 'company file id')} · <a href="${at}/fixture.json">Export as fixture</a></p>
${form(`${at}/fixture`, who.csrf, html`<label for="f-fixture-file">Fixture file (.json, .yaml, .yml) to load into it</label><input id="f-fixture-file" type="file" accept=".json,.yaml,.yml,application/json" data-fills="f-fixture"><label for="f-fixture">or its text (JSON or YAML)</label><textarea id="f-fixture" name="fixture"></textarea>`, 'Load fixture', { className: 'panel' })}
${form(`${at}/reset`, who.csrf, html`<p class="muted">Removes the company file: the end user is not connected any more until a new one is seeded, loaded or connected.</p>`, 'Reset company file', { className: 'panel danger' })}
${machinePanel(deps, who.csrf, at, chosen, file.companyFileId)}`
    : html`<h2>Company file</h2><p class="muted">This end user has no company file: seed one here, or send them a connect link.</p>
${form(`${at}/seed`, who.csrf, html`${field('Seed', 'seed', { type: 'number', value: '1' })}${field('Customers', 'customers', { type: 'number', value: '100' })}${field('Invoices', 'invoices', { type: 'number', value: '300' })}`, 'Seed company file', { className: 'panel' })}`;
  return htmlResponse(status, page({ title: `${project.name}: Sandbox`, account, nav: tabs(project, 'sandbox'), ...messages }, html`${clockPanel}${picker}${filePanel}`));
}

function number(value: string | null, name: string, max: number): number {
  const n = Number(value ?? '');
  if (value === null || value.trim() === '' || !Number.isFinite(n) || n < 0 || n > max) throw new RequestInputError(name, `must be a number from 0 to ${max}`);
  return n;
}

/** The fault form's filled-in fields as the faults control takes them. */
function faultBody(fields: URLSearchParams): Record<string, string | number> {
  const body: Record<string, string | number> = { fault: fields.get('fault') ?? '' };
  if (body['fault'] === 'status') body['status'] = number(fields.get('status'), 'status', 99_999);
  if (body['fault'] === 'slow') body['seconds'] = number(fields.get('seconds'), 'seconds', 86_400);
  for (const [name, max] of [['count', 1_000_000], ['share', 1], ['afterSeconds', 10 * 365 * 86_400], ['forSeconds', 10 * 365 * 86_400]] as const) if (fields.get(name)) body[name] = number(fields.get(name), name, max);
  if (fields.get('operations')) body['operations'] = fields.get('operations') ?? '';
  return body;
}

export async function sandboxAction(deps: ServiceDeps, who: SignedIn, project: ProjectRow, parts: string[], fields: URLSearchParams): Promise<WebResponse> {
  const url = new URL(`https://sandbox.invalid/dashboard/projects/${project.id}/sandbox`);
  const back = (endUserId?: string): WebResponse => redirect(`${url.pathname}${endUserId ? `?endUser=${endUserId}` : ''}`);
  try {
    if (parts[0] === 'clock' && parts[1] === 'reset') {
      deps.clocks.forProject(project.id).rewindTo(0);
      return back();
    }
    if (parts[0] === 'clock') {
      advanceProjectClock(deps, project.id, number(fields.get('seconds'), 'seconds', 10 * 365 * 86_400) * 1000);
      return back();
    }
    const endUser = parts[0] === 'end-users' ? deps.state.endUser(project.id, parts[1] ?? '') : undefined;
    if (!endUser) return htmlResponse(404, page({ title: 'Not found' }, html`<p>No such end user in this project.</p>`));
    url.searchParams.set('endUser', endUser.id);
    const [action, faultId] = parts.slice(2);
    const file = companyFileOf(deps, endUser);
    if (action === 'seed' && !file) {
      await connectCompanyFile(deps, endUser, { seed: number(fields.get('seed'), 'seed', 2 ** 31), sizes: { customers: number(fields.get('customers'), 'customers', 10_000), invoices: number(fields.get('invoices'), 'invoices', 30_000) } });
      return back(endUser.id);
    }
    if (action === 'fixture') {
      const text = fields.get('fixture') ?? '';
      try {
        const loaded = await loadPastedFixture(deps, endUser, text);
        return sandboxPage(deps, who, project, url, { notice: `Loaded ${countsText(loaded.added).text}.` });
      } catch (error) {
        if (error instanceof FixtureError) return sandboxPage(deps, who, project, url, { error: notLoaded(error), problems: problemLines(text, error) }, 400);
        throw error;
      }
    }
    if (!file) return sandboxPage(deps, who, project, url, { error: 'This end user has no company file.' }, 409);
    const machine = companyFileApp(deps, endUser, file.companyFileId).machine;
    if (action === 'reset') {
      deps.state.detachCompanyFile(file.connectionId);
      deps.host.discard(file.companyFileId);
    } else if (action === 'desktop' && faultId === 'reset') machine.reset();
    else if (action === 'desktop') {
      const latency = fields.get('latency');
      // "custom" stands for latencies set through the API: saving the form keeps them.
      machine.configure({
        connection: fields.get('connection') ?? 'connected',
        ...(latency === 'instant' || latency === 'realistic' ? { latency } : {}),
        startupSeconds: number(fields.get('startupSeconds'), 'startupSeconds', 86_400),
        inUseSeconds: number(fields.get('inUseSeconds') ?? '0', 'inUseSeconds', 86_400),
        writesCompleteAfterTimeout: fields.get('writesCompleteAfterTimeout') !== 'no',
      });
    }
    else if (action === 'faults' && faultId === undefined) machine.addFault(faultBody(fields));
    else if (action === 'faults' && parts[4] === 'clear') machine.clearFaults(faultId);
    else return htmlResponse(404, page({ title: 'Not found' }, html`<p>No such sandbox action.</p>`));
    return back(endUser.id);
  } catch (error) {
    if (error instanceof RequestInputError) return sandboxPage(deps, who, project, url, { error: `${error.field}: ${error.message}` }, 400);
    if (error instanceof FixtureError) return sandboxPage(deps, who, project, url, { error: notLoaded(error) }, 400);
    throw error;
  }
}

/** `GET .../sandbox/end-users/{id}/fixture.json`: the end user's company file as a fixture download. */
export async function fixtureDownload(deps: ServiceDeps, project: ProjectRow, endUserId: string): Promise<WebResponse | undefined> {
  const endUser = deps.state.endUser(project.id, endUserId);
  if (!endUser || !companyFileOf(deps, endUser)) return undefined;
  const fixture = await exportFixtureOfEndUser(deps, endUser);
  return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="${endUser.id}.json"`, 'cache-control': 'no-store' }, body: `${JSON.stringify(fixture, null, 2)}\n` };
}
