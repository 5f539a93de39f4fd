/**
 * The renderer's Content-Security-Policy, served as a header by both shells. No inline
 * script, no eval, no remote code; sockets only to the shell itself; frames only from the App
 * sandbox origin. `nonce` is for the development server only: it lets Vite's own client inject
 * its modules and styles (hot reload) under the same policy, and nothing else.
 */
export function contentSecurityPolicy(
  connectSrc: readonly string[] = [],
  frameSrc: readonly string[] = [],
  options: { nonce?: string } = {},
): string {
  const nonce = options.nonce ? [`'nonce-${options.nonce}'`] : [];
  return [
    "default-src 'none'",
    ["script-src 'self'", ...nonce].join(' '),
    ["style-src 'self'", ...nonce].join(' '),
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectSrc].join(' '),
    frameSrc.length > 0 ? ['frame-src', ...frameSrc].join(' ') : "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
