import { contentSecurityPolicy } from '../platform/contentSecurityPolicy';

/**
 * The security headers on every page and asset the web shell serves: its Content-Security-Policy
 * (sockets only back to this port), no sniffing or referrers, no framing, and its own browsing
 * context group (no window that opened it keeps a handle on it).
 */
export function webShellHeaders(
  port: number | string,
  frameSources: readonly string[] = [],
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(
      [`ws://127.0.0.1:${String(port)}`, `ws://localhost:${String(port)}`],
      frameSources,
    ),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
