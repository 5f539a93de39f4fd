/**
 * True when an IPC message comes from a page this app loaded itself: the packaged renderer
 * (`app://switchboard/…`) or, in development, the dev server's exact origin.
 */
export function isTrustedSender(
  frameUrl: string | undefined,
  allowedOrigins: readonly string[],
): boolean {
  if (!frameUrl) return false;
  let origin: string;
  try {
    const url = new URL(frameUrl);
    origin = url.protocol === 'app:' ? `app://${url.host}` : url.origin;
  } catch {
    return false;
  }
  return allowedOrigins.includes(origin);
}
