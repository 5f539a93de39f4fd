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

/** A goal met when `value ≤ limit`. */
export function atMost(
  id: string,
  text: string,
  value: number,
  limit: number,
  unit: Goal['unit'],
): Goal {
  return { id, text, value: round(value), limit: round(limit), unit, pass: value <= limit };
}

/** A goal met when `value ≥ limit`. */
export function atLeast(
  id: string,
  text: string,
  value: number,
  limit: number,
  unit: Goal['unit'],
): Goal {
  return { id, text, value: round(value), limit: round(limit), unit, pass: value >= limit };
}

/** A goal met when the condition held. */
export function holds(id: string, text: string, value: boolean): Goal {
  return { id, text, value, limit: true, unit: 'boolean', pass: value };
}
