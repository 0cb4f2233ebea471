import fs from 'node:fs';
import type { CompanyFile } from '../desktop/CompanyFile.ts';
import type { DesktopApplication } from '../desktop/DesktopApplication.ts';
import { seedCompanyFile, sizesAtScale, todayOf, type SeedOptions } from '../fixtures/seedCompanyFile.ts';
import { demoCacheKey, readDemo, worthKeeping, writeDemo } from '../fixtures/demoCache.ts';
import { seedingAside, type Filling } from '../fixtures/fillMessages.ts';
import { fillInThread, type Filled } from '../fixtures/FillThread.ts';
import { newConnectionId } from './serviceIds.ts';
import { ServiceError } from './ServiceError.ts';
import type { EndUserRow } from './ServiceState.ts';
import type { ConnectResult, ServiceDeps } from './types.ts';

type ConnectDeps = Pick<ServiceDeps, 'state' | 'host' | 'clocks' | 'seedToday' | 'seedThreadMinObjects' | 'closing' | 'seedings'>;
export type FillDeps = Pick<ServiceDeps, 'state' | 'host' | 'clocks' | 'closing' | 'seedings'>;

/**
 * Seedings of at least this many sized objects run on a thread of their own: the demo's 8,000 take
 * about a second, a company file of 200,000 transactions half a minute, during which this thread
 * would answer no one.
 */
export const SEED_THREAD_MIN_OBJECTS = 20_000;

/** An end user's company file, open on the clock of the end user's project. */
export function companyFileApp(deps: Pick<ServiceDeps, 'host' | 'clocks'>, endUser: Pick<EndUserRow, 'project_id'>, companyFileId: string, template?: Buffer): DesktopApplication {
  return deps.host.application(companyFileId, deps.clocks.forProject(endUser.project_id), template);
}

/**
 * What finishing the connect flow does: the end user gets an integration connection to a company
 * file, here a new one seeded from `seed`. An end user that is already connected keeps its file.
 * A large seeding runs on a thread of its own (SEED_THREAD_MIN_OBJECTS); the answer waits for it.
 */
export async function connectCompanyFile(deps: ConnectDeps, endUser: EndUserRow, options: SeedOptions): Promise<ConnectResult> {
  const running = deps.seedings.get(endUser.id);
  if (running) return running;
  // Its history is dated up to the day before its clock's today: a file seeded tomorrow is another file.
  const seed = { ...options, today: options.today ?? deps.seedToday ?? todayOf(deps.clocks.forProject(endUser.project_id).now()) };
  // Seeded once per seed, today and code, then opened from the kept bytes (`demoCache.ts`).
  const key = demoCacheKey(seed);
  const kept = readDemo(key);
  const sized = Object.values(sizesAtScale(seed.sizes ?? {}, 1)).reduce((n, count) => n + count, 0);
  if (kept === undefined && sized >= (deps.seedThreadMinObjects ?? SEED_THREAD_MIN_OBJECTS) && !connectedFileOf(deps, endUser)) {
    return connectSeededInThread(deps, endUser, seed, key);
  }
  const fill = (file: CompanyFile): void => {
    seedCompanyFile(file, seed);
    keepSeeded(key, file);
  };
  try {
    return connectCompanyFileWith(deps, endUser, fill, kept);
  } catch (error) {
    // Kept bytes that do not open (a file damaged on disk) are seeded afresh.
    if (kept === undefined) throw error;
    return connectCompanyFileWith(deps, endUser, fill);
  }
}

/** Keeps a seeded file's bytes for the next seeding of the same options; not even copied when too large to keep (a copy costs its size in memory and a second). */
function keepSeeded(key: string, file: CompanyFile, bytes?: Buffer): void {
  if (worthKeeping(file.store.sizeBytes())) writeDemo(key, bytes ?? file.store.db.serialize());
}

/** The end user's connection to a company file, if it has one. */
function connectedFileOf(deps: Pick<ServiceDeps, 'state'>, endUser: EndUserRow): ConnectResult | undefined {
  const existing = deps.state.connections(endUser.id).find((c) => c.company_file_id !== null);
  return existing?.company_file_id ? { connectionId: existing.id, companyFileId: existing.company_file_id, created: false } : undefined;
}

/** A large seeding, on a thread of its own; its bytes kept as any seeding's are. */
async function connectSeededInThread(deps: ConnectDeps, endUser: EndUserRow, seed: SeedOptions, key: string): Promise<ConnectResult> {
  // Left behind without a connection (a fixture load stopped half way): filled where it is, as before.
  if (deps.host.exists(companyFileIdOf(endUser))) return connectCompanyFileWith(deps, endUser, (file) => seedCompanyFile(file, seed));
  const { onProgress: _progress, ...options } = seed;
  const { app, filled, connection } = await connectFilledInThread(deps, endUser, { seed: options });
  keepSeeded(key, app.file, filled.bytes);
  return connection;
}

/**
 * Whether the end user's company file may be filled on a thread: it has none yet, none is being
 * filled, and none was left behind without a connection (that one is filled where it is).
 */
export function fillsNewFile(deps: FillDeps, endUser: EndUserRow): boolean {
  return !connectedFileOf(deps, endUser) && !deps.seedings.has(endUser.id) && !deps.host.exists(companyFileIdOf(endUser));
}

/**
 * A new company file filled on a thread of its own (fillInThread), then opened here (from disk, or
 * from the bytes the thread sent for a sandbox in memory) and connected. Whoever asks for the end
 * user's file meanwhile waits for this one (`deps.seedings`). If the filling fails, whatever it
 * wrote is removed and the end user stays unconnected.
 */
export async function connectFilledInThread(deps: FillDeps, endUser: EndUserRow, filling: Filling): Promise<{ app: DesktopApplication; filled: Filled; connection: ConnectResult }> {
  const companyFileId = companyFileIdOf(endUser);
  const filePath = deps.host.pathOf(companyFileId);
  const work = (async () => {
    let filled: Filled;
    try {
      filled = await fillInThread({ path: filePath === ':memory:' ? undefined : filePath, filling, nowMs: deps.clocks.forProject(endUser.project_id).now() }, deps.closing);
    } catch (error) {
      deps.host.discard(companyFileId);
      if (filePath !== ':memory:') fs.rmSync(seedingAside(filePath), { force: true });
      throw error;
    }
    const app = openNew(deps, endUser, companyFileId, filled.bytes);
    return { app, filled, connection: attach(deps, endUser, companyFileId) };
  })();
  const connecting = work.then(({ connection }) => connection);
  // Whoever waits on it hears its failure; this request hears it from `work`.
  connecting.catch(() => undefined);
  deps.seedings.set(endUser.id, connecting);
  try {
    return await work;
  } finally {
    deps.seedings.delete(endUser.id);
  }
}

function companyFileIdOf(endUser: EndUserRow): string {
  return `company_${endUser.id}`;
}

/** Opens the end user's new company file (from `template` when given); one that does not open is removed again. */
function openNew(deps: FillDeps, endUser: EndUserRow, companyFileId: string, template?: Buffer): DesktopApplication {
  try {
    return companyFileApp(deps, endUser, companyFileId, template);
  } catch (error) {
    deps.host.discard(companyFileId);
    throw error;
  }
}

/** Connects the end user to its company file: its connection made if it has none, the file attached. */
function attach(deps: FillDeps, endUser: EndUserRow, companyFileId: string): ConnectResult {
  const connection = deps.state.connections(endUser.id)[0];
  const connectionId = connection?.id ?? newConnectionId();
  if (!connection) {
    deps.state.addConnection({ id: connectionId, end_user_id: endUser.id, created_at: deps.clocks.forProject(endUser.project_id).now(), company_file_id: null, last_request_at: null, last_success_at: null });
  }
  deps.state.attachCompanyFile(connectionId, companyFileId);
  return { connectionId, companyFileId, created: true };
}

/**
 * The same with the new company file filled by `fill` (seeding, a fixture). If filling throws, the
 * new company file is removed again and the end user stays unconnected. Refused while a thread
 * fills the end user's company file.
 */
export function connectCompanyFileWith(deps: ConnectDeps, endUser: EndUserRow, fill: (file: CompanyFile) => void, template?: Buffer): ConnectResult {
  const existing = connectedFileOf(deps, endUser);
  if (existing) return existing;
  if (deps.seedings.has(endUser.id)) {
    throw ServiceError.of('INVALID_REQUEST', `Invalid request: a company file is being seeded or loaded for end user "${endUser.id}"; it is connected once that request answers.`);
  }
  const companyFileId = companyFileIdOf(endUser);
  const app = openNew(deps, endUser, companyFileId, template);
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
  return attach(deps, endUser, companyFileId);
}
