/**
 * The one clock of the simulator. Everything time-dependent (cursor expiry, timestamps, revision
 * numbers) reads it, so tests and the sandbox control API move time instead of sleeping.
 */
export interface Clock {
  now(): number;
}

export class SimClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly source: () => number = Date.now) {}

  now(): number {
    return this.source() + this.offsetMs;
  }

  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    this.offsetMs += ms;
    return this.now();
  }

  get offset(): number {
    return this.offsetMs;
  }
}
