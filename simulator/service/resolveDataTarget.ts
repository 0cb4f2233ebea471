import { companyFileApp } from './connectCompanyFile.ts';
import { ServiceError } from './ServiceError.ts';
import type { Project } from './ServiceState.ts';
import type { DataTarget, ServiceDeps } from './types.ts';

/**
 * The end user named by `Service-End-User-Id` and their company file. The header is checked
 * before the query so a missing end user is reported as such, not as a parameter problem.
 */
export function resolveDataTarget(deps: ServiceDeps, project: Project, header: string | string[] | undefined): DataTarget {
  const endUserId = Array.isArray(header) ? header[0] : header;
  if (!endUserId) {
    throw ServiceError.of('END_USER_ID_MISSING', 'Missing the "Service-End-User-Id" header: every ledger-desktop request names the end user whose company file it reads or writes.');
  }
  const endUser = deps.state.endUser(project.id, endUserId);
  if (!endUser) throw ServiceError.of('RESOURCE_MISSING', `No end user with id "${endUserId}" exists in this project.`);
  const connection = deps.state.connections(endUser.id).find((c) => c.company_file_id !== null);
  if (!connection?.company_file_id) {
    throw ServiceError.of('INTEGRATION_CONNECTION_NOT_SET_UP', `End user "${endUserId}" has not finished connecting a company file.`);
  }
  return { endUser, connection, desktop: companyFileApp(deps, endUser, connection.company_file_id) };
}
