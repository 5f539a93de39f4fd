import { SdkHttpError } from '@modelcontextprotocol/client';
import { hostText, type HostText } from '../../../../shared/text/hostText';

/** The most of a server's error body shown: enough for a sentence, never a whole page. */
const MAX_BODY_CHARS = 300;

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED']);
const UNREACHABLE_CODES = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
/** OpenSSL and Node's own TLS failures (certificates, handshakes, protocol versions). */
const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|HOSTNAME|EPROTO/;

/**
 * Why a remote server could not be reached, in plain words with the cause: nothing listening,
 * a name that does not resolve, a secure connection that failed, no answer in time, a dropped
 * connection, or the server's HTTP status with the first words of its body (e.g. a server that
 * only takes requests for `localhost`). Undefined when the error says none of that.
 */
export function remoteFailureText(error: unknown, url: string): HostText | undefined {
  const host = hostOf(url);
  for (const link of chain(error)) {
    if (link instanceof SdkHttpError && typeof link.status === 'number' && link.status >= 400) {
      const body = bodyOf(link.data);
      return body
        ? hostText('mcp.remote.http', { host, status: link.status, body })
        : hostText('mcp.remote.httpBare', { host, status: link.status });
    }
    const code = errnoCode(link);
    if (code === undefined) continue;
    if (code === 'ECONNREFUSED') return hostText('mcp.remote.refused', { host });
    if (DNS_CODES.has(code)) return hostText('mcp.remote.dns', { host: hostnameOf(url) });
    if (TIMEOUT_CODES.has(code)) return hostText('mcp.remote.timeout', { host });
    if (RESET_CODES.has(code)) return hostText('mcp.remote.reset', { host });
    if (UNREACHABLE_CODES.has(code)) return hostText('mcp.remote.unreachable', { host });
    if (TLS_CODE.test(code)) {
      const detail = link instanceof Error && link.message ? link.message : code;
      return hostText('mcp.remote.tls', { host, detail: clip(detail) });
    }
  }
  return undefined;
}

/** The error, its causes, and the errors an AggregateError carries (undici's happy eyeballs). */
function* chain(error: unknown, depth = 0): Generator {
  if (error === undefined || error === null || depth > 6) return;
  yield error;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) yield* chain(inner, depth + 1);
  }
  if (error instanceof Error && error.cause !== undefined) yield* chain(error.cause, depth + 1);
}

function bodyOf(data: unknown): string | undefined {
  const text = (data as { text?: unknown } | undefined)?.text;
  if (typeof text !== 'string') return undefined;
  // A JSON-RPC error body says it best in its message; an HTML page in its text.
  let said = text;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') said = parsed.error.message;
  } catch {
    said = text.replace(/<[^>]*>/g, ' ');
  }
  const plain = clip(said);
  return plain === '' ? undefined : plain;
}

/** One line, control characters out, at most {@link MAX_BODY_CHARS}. */
function clip(text: string): string {
  // eslint-disable-next-line no-control-regex -- a server's words must not steer a terminal
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim();
  return line.length > MAX_BODY_CHARS ? `${line.slice(0, MAX_BODY_CHARS)}…` : line;
}

function errnoCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
