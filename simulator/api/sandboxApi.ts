/**
 * The public shapes of the test API. They are written out here, apart from the simulator's own
 * types, so the package's declarations stay a few small files a user can read.
 */

/** A JSON value as the sandbox sends and takes it. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonFields = { [key: string]: Json };

/** A project's clock: the cursors' 10-second life, desktop timestamps and auth sessions run on it. */
export interface SandboxClock {
  objectType: 'sandbox_clock';
  projectId: string;
  /** Milliseconds since the epoch, sandbox time. */
  now: number;
  nowIso: string;
  /** How far the project's clock is ahead of real time. */
  advancedMs: number;
}

/** Settings of an end user's machine, as `POST /_sandbox/end-users/{id}/desktop` takes them. */
export interface DesktopSettings {
  connection?: 'connected' | 'closed' | 'starting' | 'not_set_up' | 'not_polling' | 'modal_dialog' | (string & {});
  startupSeconds?: number;
  latency?: 'instant' | 'realistic' | { list?: number; retrieve?: number; create?: number; update?: number; health?: number; jitter?: number };
  writesCompleteAfterTimeout?: boolean;
  inUseSeconds?: number;
  seed?: number;
}

/** The machine as the sandbox shows it. */
export interface DesktopState extends JsonFields {
  objectType: 'sandbox_desktop';
  endUserId: string;
  connection: string;
  application: 'open' | 'starting' | 'closed';
  faults: JsonFields[];
  queuedRequests: number;
}

/** A fault, as `POST /_sandbox/end-users/{id}/faults` takes it. */
export interface FaultSpec {
  fault: 'status' | 'timeout' | 'slow' | 'lost_answer' | (string & {});
  /** With `status`: the desktop's status code the requests fail with (e.g. 3175). */
  status?: number;
  /** With `slow`: seconds added to each request. */
  seconds?: number;
  /** The next N requests only. */
  count?: number;
  /** A seeded share of requests, 0..1. */
  share?: number;
  afterSeconds?: number;
  forSeconds?: number;
  /** Which operations, e.g. `invoices.*` or `customers.list`. */
  operations?: string;
}

export interface Fault extends JsonFields {
  objectType: 'sandbox_fault';
  id: string;
  endUserId: string;
}

export interface FixtureLoad extends JsonFields {
  objectType: 'sandbox_fixture_load';
  endUserId: string;
  companyFileId: string;
  objects: number;
}

export interface EndUser {
  id: string;
  companyName: string;
  sourceId: string;
  email: string;
}

/**
 * The company file of a new end user: the sandbox's demo file (the default: opened from its kept
 * bytes in milliseconds), one seeded with other options, or a fixture (parsed JSON).
 */
export type NewEndUser = { companyName?: string; sourceId?: string; email?: string } & ({ fixture: JsonFields } | { seed?: number; sizes?: Record<string, number> } | { demo?: true });

/** Which end user a control acts on: left out, the sandbox's default end user. */
export interface EndUserChoice {
  endUserId?: string;
}

/** The sandbox controls, the same in-process, in a child process, and for a sandbox elsewhere. */
export interface SandboxControls {
  clock: {
    now(): Promise<SandboxClock>;
    /** Moves the project's clock forward; cursors it ends are gone at once. */
    advance(by: { seconds?: number; milliseconds?: number } | number): Promise<SandboxClock>;
    /** Back to real time (as far as the project's clock was advanced). */
    reset(): Promise<SandboxClock>;
  };
  desktop: {
    show(choice?: EndUserChoice): Promise<DesktopState>;
    set(settings: DesktopSettings, choice?: EndUserChoice): Promise<DesktopState>;
    /** Connected, instant, no faults. */
    reset(choice?: EndUserChoice): Promise<DesktopState>;
  };
  faults: {
    add(fault: FaultSpec, choice?: EndUserChoice): Promise<Fault>;
    /** One fault off by its id, or all of them. */
    clear(faultId?: string, choice?: EndUserChoice): Promise<DesktopState>;
  };
  fixtures: {
    load(fixture: JsonFields, choice?: EndUserChoice): Promise<FixtureLoad>;
    export(choice?: EndUserChoice): Promise<JsonFields>;
  };
  endUsers: {
    /** A new end user of the project with a company file of its own. */
    create(options?: NewEndUser): Promise<EndUser>;
    delete(endUserId: string): Promise<void>;
  };
}

/** How to reach a sandbox: what a test passes to its HTTP client. */
export interface SandboxConnection {
  /** The Service's base URL, e.g. https://localhost:4443/v1. */
  baseUrl: string;
  /** The project's secret key: `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** The end user the controls act on when none is named: `Service-End-User-Id`. */
  endUserId: string;
  /** The CA certificate the sandbox's HTTPS certificate is signed by (PEM). */
  ca: string;
  /** A `fetch` that trusts `ca`: use it exactly as the global one. */
  fetch: typeof fetch;
}

/** What `connectSandbox` gives: the controls of a sandbox elsewhere, and a fetch that trusts its CA. */
export interface SandboxClient extends SandboxControls {
  fetch: typeof fetch;
}

export interface SandboxHandle extends SandboxConnection, SandboxControls {
  publishableKey: string;
  /** Where the CA certificate is, for tools that take a file (`curl --cacert`, NODE_EXTRA_CA_CERTS). */
  caCertPath: string;
  /** Stops the sandbox (in-process or its child process). */
  close(): Promise<void>;
}

export interface StartSandboxOptions {
  /** `in-process` (default): in this process, fastest. `child-process`: `ledger-sim serve` in its own process. */
  mode?: 'in-process' | 'child-process';
  /** Company files and records on disk here; left out, everything is in memory and gone at close. */
  dataDir?: string;
  /** The demo company file's seed and sizes (as `ledger-sim serve --seed/--size`). */
  seed?: number;
  sizes?: Record<string, number>;
  /**
   * The today (YYYY-MM-DD) seeded company files are dated by, as `ledger-sim serve --today`: their
   * history is the two years up to the day before. Left out: the sandbox clock's today, so the
   * demo's dates (and the ids made from them) move with the day; given, they do not.
   */
  today?: string;
  /** Accept this secret key (sk_...) instead of issuing one. */
  secretKey?: string;
  /** `silent` unless given: a test's output is the test's. */
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * Check every answer against the spec before it is sent (as `ledger-sim serve --check-responses`):
   * one that breaks it comes back as a 500 `SIMULATOR_BUG` naming the field. Left out: on when
   * LEDGER_SIM_CHECK_RESPONSES is set.
   */
  checkResponses?: boolean;
}

export interface ConnectSandboxOptions {
  baseUrl: string;
  apiKey: string;
  /** The sandbox's CA certificate (PEM); left out, the system's CAs only. */
  ca?: string;
  /** The end user controls act on when none is named. */
  endUserId?: string;
}
