import type { CustomScheme, PermissionRequest, Protocol } from 'electron';
import { isOriginLabel } from '../services/apps/appOrigin';
import type { SandboxResponse } from '../services/apps/SandboxPages';

/**
 * The Electron shell's App origins: a scheme of its own, never the renderer's, with a host per
 * App (`switchboard-app://<label>`, see appOriginLabel), so no two Apps share an origin.
 */
export const SANDBOX_SCHEME = 'switchboard-app';
/** The scheme as a CSP source: what the window may frame (any App host, nothing else). */
export const SANDBOX_FRAME_SOURCE = `${SANDBOX_SCHEME}:`;
const SANDBOX_PREFIX = `${SANDBOX_SCHEME}://`;

/** The origin of the App frame with this label. */
export function sandboxOriginOf(label: string): string {
  return `${SANDBOX_PREFIX}${label}`;
}

/**
 * A standard, secure scheme (so the proxy page gets a real origin of its own, distinct from
 * `app://switchboard`), without CSP bypass, service workers or fetch from other origins: the
 * page's own CSP header is what binds the App.
 */
export const sandboxSchemePrivileges: CustomScheme = {
  scheme: SANDBOX_SCHEME,
  privileges: { standard: true, secure: true },
};

/**
 * Serves a frame's origin from the host core's pages, by the host's label; a host that is not
 * a label (or a port, or user info) is not found.
 */
export async function sandboxProtocolResponse(
  requestUrl: string,
  respond: (originLabel: string, pathname: string) => Promise<SandboxResponse>,
): Promise<Response> {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return new Response('Not found', { status: 404 });
  }
  const plainHost = url.username === '' && url.password === '' && isOriginLabel(url.host);
  if (url.protocol !== SANDBOX_FRAME_SOURCE || !plainHost) {
    return new Response('Not found', { status: 404 });
  }
  const page = await respond(url.host, url.pathname);
  const body = typeof page.body === 'string' ? page.body : new Uint8Array(page.body);
  return new Response(body, { status: page.status, headers: page.headers });
}

/** Registers the scheme's handler on a session's protocol (the window's session). */
export function handleSandboxProtocol(
  protocol: Pick<Protocol, 'handle'>,
  respond: (originLabel: string, pathname: string) => Promise<SandboxResponse>,
): void {
  protocol.handle(SANDBOX_SCHEME, (request) => sandboxProtocolResponse(request.url, respond));
}

/**
 * Whether a frame may navigate: an App's own frame (the one a sandbox page holds) only to its
 * `about:srcdoc`; it may not load another page, which its CSP would not bind. Other frames are
 * governed by their own page's CSP (`frame-src`).
 */
export function allowsFrameNavigation(url: string, parentUrl: string | undefined): boolean {
  if (!parentUrl?.startsWith(SANDBOX_PREFIX)) return true;
  return url === 'about:srcdoc' || url === 'about:blank';
}

/** Permissions an App's frame may ask for (each also gated by the frame's Permissions-Policy). */
const APP_PERMISSIONS = new Set(['media', 'geolocation', 'clipboard-sanitized-write']);

/**
 * Whether a permission request may go ahead: never from the app's own page (it needs none),
 * only App permissions from frames below it. Which App may use which is decided per frame by
 * the Permissions-Policy header and `allow` attribute main sets from the person's consent, so a
 * frame not granted a permission never gets as far as asking.
 */
export function allowsAppPermission(
  permission: string,
  details: Pick<PermissionRequest, 'isMainFrame' | 'requestingUrl'>,
): boolean {
  if (details.isMainFrame || !APP_PERMISSIONS.has(permission)) return false;
  const url = details.requestingUrl;
  return url.startsWith(SANDBOX_PREFIX) || url === 'about:srcdoc';
}
