import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_COOKIE = 'switchboard_token';

/** Host must name this shell on loopback: defeats DNS rebinding. */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** A socket's Origin must be the page this shell served, at the host the request used. */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  port: number,
): boolean {
  return isAllowedHost(host, port) && origin === `http://${host}`;
}

export function tokensEqual(given: string | undefined | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeOrUndefined(rest.join('='));
  }
  return undefined;
}

/** A malformed escape (`%E0%A4%A`) is no token at all, never an exception. */
function decodeOrUndefined(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The request target as a URL, or undefined when it is not one (`http://[/ipc`). */
export function parseRequestUrl(target: string | undefined, host: string): URL | undefined {
  try {
    return new URL(target ?? '/', `http://${host}`);
  } catch {
    return undefined;
  }
}

/** The token from `?token=` or, after the first page load, from the HttpOnly cookie. */
export function requestToken(req: IncomingMessage, url: URL): string | undefined {
  return url.searchParams.get('token') ?? readCookie(req.headers.cookie, TOKEN_COOKIE);
}
