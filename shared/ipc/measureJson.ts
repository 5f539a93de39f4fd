/** Limits for a value received over IPC, checked before anything walks it recursively. */
export interface JsonLimits {
  /** Deepest nesting of arrays and objects (the value itself is depth 0). */
  maxDepth: number;
  /** Upper bound on its JSON text length, in UTF-16 code units (an estimate, never below it). */
  maxChars: number;
}

export type JsonMeasure =
  { ok: true; chars: number } | { ok: false; reason: 'depth' | 'size'; message: string };

/**
 * Measures a value's nesting and JSON size without recursion, so a value nested 100 000 levels
 * deep gets an answer instead of overflowing the stack (which `JSON.stringify` and validators
 * would). Stops at the first limit exceeded; a cyclic value (structured clone allows them) is
 * stopped by the depth limit.
 */
export function measureJson(value: unknown, limits: JsonLimits): JsonMeasure {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let chars = 0;
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; depth: number };
    const current = item.value;
    if (typeof current === 'string') chars += current.length + 2;
    else if (current === null || typeof current !== 'object') chars += scalarChars(current);
    else {
      if (item.depth >= limits.maxDepth) {
        return {
          ok: false,
          reason: 'depth',
          message: `Input nested deeper than ${String(limits.maxDepth)} levels`,
        };
      }
      // Brackets and commas first: a huge (or sparse) array is refused before it is walked.
      const count = Array.isArray(current) ? current.length : Object.keys(current).length;
      chars += 2 + Math.max(0, count - 1);
      if (chars > limits.maxChars) return tooLarge(limits);
      if (Array.isArray(current)) {
        for (const child of current as unknown[])
          stack.push({ value: child, depth: item.depth + 1 });
      } else {
        for (const [key, child] of Object.entries(current)) {
          chars += key.length + 3;
          stack.push({ value: child, depth: item.depth + 1 });
        }
      }
    }
    if (chars > limits.maxChars) return tooLarge(limits);
  }
  return { ok: true, chars };
}

function tooLarge(limits: JsonLimits): JsonMeasure {
  return {
    ok: false,
    reason: 'size',
    message: `Input larger than ${formatChars(limits.maxChars)}`,
  };
}

function scalarChars(value: unknown): number {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value).length;
  if (typeof value === 'boolean') return value ? 4 : 5;
  return 4; // null, and what JSON drops or writes as null
}

/** A character count as the limits are written: `32 MiB`, `64 KiB`. */
export function formatChars(chars: number): string {
  return chars >= 1024 * 1024
    ? `${String(Math.round(chars / 1024 / 1024))} MiB`
    : `${String(Math.round(chars / 1024))} KiB`;
}
