/**
 * JSON with object keys sorted at every depth, so two definitions that differ only in key order
 * hash the same. Array order is kept: in JSON Schema it can matter (`enum`, `prefixItems`).
 * `undefined` properties are dropped, as `JSON.stringify` would.
 */
export function canonicalJson(value: unknown): string {
  const sorted = sortKeys(value);
  // `JSON.stringify` returns undefined for these, whatever its typing says; a hash needs text.
  if (sorted === undefined || typeof sorted === 'function' || typeof sorted === 'symbol') {
    return 'null';
  }
  return JSON.stringify(sorted);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const child = value[key];
    if (child !== undefined) out[key] = sortKeys(child);
  }
  return out;
}

/** A JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
