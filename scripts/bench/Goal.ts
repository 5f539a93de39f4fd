import { round } from './summarize';

/** One goal of the issue with the measured value, its limit and the verdict. */
export interface Goal {
  id: string;
  /** What is compared, in words (including what a ratio is a ratio of). */
  text: string;
  value: number | boolean;
  limit: number | boolean;
  unit: 'ratio' | 'MiB' | 'ms' | 'boolean';
  pass: boolean;
}

type Bound = (id: string, text: string, value: number, limit: number, unit: Goal['unit']) => Goal;

const bound =
  (met: (value: number, limit: number) => boolean): Bound =>
  (id, text, value, limit, unit) => ({
    id,
    text,
    value: round(value),
    limit: round(limit),
    unit,
    pass: met(value, limit),
  });

/** A goal met when `value ≤ limit`. */
export const atMost = bound((value, limit) => value <= limit);

/** A goal met when `value ≥ limit`. */
export const atLeast = bound((value, limit) => value >= limit);

/** A goal met when the condition held. */
export function holds(id: string, text: string, value: boolean): Goal {
  return { id, text, value, limit: true, unit: 'boolean', pass: value };
}
