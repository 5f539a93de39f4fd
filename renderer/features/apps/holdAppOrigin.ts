import { hiddenHolder } from './hiddenHolder';

/** How long an App's origin stays warm after its last showing left the page. */
export const KEEP_WARM_MS = 120_000;
/** Idle origins kept warm at most: each is a browser process. */
export const MAX_WARM_ORIGINS = 3;
/** The empty page every App origin serves for this (main's `SANDBOX_WARM_PATH`). */
const WARM_PATH = '/warm';

interface OriginHold {
  holds: number;
  frame?: HTMLIFrameElement;
  timer?: ReturnType<typeof setTimeout>;
  idleSince: number;
}

const origins = new Map<string, OriginHold>();

/**
 * Marks an App's origin as shown while the function returned is not called. Every App has an
 * origin of its own, and the browser gives each its own process: when the last showing of an
 * App leaves the page, an empty page of its origin (no script) stays in a hidden frame for
 * {@link KEEP_WARM_MS}, so that showing the App again — reopening its chat, scrolling back to
 * it — finds the process running instead of starting one. At most {@link MAX_WARM_ORIGINS}
 * idle origins are kept; the frame has the App frame's flags, so it shares that process.
 */
export function holdAppOrigin(pageUrl: string, sandbox: string): () => void {
  const key = originOf(pageUrl);
  if (!key) return () => undefined;
  const hold = origins.get(key) ?? { holds: 0, idleSince: 0 };
  origins.set(key, hold);
  hold.holds += 1;
  clearTimeout(hold.timer);
  hold.timer = undefined;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    hold.holds -= 1;
    if (hold.holds > 0) return;
    hold.idleSince = Date.now();
    // In before the App's last frame goes, so the process never ends in between.
    hold.frame ??= warmFrame(key, sandbox);
    hold.timer = setTimeout(() => drop(key), KEEP_WARM_MS);
    trimIdle();
  };
}

/** Origins with a warm frame now (tests). */
export function warmOrigins(): string[] {
  return [...origins].filter(([, hold]) => hold.frame?.isConnected).map(([key]) => key);
}

/** Drops every warm frame (tests). */
export function dropWarmOrigins(): void {
  for (const key of [...origins.keys()]) drop(key);
}

function originOf(pageUrl: string): string | undefined {
  try {
    const url = new URL(pageUrl);
    // `URL.origin` is "null" for a custom scheme (Electron's); the host is the App's label.
    return url.host ? `${url.protocol}//${url.host}` : undefined;
  } catch {
    return undefined;
  }
}

function warmFrame(origin: string, sandbox: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', sandbox);
  frame.setAttribute('tabindex', '-1');
  frame.setAttribute('aria-hidden', 'true');
  frame.src = `${origin}${WARM_PATH}`;
  hiddenHolder(document, 'app-origin-warm').append(frame);
  return frame;
}

function drop(key: string): void {
  const hold = origins.get(key);
  if (!hold) return;
  clearTimeout(hold.timer);
  hold.frame?.remove();
  if (hold.holds > 0) {
    hold.frame = undefined;
    hold.timer = undefined;
  } else {
    origins.delete(key);
  }
}

function trimIdle(): void {
  const idle = [...origins]
    .filter(([, hold]) => hold.holds === 0)
    .sort(([, a], [, b]) => a.idleSince - b.idleSince);
  for (const [key] of idle.slice(0, Math.max(0, idle.length - MAX_WARM_ORIGINS))) drop(key);
}
