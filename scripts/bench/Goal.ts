import { round, type Summary } from './summarize';

/** The spread of one side's samples, in the side's own unit (ms, MiB, …). */
export interface Spread {
  n: number;
  min: number;
  median: number;
  p99: number;
  max: number;
}

/** One goal of the issue with the measured value, its limit, what it is relative to, and the verdict. */
export interface Goal {
  id: string;
  /** What is compared, in words (including what a ratio is a ratio of). */
  text: string;
  value: number | boolean;
  limit: number | boolean;
  unit: 'ratio' | 'MiB' | 'ms' | 'boolean' | 'count';
  pass: boolean;
  /** Samples behind the value (per side for a ratio). */
  n: number;
  /** The measured side's samples (for a ratio: the numerator), when there are several. */
  measured?: Spread;
  /** What a ratio divides by: the baseline doing the same work, and its samples. */
  baseline?: { what: string } & Partial<Spread>;
}

/** The spread of a summary, without its mean. */
export function spreadOf(summary: Summary): Spread {
  const { n, min, median, p99, max } = summary;
  return { n, min, median, p99, max };
}

/** A ratio goal met when `measured[stat] / baseline[stat] ≤ limit`. */
export function ratioGoal(options: {
  id: string;
  text: string;
  measured: Summary;
  baseline: Summary;
  baselineWhat: string;
  stat?: 'median' | 'p99';
  limit: number;
}): Goal {
  const stat = options.stat ?? 'median';
  const value = options.measured[stat] / options.baseline[stat];
  return {
    id: options.id,
    text: options.text,
    value: round(value),
    limit: options.limit,
    unit: 'ratio',
    pass: value <= options.limit,
    n: options.measured.n,
    measured: spreadOf(options.measured),
    baseline: { what: options.baselineWhat, ...spreadOf(options.baseline) },
  };
}

/** Samples behind a bound goal: how many, and their spread when there are several. */
type Samples = { n: number; measured?: Summary; baseline?: Goal['baseline'] };

type Bound = (
  id: string,
  text: string,
  value: number,
  limit: number,
  unit: Goal['unit'],
  samples?: Samples,
) => Goal;

const bound =
  (met: (value: number, limit: number) => boolean): Bound =>
  (id, text, value, limit, unit, samples = { n: 1 }) => ({
    id,
    text,
    value: round(value),
    limit: round(limit),
    unit,
    pass: met(value, limit),
    n: samples.n,
    ...(samples.measured ? { measured: spreadOf(samples.measured) } : {}),
    ...(samples.baseline ? { baseline: samples.baseline } : {}),
  });

/** A goal met when `value ≤ limit`, for an absolute figure (no baseline). */
export const atMost = bound((value, limit) => value <= limit);

/** A goal met when `value ≥ limit`. */
export const atLeast = bound((value, limit) => value >= limit);

/** A goal met when the condition held in every one of `n` tries. */
export function holds(id: string, text: string, value: boolean, n = 1): Goal {
  return { id, text, value, limit: true, unit: 'boolean', pass: value, n };
}
