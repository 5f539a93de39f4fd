/**
 * The renderer's Content-Security-Policy, served as a header by both shells. No inline
 * script, no eval, no remote code; sockets only to the shell itself; frames only from the App
 * sandbox origin.
 */
export function contentSecurityPolicy(
  connectSrc: readonly string[] = [],
  frameSrc: readonly string[] = [],
): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
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
