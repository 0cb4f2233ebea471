import type { CompanyFile } from '../desktop/CompanyFile.ts';
import type { DesktopApplication } from '../desktop/DesktopApplication.ts';
import { seedCompanyFile, todayOf, type SeedOptions } from '../fixtures/seedCompanyFile.ts';
import { demoCacheKey, readDemo, worthKeeping, writeDemo } from '../fixtures/demoCache.ts';
import { newConnectionId } from './serviceIds.ts';
import type { EndUserRow } from './ServiceState.ts';
import type { ServiceDeps } from './types.ts';

type ConnectDeps = Pick<ServiceDeps, 'state' | 'host' | 'clocks' | 'seedToday'>;

/** An end user's company file, open on the clock of the end user's project. */
export function companyFileApp(deps: Pick<ServiceDeps, 'host' | 'clocks'>, endUser: Pick<EndUserRow, 'project_id'>, companyFileId: string, template?: Buffer): DesktopApplication {
  return deps.host.application(companyFileId, deps.clocks.forProject(endUser.project_id), template);
}

export interface ConnectResult {
  connectionId: string;
  companyFileId: string;
  created: boolean;
}

/**
 * What finishing the connect flow does: the end user gets an integration connection to a company
 * file, here a new one seeded from `seed`. An end user that is already connected keeps its file.
 */
export function connectCompanyFile(deps: ConnectDeps, endUser: EndUserRow, options: SeedOptions): ConnectResult {
  // Its history is dated up to the day before its clock's today: a file seeded tomorrow is another file.
  const seed = { ...options, today: options.today ?? deps.seedToday ?? todayOf(deps.clocks.forProject(endUser.project_id).now()) };
  // Seeded once per seed, today and code, then opened from the kept bytes (`demoCache.ts`).
  const key = demoCacheKey(seed);
  const kept = readDemo(key);
  const fill = (file: CompanyFile): void => {
    seedCompanyFile(file, seed);
    // Not even copied when too large to keep: a copy of a large file costs its size in memory and a second.
    if (worthKeeping(file.store.sizeBytes())) writeDemo(key, file.store.db.serialize());
  };
  try {
    return connectCompanyFileWith(deps, endUser, fill, kept);
  } catch (error) {
    // Kept bytes that do not open (a file damaged on disk) are seeded afresh.
    if (kept === undefined) throw error;
    return connectCompanyFileWith(deps, endUser, fill);
  }
}

/**
 * The same with the new company file filled by `fill` (seeding, a fixture). If filling throws, the
 * new company file is removed again and the end user stays unconnected.
 */
export function connectCompanyFileWith(deps: ConnectDeps, endUser: EndUserRow, fill: (file: CompanyFile) => void, template?: Buffer): ConnectResult {
  const existing = deps.state.connections(endUser.id).find((c) => c.company_file_id !== null);
  if (existing?.company_file_id) return { connectionId: existing.id, companyFileId: existing.company_file_id, created: false };
  const companyFileId = `company_${endUser.id}`;
  let app: DesktopApplication;
  try {
    app = companyFileApp(deps, endUser, companyFileId, template);
  } catch (error) {
    deps.host.discard(companyFileId);
    throw error;
  }
  if (app.file.store.getMeta('company.name') === undefined) {
    try {
      fill(app.file);
    } catch (error) {
      deps.host.discard(companyFileId);
      throw error;
    }
    // What was filled in may carry the machine's state (a fixture's `desktop`).
    app.machine.reload();
  }
  const connection = deps.state.connections(endUser.id)[0];
  const connectionId = connection?.id ?? newConnectionId();
  if (!connection) {
    deps.state.addConnection({ id: connectionId, end_user_id: endUser.id, created_at: deps.clocks.forProject(endUser.project_id).now(), company_file_id: null, last_request_at: null, last_success_at: null });
  }
  deps.state.attachCompanyFile(connectionId, companyFileId);
  return { connectionId, companyFileId, created: true };
}
