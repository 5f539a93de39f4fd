/**
 * The App sandbox proxy: the page on the sandbox origin that sits between a host window and one
 * App (the extension's double-iframe model). The page is on its App's own origin (see main's
 * appOriginLabel: two Apps' pages never share one, nor a process; showings of one App do). It loads the App's HTML,
 * sent by the host, into an inner frame whose origin is opaque (no `allow-same-origin`): with a
 * real origin, a blank frame the App made would share it, and the App could take WebRTC from
 * that frame's realm before any guard runs (tried in e2e: `window[0]` right after `append`).
 * The page's CSP header, which the inner frame inherits, binds what the App may load and reach. It relays JSON-RPC messages both ways and
 * talks only to the host origins main named in its config, and keeps the App to its message
 * rate (see proxyRateGate). Its own bundle: it imports only that gate, the App message limits
 * and the scripts that go first into the App's document.
 */
import { createRateGate } from './proxyRateGate';
import { parentFacadeScript } from './parentFacade';
import { webRtcGuardScript } from './webRtcGuard';

export interface SandboxConfig {
  /** Host pages that may talk to this proxy. */
  parentOrigins: string[];
  /** The App frame's `allow` attribute (the permissions the person allowed). */
  allow: string;
}

export const PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
export const RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
/** What a frame reports about itself (CSP violations, script errors); see {@link REPORTER}. */
export const SANDBOX_REPORT = 'x-switchboard/sandbox-report';
/**
 * The App's frame: scripts and forms (their submission still meets `form-action 'none'`), no
 * same-origin (see above), popups, top navigation, downloads or modals. The host's `sandbox`
 * override in `sandbox-resource-ready` is ignored: main decides, not the message.
 */
export const INNER_SANDBOX = 'allow-scripts allow-forms';

/**
 * Put in front of the App's HTML: reports the App's CSP violations, uncaught errors, the errors
 * it logs (`console.error`, an error it caught and logged is often the only trace of a failed
 * call) and the scripts, styles, images and media that failed to load (an unreachable CDN) to
 * the host, which shows them on the card and writes them to the server's log.
 */
export const REPORTER = `<script>(() => {
  const send = (params) => {
    try { parent.postMessage({ jsonrpc: '2.0', method: '${SANDBOX_REPORT}', params }, '*'); } catch {}
  };
  addEventListener('securitypolicyviolation', (e) =>
    send({ kind: 'csp-violation', directive: String(e.effectiveDirective), blockedUri: String(e.blockedURI || '') }));
  addEventListener('error', (e) =>
    send({ kind: 'app-error', message: String(e.message || e.error) + (e.filename ? ' (' + e.filename + ':' + e.lineno + ')' : '') }));
  addEventListener('error', (e) => {
    const t = e.target;
    const url = t && t !== window && (t.currentSrc || t.src || t.href);
    if (url) send({ kind: 'load-failed', url: String(url).slice(0, 2000), element: String(t.localName) });
  }, true);
  addEventListener('unhandledrejection', (e) =>
    send({ kind: 'app-error', message: 'Unhandled rejection: ' + String((e.reason && e.reason.message) || e.reason) }));
  const text = (value) => {
    // Errors of any realm (a DOMException, another frame's Error) by their name and message.
    if (value && typeof value === 'object' && typeof value.message === 'string') return String(value.name) + ': ' + value.message;
    if (typeof value === 'string') return value;
    try { return JSON.stringify(value) ?? String(value); } catch { return String(value); }
  };
  const consoleError = console.error;
  console.error = function (...args) {
    try { send({ kind: 'console-error', message: args.map(text).join(' ').slice(0, 4000) }); } catch {}
    return consoleError.apply(this, args);
  };
})();</script>`;

/**
 * The App's HTML as its frame gets it: declarative shadow roots open (see `webRtcGuard`), then,
 * after any doctype (so standards mode stays), the WebRTC guard, the parent facade and the
 * reporter first.
 */
export function withPrelude(html: string, parser: DOMParser): string {
  const app = openDeclarativeShadowRoots(html, parser);
  const prelude = webRtcGuardScript() + parentFacadeScript() + REPORTER;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(app);
  if (!doctype) return prelude + app;
  return doctype[0] + prelude + app.slice(doctype[0].length);
}

/**
 * Declarative shadow roots in the App's own HTML made open: a closed one could hold a frame
 * the guard cannot see. Only HTML that has one is parsed and written again.
 */
export function openDeclarativeShadowRoots(html: string, parser: DOMParser): string {
  if (!/shadowrootmode/i.test(html)) return html;
  const parsed = parser.parseFromString(html, 'text/html');
  const open = (root: ParentNode): void => {
    for (const template of root.querySelectorAll('template')) {
      if (template.hasAttribute('shadowrootmode')) template.setAttribute('shadowrootmode', 'open');
      open(template.content);
    }
  };
  open(parsed);
  const doctype = parsed.doctype ? `<!DOCTYPE ${parsed.doctype.name}>` : '';
  return doctype + parsed.documentElement.outerHTML;
}

interface JsonRpcLike {
  method?: unknown;
  params?: unknown;
}

/** Starts relaying; returns a function that stops it (tests). */
export function startSandboxProxy(win: Window, config: SandboxConfig): () => void {
  if (win.parent === win) return () => undefined;
  const parentOrigin = knownParentOrigin(win, config.parentOrigins);
  const targets = parentOrigin ? [parentOrigin] : config.parentOrigins;
  const toParent = (data: unknown): void => {
    for (const origin of targets) win.parent.postMessage(data, origin);
  };
  let inner: HTMLIFrameElement | undefined;
  const gate = createRateGate({
    answer: (reply) => inner?.contentWindow?.postMessage(reply, '*'),
    report: (refused) =>
      toParent({
        jsonrpc: '2.0',
        method: SANDBOX_REPORT,
        params: { kind: 'refused', rate: refused },
      }),
  });
  const onMessage = (event: MessageEvent): void => {
    if (event.source === win.parent) {
      if (!config.parentOrigins.includes(event.origin)) return;
      const data = event.data as JsonRpcLike | null;
      const method = typeof data?.method === 'string' ? data.method : undefined;
      if (method === RESOURCE_READY) {
        inner ??= loadApp(win.document, data?.params, config.allow, () => {
          // The App left its page: the frame goes (CSP binds its page, not where it went).
          inner?.remove();
          toParent({ jsonrpc: '2.0', method: SANDBOX_REPORT, params: { kind: 'navigated' } });
        });
        return;
      }
      if (method?.startsWith('ui/notifications/sandbox-')) return;
      inner?.contentWindow?.postMessage(event.data, '*');
      return;
    }
    if (inner && event.source === inner.contentWindow && gate.admit(event)) toParent(event.data);
  };
  win.addEventListener('message', onMessage);
  toParent({ jsonrpc: '2.0', method: PROXY_READY, params: {} });
  return () => {
    gate.stop();
    win.removeEventListener('message', onMessage);
  };
}

function loadApp(
  doc: Document,
  params: unknown,
  allow: string,
  navigated: () => void,
): HTMLIFrameElement | undefined {
  const html = (params as { html?: unknown } | undefined)?.html;
  if (typeof html !== 'string') return undefined;
  const frame = doc.createElement('iframe');
  // The first load is the App; any later one is the frame showing another page.
  let loads = 0;
  frame.addEventListener('load', () => {
    loads += 1;
    if (loads > 1) navigated();
  });
  frame.setAttribute('sandbox', INNER_SANDBOX);
  if (allow) frame.setAttribute('allow', allow);
  frame.setAttribute('title', 'App');
  frame.srcdoc = withPrelude(html, new DOMParser());
  doc.body.appendChild(frame);
  return frame;
}

/** The embedding page's origin when the browser tells it (Chromium) and it is a known host. */
function knownParentOrigin(win: Window, allowed: readonly string[]): string | undefined {
  const ancestors = win.location.ancestorOrigins as DOMStringList | undefined;
  const first = ancestors && ancestors.length > 0 ? ancestors.item(0) : null;
  return first !== null && allowed.includes(first) ? first : undefined;
}
