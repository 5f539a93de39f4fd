import { startSandboxProxy, type SandboxConfig } from './sandboxProxy';
import { webRtcGuard } from './webRtcGuard';

// Defence in depth: this page's realm has no WebRTC either, whatever reaches it.
webRtcGuard(window, webRtcGuard.toString());

/** Entry of the sandbox proxy page: main put the frame's config in a meta tag. */
const meta = document.querySelector<HTMLMetaElement>('meta[name="sandbox-config"]');
let config: SandboxConfig | undefined;
try {
  config = JSON.parse(meta?.content ?? '') as SandboxConfig;
} catch {
  config = undefined;
}
// Reached from anything but a host frame (or without a config), the page does nothing.
if (config && Array.isArray(config.parentOrigins) && window.parent !== window) {
  startSandboxProxy(window, config);
}
