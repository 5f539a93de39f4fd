import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { contentTypeOf } from '../platform/contentTypeOf';
import { resolveInside } from '../platform/resolveInside';
import { desktopRendererPolicy } from './desktopRendererPolicy';
import { sandboxSchemePrivileges } from './sandboxScheme';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = 'app://switchboard';

/**
 * Must run before `app.ready`, once for all schemes: the packaged renderer is served from a
 * secure standard scheme, and App sandbox pages from another one.
 */
export function registerAppSchemePrivileges(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    sandboxSchemePrivileges,
  ]);
}

/** Serves the built renderer with the CSP header; nothing outside its folder. */
export function handleAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === 'switchboard' ? resolveInside(rendererDir, url.pathname) : undefined;
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: {
          'Content-Type': contentTypeOf(file),
          'Content-Security-Policy': desktopRendererPolicy(),
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
