import { ClockWaits, type SimClock, type WaitableClock } from '../desktop/clock.ts';

/**
 * A project's view of time: the sandbox's clock plus what this project's own controls moved it.
 * Everything of the project reads it (its company files' cursors and timestamps, auth session
 * expiry, end users' request times), so one project moving time never expires another's cursors.
 */
export class ProjectClock implements WaitableClock {
  private readonly waits = new ClockWaits(this);

  constructor(
    private readonly base: SimClock,
    private offsetMs: number,
    private readonly persist: (offsetMs: number) => void,
  ) {}

  now(): number {
    return this.base.now() + this.offsetMs;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return this.waits.sleep(ms, signal);
  }

  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    this.offsetMs += ms;
    this.persist(this.offsetMs);
    this.waits.wake();
    return this.now();
  }

  /**
   * Sets the project's offset back to one it had (a tool that advanced it is done); never below
   * the sandbox's own time. Revision numbers stay increasing: an update takes the later of the
   * clock and the last revision plus one.
   */
  rewindTo(offsetMs: number): number {
    if (!Number.isFinite(offsetMs) || offsetMs < 0 || offsetMs > this.offsetMs) throw new RangeError('the clock is only set back, to an offset of 0 or more');
    this.offsetMs = offsetMs;
    this.persist(this.offsetMs);
    return this.now();
  }

  /** Ends the waits the clock has reached (the sandbox's own clock moved). */
  wake(): void {
    this.waits.wake();
  }

  /** Waits on this clock not over yet: requests held by a slow desktop. */
  get pendingWaits(): number {
    return this.waits.pending;
  }

  /** How far this project's controls moved its time, in milliseconds. */
  get offset(): number {
    return this.offsetMs;
  }
}

/** The clock of every project, made on first use from the offset the project has kept. */
export class ProjectClocks {
  private readonly clocks = new Map<string, ProjectClock>();

  constructor(
    readonly base: SimClock,
    private readonly store: { clockOffset(projectId: string): number; setClockOffset(projectId: string, offsetMs: number): void },
  ) {
    base.onAdvance(() => {
      for (const clock of this.clocks.values()) clock.wake();
    });
  }

  forProject(projectId: string): ProjectClock {
    let clock = this.clocks.get(projectId);
    if (!clock) {
      clock = new ProjectClock(this.base, this.store.clockOffset(projectId), (ms) => this.store.setClockOffset(projectId, ms));
      this.clocks.set(projectId, clock);
    }
    return clock;
  }
}
