/**
 * The one clock of the simulator. Everything time-dependent (cursor expiry, timestamps, revision
 * numbers, the desktop side's latency) reads it, so tests and the sandbox control API move time
 * instead of sleeping.
 */
export interface Clock {
  now(): number;
}

/** A clock that can also be waited on: `sleep` ends when the clock reaches the time, by advancing or by real time passing. */
export interface WaitableClock extends Clock {
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

interface Wait {
  due: number;
  resolve: () => void;
  timer?: NodeJS.Timeout;
}

/**
 * Waits on a clock. Each wait ends at the first of: the clock advanced past it (`wake`, called by
 * whoever advances), or its time passed for real (a timer per wait, re-armed if it fires early).
 */
export class ClockWaits {
  private waits: Wait[] = [];

  constructor(private readonly clock: Clock) {}

  /** Ends after `ms` of clock time; or, when `signal` aborts first, never (the wait is dropped, its timer cleared). */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (!(ms > 0)) return Promise.resolve();
    return new Promise((resolve) => {
      const wait: Wait = { due: this.clock.now() + ms, resolve };
      this.waits.push(wait);
      this.arm(wait);
      signal?.addEventListener('abort', () => {
        clearTimeout(wait.timer);
        this.waits = this.waits.filter((w) => w !== wait);
      });
    });
  }

  /** Ends every wait whose time the clock has reached. */
  wake(): void {
    const now = this.clock.now();
    const due = this.waits.filter((w) => w.due <= now);
    if (due.length === 0) return;
    this.waits = this.waits.filter((w) => w.due > now);
    for (const w of due) w.resolve();
  }

  /** Waits not over yet. */
  get pending(): number {
    return this.waits.length;
  }

  private arm(wait: Wait): void {
    // Unref'd: a sandbox closing does not wait for a simulated slow desktop.
    wait.timer = setTimeout(() => {
      if (!this.waits.includes(wait)) return;
      this.wake();
      if (this.waits.includes(wait)) this.arm(wait);
    }, Math.max(1, wait.due - this.clock.now()));
    wait.timer.unref();
  }
}

export class SimClock implements WaitableClock {
  private offsetMs = 0;
  private readonly waits = new ClockWaits(this);
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly source: () => number = Date.now) {}

  now(): number {
    return this.source() + this.offsetMs;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return this.waits.sleep(ms, signal);
  }

  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    this.offsetMs += ms;
    this.waits.wake();
    for (const listener of this.listeners) listener();
    return this.now();
  }

  /** Called after every advance: clocks that read this one wake their own waits. */
  onAdvance(listener: () => void): void {
    this.listeners.push(listener);
  }

  get offset(): number {
    return this.offsetMs;
  }
}
