import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SimClock } from './desktop/clock.ts';
import { DesktopHost } from './desktop/DesktopHost.ts';
import { loadServiceSpec } from './spec/serviceSpec.ts';
import { buildTypeRegistry } from './desktop/engine/checkTypeTable.ts';
import { TYPE_TABLE } from './desktop/table/typeTable.ts';
import { companyFileApp, connectCompanyFile } from './service/connectCompanyFile.ts';
import type { JsonObject } from './desktop/values/json.ts';
import type { DesktopMachine } from './desktop/machine/DesktopMachine.ts';
import { RequestInputError } from './desktop/values/RequestInputError.ts';
import { checkResponsesByDefault, ResponseChecker } from './service/checkResponses.ts';
import { createServiceApp, expressMessageClasses, httpsRequiredHandler } from './service/createServiceApp.ts';
import { sendBareError } from './service/jsonAnswers.ts';
import { answerHttpLayerRefusals, SERVER_OPTIONS } from './service/httpRefusals.ts';
import { createLogger, type Logger, type LogLevel } from './service/logger.ts';
import { isDay, type SeedSizes } from './fixtures/seedCompanyFile.ts';
import { isSeedingAside } from './fixtures/fillMessages.ts';
import { ProjectClocks } from './service/ProjectClocks.ts';
import { RequestLog } from './service/RequestLog.ts';
import { hashPassword } from './service/dashboard/passwords.ts';
import { newEndUserId, randomToken } from './service/serviceIds.ts';
import { sandboxKeys } from './sandboxKeys.ts';
import { ServiceState } from './service/ServiceState.ts';
import { createTlsMaterial, loadOrCreateTls, type TlsFiles } from './service/tlsCertificates.ts';
import type { ServiceDeps } from './service/types.ts';

export interface SandboxOptions {
  host?: string;
  port?: number;
  httpPort?: number;
  /** Where company files, Service records and certificates live; ignored with `memory`. */
  dataDir?: string;
  memory?: boolean;
  seed?: number;
  /** Objects of each sized type in the demo company file, by resource; left out: the demo counts. */
  sizes?: SeedSizes;
  /**
   * The today (YYYY-MM-DD) the company files it seeds are dated by: their history is the two years
   * up to the day before. Left out: the day the project's clock reads, so a file seeded tomorrow is
   * another file; given, the same seed gives the same file on any day.
   */
  today?: string;
  /**
   * Seedings of at least this many sized objects (customers, invoices and the rest together) run on
   * a thread of their own, so that the sandbox answers everyone else meanwhile; default 20,000.
   */
  seedThreadMinObjects?: number;
  /**
   * Fixtures of at least this many bytes, loaded for an end user without a company file, load on a
   * thread of their own (a new file filled there) for the same reason; default 16 MiB.
   */
  fixtureThreadMinBytes?: number;
  certPath?: string;
  keyPath?: string;
  /** What clients should trust when `certPath` is not self-signed (its CA); defaults to `certPath`. */
  caCertPath?: string;
  /** Use this secret key (stored hashed) instead of the kept one or a new one. */
  secretKey?: string;
  /** The demo account's dashboard password; each start sets a new random one unless given. */
  demoPassword?: string;
  logLevel?: LogLevel;
  logger?: Logger;
  clock?: SimClock;
  /**
   * The demo end user's machine from the start: settings as POST /_sandbox/end-users/{id}/desktop
   * takes them, and faults as /faults takes them. Given, they replace what the company file kept.
   */
  machine?: { settings: JsonObject; faults: JsonObject[] };
  /**
   * Check every answer of an operation against the spec before it is sent, answering a marked
   * sandbox bug instead of a body that breaks it. Default: on when LEDGER_SIM_CHECK_RESPONSES is set
   * (the test suite sets it).
   */
  checkResponses?: boolean;
}

export interface SandboxInfo {
  baseUrl: string;
  dashboardUrl: string;
  /** The demo account's sign-in for the dashboard. */
  demoEmail: string;
  demoPassword: string;
  httpUrl: string;
  secretKey: string;
  publishableKey: string;
  endUserIds: string[];
  caCertPath: string;
}

export interface Sandbox extends SandboxInfo {
  caCert: string;
  deps: ServiceDeps;
  close(): Promise<void>;
}

export const DEMO_SEED = 1;
/** The project every sandbox (and `fixtures load --data-dir`) works in. */
export const TESTING_PROJECT = { id: 'proj_testing', name: 'testing', organization: 'Sandbox organization' };
const DEMO_SOURCE_ID = 'ledger-sim-demo';

async function tlsFor(options: SandboxOptions, dataDir: string | undefined): Promise<TlsFiles & { tempDir?: string }> {
  const given = options.certPath && options.keyPath ? { certPath: options.certPath, keyPath: options.keyPath, caCertPath: options.caCertPath } : undefined;
  if (dataDir || given) return loadOrCreateTls(path.join(dataDir ?? os.tmpdir(), 'tls'), given);
  // In memory nothing is kept, but clients still need a file to trust: only the public CA goes out,
  // into a folder removed again at close.
  const material = await createTlsMaterial();
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-'));
  const caCertPath = path.join(tempDir, 'ca-cert.pem');
  fs.writeFileSync(caCertPath, material.caCert);
  return { material, caCertPath, tempDir };
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

export const DEMO_EMAIL = 'demo@ledger-sim.test';

/** The demo account, member of the organization that holds the "testing" project, with this start's password. */
function setUpDemoAccount(state: ServiceState, projectId: string, passwordHash: string, now: number): void {
  const org = state.dashboard.addOrganization('org_sandbox', TESTING_PROJECT.organization, now);
  state.dashboard.placeProject(projectId, org.id);
  const account = state.dashboard.accountByEmail(DEMO_EMAIL) ?? state.dashboard.addAccount(DEMO_EMAIL, passwordHash, now);
  state.dashboard.setPassword(account.id, passwordHash);
  state.dashboard.addMember(account.id, org.id);
}

function setUpMachine(machine: DesktopMachine, setup: NonNullable<SandboxOptions['machine']>): void {
  try {
    machine.reset();
    machine.configure(setup.settings);
    for (const fault of setup.faults) machine.addFault(fault);
  } catch (error) {
    if (error instanceof RequestInputError) throw new Error(`the machine cannot be set so: "${error.field}" ${error.message}`, { cause: error });
    throw error;
  }
}

/** Starts a complete sandbox: spec, Service, fake desktop application, demo project and end user. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  // Refused before anything is made: a bad day would otherwise first show when a file is seeded.
  if (options.today !== undefined && !isDay(options.today)) throw new Error(`today must be a date YYYY-MM-DD, got "${options.today}"`);
  const dataDir = options.memory ? undefined : path.resolve(options.dataDir ?? '.ledger-sim');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const logger = options.logger ?? createLogger(options.logLevel ?? 'info');
  const clock = options.clock ?? new SimClock();
  // Keys are made on the thread pool while the main thread loads the spec and seeds the demo file.
  const tlsReady = tlsFor(options, dataDir);
  const demoPassword = options.demoPassword ?? randomToken(16);
  // Awaited after the seeding; a failure there must not also leave this rejection unobserved.
  tlsReady.catch(() => undefined);
  const { operations, validators } = await loadServiceSpec();
  const types = buildTypeRegistry(TYPE_TABLE, operations);
  const state = new ServiceState(dataDir ? path.join(dataDir, 'service.sqlite') : ':memory:');
  const host = new DesktopHost({ dataDir, clock, types });
  for (const name of host.dropLeftovers(isSeedingAside)) logger.warn('removed a company file a seeding left half written', { file: name });
  const hostName = options.host ?? '127.0.0.1';
  let origin = '';
  const clocks = new ProjectClocks(clock, state);
  const deps: ServiceDeps = { operations, validators, state, host, clock, clocks, logger, requestLog: new RequestLog(state.keptRequests), publicOrigin: () => origin, seedings: new Map() };
  if (options.checkResponses ?? checkResponsesByDefault()) deps.responseChecker = new ResponseChecker(validators, logger);

  state.ensureProject(TESTING_PROJECT);
  const testingClock = clocks.forProject(TESTING_PROJECT.id);
  const { secretKey, publishableKey } = sandboxKeys(state, TESTING_PROJECT.id, dataDir, options.secretKey, testingClock.now());
  let endUser = state.endUserBySource(TESTING_PROJECT.id, DEMO_SOURCE_ID);
  if (!endUser) {
    endUser = { id: newEndUserId(), project_id: TESTING_PROJECT.id, company_name: 'Demo company', source_id: DEMO_SOURCE_ID, email: 'owner@demo-company.test', created_at: testingClock.now() };
    state.addEndUser(endUser);
  }
  deps.demoSeed = { seed: options.seed ?? DEMO_SEED, sizes: options.sizes ?? {}, ...(options.today === undefined ? {} : { today: options.today }) };
  deps.seedToday = options.today;
  deps.seedThreadMinObjects = options.seedThreadMinObjects;
  deps.fixtureThreadMinBytes = options.fixtureThreadMinBytes;
  const closing = new AbortController();
  deps.closing = closing.signal;
  const demo = await connectCompanyFile(deps, endUser, deps.demoSeed);
  if (options.machine) setUpMachine(companyFileApp(deps, endUser, demo.companyFileId).machine, options.machine);

  const tls = await tlsReady;
  const app = createServiceApp(deps);
  const httpsServer = https.createServer({ key: tls.material.key, cert: tls.material.cert, ...SERVER_OPTIONS, ...expressMessageClasses(app) }, app);
  const httpServer = http.createServer(SERVER_OPTIONS, httpsRequiredHandler(deps));
  for (const server of [httpsServer, httpServer]) answerHttpLayerRefusals(server, (res, error, requestId) => sendBareError(deps, res, error, requestId));
  const port = await listen(httpsServer, options.port ?? 0, hostName);
  const httpPort = await listen(httpServer, options.httpPort ?? 0, hostName);
  const urlHost = hostName === '127.0.0.1' || hostName === '0.0.0.0' || hostName === '::' ? 'localhost' : hostName;
  origin = `https://${urlHost}:${port}`;
  // The demo password's scrypt hash is made once requests are accepted, off the start's path;
  // signing in waits for it.
  deps.accountsReady = hashPassword(demoPassword).then((hash) => setUpDemoAccount(state, TESTING_PROJECT.id, hash, testingClock.now()));
  deps.accountsReady.catch((error: unknown) => logger.error('the demo account could not be set up', { error: error instanceof Error ? error.message : String(error) }));
  const timers = [
    setInterval(() => host.sweepIterators(), 2000),
    setInterval(() => state.flush(), 5000),
    setInterval(() => deps.requestLog.flushWhenQuiet(1000), 1000),
  ];
  for (const t of timers) t.unref();

  return {
    baseUrl: `${origin}/v1`,
    dashboardUrl: `${origin}/dashboard`,
    demoEmail: DEMO_EMAIL,
    demoPassword,
    httpUrl: `http://${urlHost}:${httpPort}/v1`,
    secretKey,
    publishableKey,
    endUserIds: [endUser.id],
    caCertPath: tls.caCertPath,
    caCert: tls.material.caCert,
    deps,
    async close() {
      closing.abort();
      for (const t of timers) clearInterval(t);
      httpsServer.closeAllConnections();
      httpServer.closeAllConnections();
      await Promise.all([new Promise((r) => httpsServer.close(r)), new Promise((r) => httpServer.close(r))]);
      await deps.accountsReady?.catch(() => undefined);
      deps.requestLog.flush();
      state.close();
      host.closeAll();
      if (tls.tempDir) fs.rmSync(tls.tempDir, { recursive: true, force: true });
    },
  };
}
