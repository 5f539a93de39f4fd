/** Order statistics of a set of timings (milliseconds unless stated otherwise). */
export interface Summary {
  n: number;
  min: number;
  median: number;
  p99: number;
  max: number;
  mean: number;
}

/**
 * Summarizes samples with nearest-rank percentiles: with 500 samples p99 is the 495th value,
 * a real observation rather than an interpolation between two.
 */
export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('summarize: no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number): number => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    n: sorted.length,
    min: round(sorted[0] ?? 0),
    median: round(rank(0.5)),
    p99: round(rank(0.99)),
    max: round(sorted[sorted.length - 1] ?? 0),
    mean: round(sum / sorted.length),
  };
}

/** Rounds for a readable report: three decimals are far below these machines' noise. */
export function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
