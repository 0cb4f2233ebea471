/**
 * How long a read takes the target now: the larger of what the preflight measured and the median
 * of the latest reads of this run. A real desktop slows down mid-run (another program, a backup,
 * a loaded machine), and the time a budgeted run keeps back to call every operation once is
 * worked out from it: kept from the preflight alone, a target that slowed down left operations
 * uncalled when the budget ran out.
 */
export class ReadPace {
  private readonly recent: number[] = [];

  constructor(
    private readonly preflightMs: number,
    private readonly window = 25,
  ) {}

  /** A read this run made and got an answer to. */
  observe(ms: number): void {
    this.recent.push(ms);
    if (this.recent.length > this.window) this.recent.shift();
  }

  readMs(): number {
    if (this.recent.length === 0) return this.preflightMs;
    const sorted = [...this.recent].sort((a, b) => a - b);
    return Math.max(this.preflightMs, sorted[Math.floor(sorted.length / 2)] ?? 0);
  }
}
