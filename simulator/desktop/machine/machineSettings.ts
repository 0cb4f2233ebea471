import { DESKTOP_STATUS } from '../values/DesktopError.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { RequestInputError } from '../values/RequestInputError.ts';
import { CALL_KINDS, CONNECTION_STATE_NAMES, CONNECTION_STATES, LATENCY_PROFILES, type CallKind, type ConnectionState } from './machineStates.ts';

export interface Latency {
  profile: 'instant' | 'realistic' | 'custom';
  ms: Record<CallKind, number>;
  /** Each latency varies by up to this share either way, drawn from the machine's seeded stream. */
  jitter: number;
}

/** How the end user's machine behaves, as a test sets it; kept with the end user. */
export interface MachineSettings {
  connection: ConnectionState;
  /** Sandbox time the application takes to start (state `closed`: the next request starts it; `starting`). */
  startupSeconds: number;
  latency: Latency;
  /** Whether a write the Service gave up on (504) is still carried out when the desktop gets to it. */
  writesCompleteAfterTimeout: boolean;
  /** Two writes to one record within this many seconds: the second fails with 3175 (0: never). */
  inUseSeconds: number;
  /** Seeds jitter and `share` draws: the same requests meet the same delays and faults. */
  seed: number;
}

export const FAULT_KINDS = ['status', 'timeout', 'slow', 'lost_answer', ...CONNECTION_STATE_NAMES.filter((s) => CONNECTION_STATES[s] !== undefined)] as const;
export type FaultKind = 'status' | 'timeout' | 'slow' | 'lost_answer' | Exclude<ConnectionState, 'connected' | 'closed'>;

/** A fault switched on for some requests: the next `count`, a seeded `share`, a window of sandbox time, some operations. */
export interface Fault {
  id: string;
  fault: FaultKind;
  /** `status`: the desktop status code reported. */
  status?: number;
  /** `slow`: the seconds added. */
  seconds?: number;
  /** Requests still to meet it; absent: no limit. */
  remaining?: number;
  share?: number;
  /** Sandbox time (ms) from which and until which it applies. */
  from?: number;
  until?: number;
  /** operationId pattern, `*` for any run of characters: `invoices.*`, `*.create`. */
  operations?: string;
}

export function defaultSettings(): MachineSettings {
  return {
    connection: 'connected',
    startupSeconds: 30,
    latency: latencyOf('instant'),
    writesCompleteAfterTimeout: true,
    inUseSeconds: 0,
    seed: 1,
  };
}

const MAX_SECONDS = 86_400;
const SETTING_KEYS = ['connection', 'startupSeconds', 'latency', 'writesCompleteAfterTimeout', 'inUseSeconds', 'seed'];

function number(value: JsonValue | undefined, field: string, max: number, integer = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max || (integer && !Number.isInteger(value))) {
    throw new RequestInputError(field, `must be a${integer ? ' whole' : ''} number from 0 to ${max}`);
  }
  return value;
}

function oneOf<T extends string>(value: JsonValue | undefined, field: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw new RequestInputError(field, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

function onlyKeys(body: JsonObject, allowed: readonly string[], prefix = ''): void {
  const unknown = Object.keys(body).find((k) => !allowed.includes(k));
  if (unknown !== undefined) throw new RequestInputError(`${prefix}${unknown}`, `is not a known field; known: ${allowed.join(', ')}`);
}

function latencyOf(value: JsonValue | undefined): Latency {
  if (value === 'instant' || value === 'realistic') {
    const { jitter, ...ms } = LATENCY_PROFILES[value];
    return { profile: value, ms, jitter };
  }
  if (!isJsonObject(value)) throw new RequestInputError('latency', 'must be "instant", "realistic" or an object of milliseconds by kind (list, retrieve, create, update, health) and a jitter share');
  onlyKeys(value, [...CALL_KINDS, 'jitter'], 'latency.');
  const { jitter: _none, ...ms }: Record<CallKind | 'jitter', number> = { ...LATENCY_PROFILES.instant };
  for (const kind of CALL_KINDS) if (value[kind] !== undefined) ms[kind] = number(value[kind], `latency.${kind}`, MAX_SECONDS * 1000, true);
  const jitter = value['jitter'] === undefined ? 0 : number(value['jitter'], 'latency.jitter', 1);
  return { profile: 'custom', ms, jitter };
}

/** The settings with a control request's changes applied; every field is checked before any is taken. */
export function applySettings(current: MachineSettings, body: JsonObject): MachineSettings {
  onlyKeys(body, SETTING_KEYS);
  const next = structuredClone(current);
  if (body['connection'] !== undefined) next.connection = oneOf(body['connection'], 'connection', CONNECTION_STATE_NAMES);
  if (body['startupSeconds'] !== undefined) next.startupSeconds = number(body['startupSeconds'], 'startupSeconds', MAX_SECONDS);
  if (body['latency'] !== undefined) next.latency = latencyOf(body['latency']);
  if (body['writesCompleteAfterTimeout'] !== undefined) {
    if (typeof body['writesCompleteAfterTimeout'] !== 'boolean') throw new RequestInputError('writesCompleteAfterTimeout', 'must be true or false');
    next.writesCompleteAfterTimeout = body['writesCompleteAfterTimeout'];
  }
  if (body['inUseSeconds'] !== undefined) next.inUseSeconds = number(body['inUseSeconds'], 'inUseSeconds', MAX_SECONDS);
  if (body['seed'] !== undefined) next.seed = number(body['seed'], 'seed', 2 ** 31, true);
  return next;
}

const FAULT_KEYS = ['fault', 'status', 'seconds', 'count', 'share', 'afterSeconds', 'forSeconds', 'operations'];
const STATUSES = Object.values(DESKTOP_STATUS) as number[];
const PATTERN = /^[A-Za-z0-9_.*-]{1,100}$/;

/** A fault from a control request, its window placed on the clock's `now`. */
export function parseFault(body: JsonObject, id: string, now: number): Fault {
  onlyKeys(body, FAULT_KEYS);
  const fault = oneOf(body['fault'], 'fault', FAULT_KINDS as readonly FaultKind[]);
  const parsed: Fault = { id, fault };
  if (fault === 'status') {
    const status = body['status'];
    if (typeof status !== 'number' || !STATUSES.includes(status)) throw new RequestInputError('status', `must be a desktop status code: ${STATUSES.join(', ')}`);
    parsed.status = status;
  } else if (body['status'] !== undefined) throw new RequestInputError('status', 'is only for the fault "status"');
  if (fault === 'slow') parsed.seconds = number(body['seconds'], 'seconds', MAX_SECONDS);
  else if (body['seconds'] !== undefined) throw new RequestInputError('seconds', 'is only for the fault "slow"');
  if (body['count'] !== undefined) {
    parsed.remaining = number(body['count'], 'count', 1_000_000, true);
    if (parsed.remaining === 0) throw new RequestInputError('count', 'must be at least 1 (leave it out for every request)');
  }
  if (body['share'] !== undefined) parsed.share = number(body['share'], 'share', 1);
  const after = body['afterSeconds'] === undefined ? 0 : number(body['afterSeconds'], 'afterSeconds', MAX_SECONDS * 365);
  if (after > 0) parsed.from = now + after * 1000;
  if (body['forSeconds'] !== undefined) parsed.until = now + (after + number(body['forSeconds'], 'forSeconds', MAX_SECONDS * 365)) * 1000;
  if (body['operations'] !== undefined) {
    const pattern = body['operations'];
    if (typeof pattern !== 'string' || !PATTERN.test(pattern)) throw new RequestInputError('operations', 'must be an operationId pattern such as "invoices.*" (letters, digits, ".", "_", "-", "*")');
    parsed.operations = pattern;
  }
  return parsed;
}

/** Whether an operationId matches a fault's pattern (`*`: any run of characters). */
export function matchesOperation(pattern: string | undefined, operationId: string): boolean {
  if (pattern === undefined) return true;
  const source = pattern.split('*').map((part) => part.replace(/[.\\^$+?()[\]{}|-]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`).test(operationId);
}
