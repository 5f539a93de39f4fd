import type { BareChromium } from '../chat/BareChromium';

/** One cold load of a page up to a usable `#composer-input`. */
export interface PageLoadSample {
  /** Navigation start → the composer is in the page and enabled. */
  usableMs: number;
  /** Bytes of every script requested before then (module preloads included), decoded. */
  scriptBytes: number;
  /** Their file names, for the report. */
  scripts: string[];
}

declare global {
  interface Window {
    __composerUsableAt?: number;
    __pageErrors?: string[];
  }
}

/**
 * Runs in the page from its first byte: notes the first frame where the composer is usable,
 * and the page's uncaught errors.
 */
function watchComposer(): void {
  const errors: string[] = (window.__pageErrors = []);
  window.addEventListener('error', (event) => errors.push(event.message));
  window.addEventListener('unhandledrejection', (event) => errors.push(String(event.reason)));
  const check = (): void => {
    const input = document.getElementById('composer-input');
    const usable =
      input instanceof HTMLTextAreaElement &&
      !input.disabled &&
      !input.readOnly &&
      input.isConnected;
    if (usable) window.__composerUsableAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * Runs in the page once it has loaded: waits for the composer (noted by {@link watchComposer},
 * so the wait itself times nothing) and reads the scripts requested before it from the page's
 * own Resource Timing entries (so nothing is copied out of the network stack while it loads).
 */
function readSample(): Promise<PageLoadSample & { errors: string[] }> {
  // How long a page may take to a usable composer (here: the function runs from its source).
  const limitMs = 30_000;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const poll = (): void => {
      const usableMs = window.__composerUsableAt;
      if (usableMs === undefined) {
        if (performance.now() - started > limitMs) {
          reject(
            new Error(
              `no usable composer at ${location.href} in ${String(limitMs)} ms; errors: ${(window.__pageErrors ?? []).join('; ')}`,
            ),
          );
        } else setTimeout(poll, 50);
        return;
      }
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry): entry is PerformanceResourceTiming => 'decodedBodySize' in entry)
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .filter((entry) => entry.startTime <= usableMs);
      resolve({
        errors: window.__pageErrors ?? [],
        usableMs,
        scriptBytes: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
        scripts: scripts.map((entry) => new URL(entry.name).pathname.split('/').pop() ?? ''),
      });
    };
    poll();
  });
}

/**
 * Loads `url` cold (a fresh browser context: empty cache, as on a first visit) in a Chromium
 * driven over a bare DevTools pipe, and measures the time to a usable composer and the scripts
 * requested before it. Throws if the page threw or never had a usable composer.
 */
export async function timePageLoad(browser: BareChromium, url: string): Promise<PageLoadSample> {
  const { errors, ...sample } = await browser.loadCold(url, watchComposer, readSample);
  if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
  return sample;
}
