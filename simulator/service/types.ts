import type { SimClock } from '../desktop/clock.ts';
import type { DesktopApplication } from '../desktop/DesktopApplication.ts';
import type { DesktopHost } from '../desktop/DesktopHost.ts';
import type { JsonObject, JsonValue } from '../desktop/values/json.ts';
import type { SeedOptions } from '../fixtures/seedCompanyFile.ts';
import type { OperationValidators } from '../spec/compileValidators.ts';
import type { OperationSpec } from '../spec/types.ts';
import type { ResponseChecker } from './checkResponses.ts';
import type { Logger } from './logger.ts';
import type { ProjectClocks } from './ProjectClocks.ts';
import type { RequestLog } from './RequestLog.ts';
import type { ConnectionRow, EndUserRow, Project, ServiceState } from './ServiceState.ts';
import type { ResponseBody } from './responseBody.ts';

export type { ResponseBody } from './responseBody.ts';

/** Everything the Service is built from; one instance per running sandbox. */
export interface ServiceDeps {
  operations: ReadonlyMap<string, OperationSpec>;
  validators: ReadonlyMap<string, OperationValidators>;
  state: ServiceState;
  host: DesktopHost;
  /** The sandbox's clock; what belongs to a project reads that project's clock in `clocks`. */
  clock: SimClock;
  clocks: ProjectClocks;
  logger: Logger;
  /** The last requests of each project, for the dashboard. */
  requestLog: RequestLog;
  /** Settled once the dashboard's accounts are set up (the demo password is hashed after the start). */
  accountsReady?: Promise<void>;
  /** Origin of the HTTPS listener, for links such as an auth session's flow URL. */
  publicOrigin: () => string;
  /** Set with `--check-responses`: every answer of an operation is checked against the spec before it is sent. */
  responseChecker?: ResponseChecker;
  /** The seed options of the sandbox's demo company file: a new end user asking for the demo gets its kept bytes. */
  demoSeed?: SeedOptions;
  /** The today every company file the sandbox seeds is dated by (`--today`); left out, the project clock's. */
  seedToday?: string;
  /** Seedings of at least this many sized objects run on a thread of their own (`SEED_THREAD_MIN_OBJECTS` unless set). */
  seedThreadMinObjects?: number;
  /** Fixtures of at least this many bytes, loaded into a new company file, load on a thread of their own (`FIXTURE_THREAD_MIN_BYTES` unless set). */
  fixtureThreadMinBytes?: number;
  /** Aborted when the sandbox closes: a seeding or fixture load still running on its thread stops, and what it wrote goes. */
  closing?: AbortSignal;
  /** End users whose company file a thread is filling (seeding, loading a fixture), by id: whoever asks again waits for the same one. */
  seedings: Map<string, Promise<ConnectResult>>;
}

export interface ConnectResult {
  connectionId: string;
  companyFileId: string;
  created: boolean;
}

export interface DataTarget {
  endUser: EndUserRow;
  connection: ConnectionRow;
  desktop: DesktopApplication;
}

export interface ServiceRequest {
  requestId: string;
  op: OperationSpec;
  project: Project;
  pathParams: Record<string, string>;
  /** Validated query, defaults filled in. */
  query: Record<string, JsonValue>;
  /** The query as sent (typed), before defaults: what a resent cursor is compared with. */
  sentQuery: Record<string, JsonValue>;
  body: JsonObject;
  /** Set for `/ledger-desktop/*` operations. */
  target: DataTarget | undefined;
  url: string;
  /** `Service-Timeout-Seconds` as sent: how long to wait for the desktop application. */
  timeoutSeconds: number | undefined;
}

/** A handler answers with the JSON of a 200 body, or throws a ServiceError. */
export type Handler = (req: ServiceRequest, deps: ServiceDeps) => Promise<ResponseBody>;

/** What a request turned out to be about, filled in as it is handled, for the request log. */
export interface RequestNote {
  projectId?: string;
  endUserId?: string;
  operationId?: string;
  requestBody?: Buffer;
}
