const SECRET_KEY =
  /(api[-_]?key|token|secret|password|authorization|cookie|verifier|^assertion$|^env$)/i;
const SECRET_VALUE =
  /\b(sk-ant-[A-Za-z0-9_-]{8,}|sk-[A-Za-z0-9_-]{20,}|Bearer\s+[A-Za-z0-9._~+/=-]{8,})/g;
/** OAuth secrets inside URLs and form bodies (`…/callback?code=…`, `refresh_token=…`). */
const SECRET_PARAM =
  /([?&#](?:code|access_token|refresh_token|id_token|client_secret|code_verifier|assertion)=)[^&#\s"']+/gi;

/**
 * Replaces secrets in a value before it is logged: whole values under secret-looking keys
 * (api keys, tokens, client secrets, PKCE verifiers, Authorization headers, env maps; not
 * `code`, mostly an error code), key-shaped substrings anywhere, and OAuth codes, tokens and
 * secrets in URL or form parameters.
 */
export function redact(value: unknown, key = '', depth = 0): unknown {
  if (key && SECRET_KEY.test(key)) return '[redacted]';
  if (typeof value === 'string') {
    return value.replace(SECRET_VALUE, '[redacted]').replace(SECRET_PARAM, '$1[redacted]');
  }
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, '', depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redact(v, k, depth + 1);
  return out;
}
