import type { DesktopApplication } from '../desktop/DesktopApplication.ts';
import type { JsonObject } from '../desktop/json.ts';
import { RequestInputError } from '../desktop/RequestInputError.ts';
import { companyFileApp } from './connectCompanyFile.ts';
import { endUserIdIn } from './pathSegments.ts';
import { ServiceError } from './ServiceError.ts';
import type { EndUserRow, Project } from './ServiceState.ts';
import type { ServiceDeps } from './types.ts';

export const MACHINE_CONTROLS = [
  {
    method: 'GET',
    path: '/_sandbox/end-users/{id}/desktop',
    description: "The end user's machine: connection state, application (open, starting, closed), latency, faults switched on, requests queued.",
  },
  {
    method: 'POST',
    path: '/_sandbox/end-users/{id}/desktop',
    description:
      'Change the machine: {"connection": "connected" | "closed" | "starting" | "not_set_up" | "not_polling" | "modal_dialog" | ..., "startupSeconds", ' +
      '"latency": "instant" | "realistic" | {"list": ms, "retrieve": ms, "create": ms, "update": ms, "health": ms, "jitter": 0..1}, "writesCompleteAfterTimeout", "inUseSeconds", "seed"}.',
  },
  { method: 'DELETE', path: '/_sandbox/end-users/{id}/desktop', description: 'Back to a connected, instant machine with no faults.' },
  {
    method: 'POST',
    path: '/_sandbox/end-users/{id}/faults',
    description:
      'Switch a fault on: {"fault": "status" (with "status": 3175) | "timeout" | "slow" (with "seconds") | a connection state, and any of "count": N (the next N requests), ' +
      '"share": 0..1 (seeded), "afterSeconds"/"forSeconds" (a window of sandbox time), "operations": "invoices.*"}.',
  },
  { method: 'DELETE', path: '/_sandbox/end-users/{id}/faults', description: 'Switch every fault off.' },
  { method: 'DELETE', path: '/_sandbox/end-users/{id}/faults/{faultId}', description: 'Switch one fault off.' },
];

/** The machine of an end user's company file: only an end user with one has a machine to steer. */
function machineOf(deps: ServiceDeps, endUser: EndUserRow): DesktopApplication {
  const connected = deps.state.connections(endUser.id).find((c) => c.company_file_id !== null);
  if (!connected?.company_file_id) {
    throw ServiceError.of('INTEGRATION_CONNECTION_NOT_SET_UP', `End user "${endUser.id}" has no company file yet, so no machine to set: connect one first (POST /_sandbox/end-users/${endUser.id}/company-file).`);
  }
  return companyFileApp(deps, endUser, connected.company_file_id);
}

function described(endUser: EndUserRow, app: DesktopApplication): string {
  return JSON.stringify({ objectType: 'sandbox_desktop', endUserId: endUser.id, ...app.machine.describe(), queuedRequests: app.queueDepth, queue: app.queued() });
}

/** A control body's bad field as the Service's 400. */
function checked<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof RequestInputError) throw ServiceError.of('INVALID_REQUEST', `Invalid request at "${error.field}": ${error.message}`);
    throw error;
  }
}

/** `/_sandbox/end-users/{id}/desktop` and `/faults`; undefined for any other path, so the caller can go on matching. */
export function handleMachineControl(deps: ServiceDeps, project: Project, method: string, path: string, body: () => JsonObject): string | undefined {
  const match = /^\/_sandbox\/end-users\/([^/]+)\/(desktop|faults)(?:\/([^/]+))?$/.exec(path);
  if (!match?.[1] || (match[2] === 'desktop' && match[3] !== undefined)) return undefined;
  const id = endUserIdIn(match[1]);
  const endUser = deps.state.endUser(project.id, id);
  if (!endUser) throw ServiceError.of('RESOURCE_MISSING', `No end user with id "${id}" exists in this project.`);
  const app = machineOf(deps, endUser);
  const allowed = match[2] === 'desktop' ? ['GET', 'POST', 'DELETE'] : match[3] === undefined ? ['POST', 'DELETE'] : ['DELETE'];
  if (!allowed.includes(method)) throw ServiceError.of('METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}; use ${allowed.join(' or ')}.`);
  if (match[2] === 'desktop') {
    if (method === 'POST') checked(() => app.machine.configure(body()));
    if (method === 'DELETE') app.machine.reset();
    return described(endUser, app);
  }
  if (method === 'POST') return JSON.stringify({ objectType: 'sandbox_fault', endUserId: endUser.id, ...checked(() => app.machine.addFault(body())) });
  if (!app.machine.clearFaults(match[3])) throw ServiceError.of('RESOURCE_MISSING', `End user "${endUser.id}" has no fault "${match[3] ?? ''}".`);
  return described(endUser, app);
}
