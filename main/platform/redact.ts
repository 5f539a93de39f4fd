const SECRET_KEY = /(api[-_]?key|token|secret|password|authorization|cookie|^env$)/i;
const SECRET_VALUE =
  /\b(sk-ant-[A-Za-z0-9_-]{8,}|sk-[A-Za-z0-9_-]{20,}|Bearer\s+[A-Za-z0-9._~+/=-]{8,})/g;

/**
 * Replaces secrets in a value before it is logged: whole values under secret-looking keys
 * (api keys, tokens, Authorization headers, env maps) and key-shaped substrings anywhere.
 */
export function redact(value: unknown, key = '', depth = 0): unknown {
  if (key && SECRET_KEY.test(key)) return '[redacted]';
  if (typeof value === 'string') return value.replace(SECRET_VALUE, '[redacted]');
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, '', depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redact(v, k, depth + 1);
  return out;
}
