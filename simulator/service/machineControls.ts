import type { DesktopApplication } from '../desktop/DesktopApplication.ts';
import { RequestInputError } from '../desktop/values/RequestInputError.ts';
import { companyFileApp } from './connectCompanyFile.ts';
import { endUserOf, fieldsOf, type Control, type ControlCall } from './controlTable.ts';
import { ServiceError } from './ServiceError.ts';
import type { EndUserRow } from './ServiceState.ts';
import type { ServiceDeps } from './types.ts';

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

/** The end user of the path and its machine. */
function machineFor(call: ControlCall): { endUser: EndUserRow; app: DesktopApplication } {
  const endUser = endUserOf(call);
  return { endUser, app: machineOf(call.deps, endUser) };
}

/** Switches off one fault, or every fault when no id is given. */
function clearFaults(call: ControlCall, faultId: string | undefined): string {
  const { endUser, app } = machineFor(call);
  if (!app.machine.clearFaults(faultId)) throw ServiceError.of('RESOURCE_MISSING', `End user "${endUser.id}" has no fault "${faultId ?? ''}".`);
  return described(endUser, app);
}

/** `/_sandbox/end-users/{id}/desktop` and `/faults`: the end user's machine and its faults. */
export const MACHINE_CONTROLS: Control[] = [
  {
    method: 'GET',
    path: '/_sandbox/end-users/{id}/desktop',
    description: "The end user's machine: connection state, application (open, starting, closed), latency, faults switched on, requests queued.",
    answer: (call) => {
      const { endUser, app } = machineFor(call);
      return described(endUser, app);
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/end-users/{id}/desktop',
    description:
      'Change the machine: {"connection": "connected" | "closed" | "starting" | "not_set_up" | "not_polling" | "modal_dialog" | ..., "startupSeconds", ' +
      '"latency": "instant" | "realistic" | {"list": ms, "retrieve": ms, "create": ms, "update": ms, "health": ms, "jitter": 0..1}, "writesCompleteAfterTimeout", "inUseSeconds", "seed"}.',
    answer: (call) => {
      const { endUser, app } = machineFor(call);
      checked(() => app.machine.configure(fieldsOf(call)));
      return described(endUser, app);
    },
  },
  {
    method: 'DELETE',
    path: '/_sandbox/end-users/{id}/desktop',
    description: 'Back to a connected, instant machine with no faults.',
    answer: (call) => {
      const { endUser, app } = machineFor(call);
      app.machine.reset();
      return described(endUser, app);
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/end-users/{id}/faults',
    description:
      'Switch a fault on: {"fault": "status" (with "status": 3175) | "timeout" | "slow" (with "seconds") | a connection state, and any of "count": N (the next N requests), ' +
      '"share": 0..1 (seeded), "afterSeconds"/"forSeconds" (a window of sandbox time), "operations": "invoices.*"}.',
    answer: (call) => {
      const { endUser, app } = machineFor(call);
      return JSON.stringify({ objectType: 'sandbox_fault', endUserId: endUser.id, ...checked(() => app.machine.addFault(fieldsOf(call))) });
    },
  },
  { method: 'DELETE', path: '/_sandbox/end-users/{id}/faults', description: 'Switch every fault off.', answer: (call) => clearFaults(call, undefined) },
  { method: 'DELETE', path: '/_sandbox/end-users/{id}/faults/{faultId}', description: 'Switch one fault off.', answer: (call) => clearFaults(call, call.params['faultId']) },
];
