import { contentSecurityPolicy } from '../platform/contentSecurityPolicy';
import { SANDBOX_FRAME_SOURCE } from './sandboxScheme';

/**
 * The desktop window's policy: the renderer's own, with App frames from the sandbox scheme (any App's host). The
 * same in development (the dev server sends it, with a nonce for Vite's client) as in the
 * packaged app (the app:// handler sends it).
 */
export function desktopRendererPolicy(devNonce?: string): string {
  return contentSecurityPolicy([], [SANDBOX_FRAME_SOURCE], devNonce ? { nonce: devNonce } : {});
}
