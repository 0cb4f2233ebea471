export interface LatencyStats {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
}

/** Nearest-rank percentile of an ascending array: an observed value, never an interpolation. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function latencyStats(samplesMs: readonly number[]): LatencyStats {
  const sorted = Float64Array.from(samplesMs).sort();
  const list = Array.from(sorted);
  const sum = list.reduce((a, b) => a + b, 0);
  return {
    count: list.length,
    p50Ms: percentile(list, 50),
    p99Ms: percentile(list, 99),
    maxMs: list[list.length - 1] ?? Number.NaN,
    meanMs: list.length ? sum / list.length : Number.NaN,
  };
}
