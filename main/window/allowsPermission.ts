import { isTrustedSender } from '../ipc/isTrustedSender';

/**
 * The one permission the app's own page gets: writing to the clipboard (the Copy buttons on
 * messages and code). Everything else, and anything asked by another origin (an App frame, a
 * page that got in somehow), is refused.
 */
export function allowsPermission(
  permission: string,
  requestingUrl: string | undefined,
  appOrigins: readonly string[],
): boolean {
  return permission === 'clipboard-sanitized-write' && isTrustedSender(requestingUrl, appOrigins);
}
