import { ServiceError } from '../ServiceError.ts';
import { newEndUserId, serviceTimestamp } from '../serviceIds.ts';
import type { EndUserRow, ServiceState } from '../ServiceState.ts';
import type { Handler, ServiceDeps } from '../types.ts';

export function renderEndUser(state: ServiceState, row: EndUserRow): Record<string, unknown> {
  return {
    id: row.id,
    objectType: 'end_user',
    createdAt: serviceTimestamp(row.created_at),
    companyName: row.company_name,
    sourceId: row.source_id,
    email: row.email,
    integrationConnections: state.connections(row.id).map((c) => ({
      id: c.id,
      objectType: 'integration_connection',
      createdAt: serviceTimestamp(c.created_at),
      integrationSlug: 'ledger_desktop',
      lastRequestAt: c.last_request_at === null ? null : serviceTimestamp(c.last_request_at),
      lastSuccessfulRequestAt: c.last_success_at === null ? null : serviceTimestamp(c.last_success_at),
    })),
  };
}

/** A new end user of the project; its `sourceId` must be new in the project (400 otherwise). */
/**
 * Deletes an end user, their connections, and the company files no other connection holds: left on
 * disk, nobody could reach them again (a contract run's second end user would leave megabytes a run).
 */
export function removeEndUser(deps: Pick<ServiceDeps, 'state' | 'host'>, endUserId: string): void {
  for (const file of deps.state.deleteEndUser(endUserId)) deps.host.discard(file);
}

export function addEndUser(deps: Pick<ServiceDeps, 'state' | 'clocks'>, projectId: string, fields: { companyName: string; sourceId: string; email: string }): EndUserRow {
  if (deps.state.endUserBySource(projectId, fields.sourceId)) {
    throw ServiceError.of('INVALID_REQUEST', `Invalid request: an end user with sourceId "${fields.sourceId}" already exists in this project at "sourceId"`);
  }
  const row: EndUserRow = { id: newEndUserId(), project_id: projectId, company_name: fields.companyName, source_id: fields.sourceId, email: fields.email, created_at: deps.clocks.forProject(projectId).now() };
  deps.state.addEndUser(row);
  return row;
}

function endUserOrMissing(state: ServiceState, projectId: string, id: string): EndUserRow {
  const row = state.endUser(projectId, id);
  if (!row) throw ServiceError.of('RESOURCE_MISSING', `No end user with id "${id}" exists in this project.`);
  return row;
}

export const endUserHandlers: Record<string, Handler> = {
  'endUsers.create': async (req, deps) => {
    const row = addEndUser(deps, req.project.id, req.body as { companyName: string; sourceId: string; email: string });
    return JSON.stringify(renderEndUser(deps.state, row));
  },
  'endUsers.list': async (req, { state }) =>
    JSON.stringify({ objectType: 'list', url: '/v1/end-users', data: state.endUsers(req.project.id).map((r) => renderEndUser(state, r)) }),
  'endUsers.retrieve': async (req, { state }) =>
    JSON.stringify(renderEndUser(state, endUserOrMissing(state, req.project.id, req.pathParams['id'] ?? ''))),
  'endUsers.delete': async (req, deps) => {
    const row = endUserOrMissing(deps.state, req.project.id, req.pathParams['id'] ?? '');
    removeEndUser(deps, row.id);
    return JSON.stringify({ id: row.id, objectType: 'end_user', deleted: true });
  },
};
