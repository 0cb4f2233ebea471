import type { Clock } from '../clock.ts';
import { DESKTOP_STATUS, DesktopError, type DesktopStatus } from '../values/DesktopError.ts';
import type { JsonObject } from '../values/json.ts';
import { applySettings, defaultSettings, matchesOperation, parseFault, type Fault, type MachineSettings } from './machineSettings.ts';
import { COLD_AFTER_MS, COLD_HEALTH_MS, CONNECTION_STATES, FAULT_STATUS_MESSAGES, LOST_ANSWER, type CallKind, type ConnectionState, type RefusingState } from './machineStates.ts';

/** One request as the desktop side receives it. */
export interface DesktopCall {
  kind: CallKind;
  /** The Service operation; empty for work that is not a Service request (fixture loads). */
  operationId: string;
  /** How long the Service waits for the answer; a `timeout` fault answers a second after it. */
  timeoutMs?: number;
  /** `type:id` of the record an update writes: two close together can collide (3175). */
  record?: string;
  /** Aborted by the Service when it stopped waiting (it answered 504). */
  signal?: AbortSignal;
}

/** The machine refused the request in one of its connection states; `retryAfterSeconds` when waiting helps. */
export class MachineRefusal extends Error {
  constructor(
    readonly state: ConnectionState,
    readonly refusal: RefusingState,
    readonly retryAfterSeconds?: number,
  ) {
    super(refusal.message);
  }
}

/** A request the Service gave up on, dropped by the desktop (writes do not complete after a time-out). */
export class AbandonedCall extends Error {}

/** What the machine will do with an admitted request: wait this long in its turn, then fail or work. */
export interface Admission {
  waitMs: number;
  error?: Error;
  /** Thrown once the work is done (`lost_answer`): the write happened, its answer did not arrive. */
  lostAnswer?: MachineRefusal;
}

const WRITES: ReadonlySet<CallKind> = new Set(['create', 'update']);

/** A fault as controls show it and the company file keeps it: its window as ISO times. */
function presented(fault: Fault): JsonObject {
  return {
    ...fault,
    ...(fault.from === undefined ? {} : { from: new Date(fault.from).toISOString() }),
    ...(fault.until === undefined ? {} : { until: new Date(fault.until).toISOString() }),
  } as JsonObject;
}

/** A draw in [0, 1) from (seed, n): the same settings give the same delays and faults, request after request. */
function draw(seed: number, n: number): number {
  let x = (seed ^ Math.imul(n + 1, 0x9e3779b9)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32;
}

/**
 * The end user's machine around the desktop application: the connector, the application's state,
 * how long it takes, and the faults a test switched on. Requests are admitted in arrival order
 * (faults with a count or a share are decided then), then wait their turn in the file's queue.
 */
export class DesktopMachine {
  private settings: MachineSettings = defaultSettings();
  private faults: Fault[] = [];
  private nextFault = 1;
  /** When the connection state was last set: `starting` counts its start-up from it. */
  private stateSince = 0;
  /** The application started by a request while `closed` is ready at this time. */
  private readyAt = 0;
  private draws = 0;
  private lastCallAt: number | undefined;
  private readonly lastWrites = new Map<string, number>();

  /** `kept` holds the machine's state between runs (the company file's meta): read now, written on every change. */
  constructor(
    private readonly clock: Clock,
    private readonly kept: { load(): string | undefined; save(state: string): void },
  ) {
    const saved = kept.load();
    if (saved !== undefined) this.restore(JSON.parse(saved) as JsonObject);
  }

  /** Reads the kept state again (a fixture load replaced it). */
  reload(): void {
    const saved = this.kept.load();
    if (saved === undefined) this.reset();
    else this.restore(JSON.parse(saved) as JsonObject);
  }

  /** True when nothing is switched on: requests go straight to the queue. */
  get idle(): boolean {
    return this.settings.connection === 'connected' && this.faults.length === 0 && this.settings.latency.profile === 'instant' && this.settings.inUseSeconds === 0;
  }

  get writesCompleteAfterTimeout(): boolean {
    return this.settings.writesCompleteAfterTimeout;
  }

  configure(body: JsonObject): void {
    const next = applySettings(this.settings, body);
    if (next.connection !== this.settings.connection) this.stateSince = this.clock.now();
    if (next.seed !== this.settings.seed) this.draws = 0;
    this.settings = next;
    this.save();
  }

  /** Switches a fault on; answers it as a control shows it. */
  addFault(body: JsonObject): JsonObject {
    const fault = parseFault(body, `fault_${this.nextFault}`, this.clock.now());
    this.nextFault += 1;
    this.faults.push(fault);
    this.save();
    return presented(fault);
  }

  /** Removes one fault (by id) or all; false when the id names none. */
  clearFaults(id?: string): boolean {
    const before = this.faults.length;
    this.faults = id === undefined ? [] : this.faults.filter((f) => f.id !== id);
    this.save();
    return id === undefined || this.faults.length < before;
  }

  reset(): void {
    this.settings = defaultSettings();
    this.faults = [];
    this.draws = 0;
    this.stateSince = this.clock.now();
    this.readyAt = 0;
    this.lastWrites.clear();
    this.save();
  }

  /** Decides a request on arrival. Throws at once what the Service answers without the desktop (setup, connector). */
  admit(call: DesktopCall): Admission {
    const now = this.clock.now();
    const cold = this.lastCallAt === undefined || now - this.lastCallAt > COLD_AFTER_MS;
    const stateRefusal = this.stateRefusal(now);
    if (stateRefusal) return this.refuse(stateRefusal);
    let waitMs = 0;
    if (this.settings.connection === 'closed') {
      // This request starts the application; it and those queued behind it wait for the start.
      this.readyAt = now + this.settings.startupSeconds * 1000;
      this.setConnection('connected', now);
      waitMs += this.settings.startupSeconds * 1000;
    }
    const fault = this.faultFor(call, now);
    const refusing = fault && fault.fault !== 'status' && fault.fault !== 'timeout' && fault.fault !== 'slow' && fault.fault !== 'lost_answer' ? CONNECTION_STATES[fault.fault] : undefined;
    if (fault && refusing) return this.refuse(new MachineRefusal(fault.fault as ConnectionState, refusing));
    waitMs += this.latencyOf(call.kind, cold);
    if (fault?.fault === 'slow') waitMs += (fault.seconds ?? 0) * 1000;
    if (fault?.fault === 'timeout') waitMs = Math.max(waitMs, (call.timeoutMs ?? 90_000) + 1000);
    if (fault?.fault === 'status') {
      const status = (fault.status ?? DESKTOP_STATUS.IN_USE) as DesktopStatus;
      return { waitMs, error: new DesktopError(status, FAULT_STATUS_MESSAGES[status]) };
    }
    if (fault?.fault === 'lost_answer') return { waitMs, lostAnswer: new MachineRefusal('not_reachable', LOST_ANSWER) };
    return { waitMs };
  }

  /** Just before the work runs in its turn: a write to a record written moments ago is in use. */
  beforeWork(call: DesktopCall): void {
    this.lastCallAt = this.clock.now();
    if (call.signal?.aborted && (!WRITES.has(call.kind) || !this.settings.writesCompleteAfterTimeout)) throw new AbandonedCall('the Service stopped waiting for this request');
    if (this.settings.inUseSeconds === 0 || call.record === undefined) return;
    const last = this.lastWrites.get(call.record);
    if (last !== undefined && this.clock.now() - last < this.settings.inUseSeconds * 1000) {
      throw new DesktopError(DESKTOP_STATUS.IN_USE, FAULT_STATUS_MESSAGES[DESKTOP_STATUS.IN_USE]);
    }
  }

  afterWork(call: DesktopCall): void {
    if (this.settings.inUseSeconds > 0 && call.record !== undefined) this.lastWrites.set(call.record, this.clock.now());
  }

  /** The machine as a control shows it. */
  describe(): JsonObject {
    const now = this.clock.now();
    this.stateRefusal(now);
    const application = this.settings.connection === 'closed' ? 'closed' : this.settings.connection === 'starting' || this.readyAt > now ? 'starting' : 'open';
    return {
      ...(structuredClone(this.settings) as unknown as JsonObject),
      connectionSince: new Date(this.stateSince).toISOString(),
      application,
      readyAt: this.readyAt > now ? new Date(this.readyAt).toISOString() : null,
      faults: this.faults.map(presented),
    };
  }

  /** The machine as a fixture carries it: the control bodies that set it up again, times relative to now. */
  asControls(): JsonObject {
    const now = this.clock.now();
    const { latency, ...settings } = structuredClone(this.settings);
    const faults = this.faults.map((f) => {
      const after = f.from === undefined ? 0 : Math.max(0, (f.from - now) / 1000);
      return {
        fault: f.fault,
        ...(f.status === undefined ? {} : { status: f.status }),
        ...(f.seconds === undefined ? {} : { seconds: f.seconds }),
        ...(f.remaining === undefined ? {} : { count: f.remaining }),
        ...(f.share === undefined ? {} : { share: f.share }),
        ...(after > 0 ? { afterSeconds: after } : {}),
        ...(f.until === undefined ? {} : { forSeconds: Math.max(0, (f.until - now) / 1000 - after) }),
        ...(f.operations === undefined ? {} : { operations: f.operations }),
      };
    });
    return { ...settings, latency: latency.profile === 'custom' ? { ...latency.ms, jitter: latency.jitter } : latency.profile, faults } as JsonObject;
  }

  /** What is kept with the end user: settings and faults (with what is left of their counts). */
  state(): JsonObject {
    return { ...structuredClone(this.settings), stateSince: this.stateSince, nextFault: this.nextFault, faults: this.faults.map(presented) } as unknown as JsonObject;
  }

  /** Takes back what `state` gave (a restart, a fixture). */
  private restore(saved: JsonObject): void {
    const { stateSince, nextFault, faults, ...settings } = saved as unknown as MachineSettings & { stateSince: number; nextFault: number; faults: (Fault & { from?: string; until?: string })[] };
    this.settings = { ...defaultSettings(), ...settings };
    this.stateSince = stateSince ?? 0;
    this.nextFault = nextFault ?? 1;
    this.faults = (faults ?? []).map((f) => ({ ...f, from: f.from === undefined ? undefined : Date.parse(f.from), until: f.until === undefined ? undefined : Date.parse(f.until) }) as Fault);
  }

  private save(): void {
    this.kept.save(JSON.stringify(this.state()));
  }

  private setConnection(state: ConnectionState, now: number): void {
    this.settings.connection = state;
    this.stateSince = now;
    this.save();
  }

  /** The refusal of the current connection state; `starting` turns `connected` once its start-up is over. */
  private stateRefusal(now: number): MachineRefusal | undefined {
    const state = this.settings.connection;
    if (state === 'starting') {
      const ready = this.stateSince + this.settings.startupSeconds * 1000;
      if (now >= ready) {
        this.setConnection('connected', now);
        return undefined;
      }
      return new MachineRefusal(state, CONNECTION_STATES.starting, Math.ceil((ready - now) / 1000));
    }
    const refusal = CONNECTION_STATES[state];
    return refusal ? new MachineRefusal(state, refusal) : undefined;
  }

  private refuse(refusal: MachineRefusal): Admission {
    // The Service answers these itself, at once; the application's own refusals come back through the queue.
    if (refusal.refusal.side !== 'application') throw refusal;
    return { waitMs: 0, error: refusal };
  }

  /** The first fault that applies to this request, its count taken; none when the share's draw says so. */
  private faultFor(call: DesktopCall, now: number): Fault | undefined {
    for (const fault of this.faults) {
      if (!matchesOperation(fault.operations, call.operationId)) continue;
      if (fault.from !== undefined && now < fault.from) continue;
      if (fault.until !== undefined && now >= fault.until) continue;
      if (fault.share !== undefined && draw(this.settings.seed, this.draws++) >= fault.share) continue;
      if (fault.remaining !== undefined) {
        fault.remaining -= 1;
        if (fault.remaining === 0) this.faults = this.faults.filter((f) => f !== fault);
        this.save();
      }
      return fault;
    }
    return undefined;
  }

  private latencyOf(kind: CallKind, cold: boolean): number {
    const { profile, ms, jitter } = this.settings.latency;
    const base = kind === 'health' && cold && profile === 'realistic' ? COLD_HEALTH_MS : ms[kind];
    if (base === 0 || jitter === 0) return base;
    return Math.round(base * (1 + jitter * (2 * draw(this.settings.seed, this.draws++) - 1)));
  }
}
