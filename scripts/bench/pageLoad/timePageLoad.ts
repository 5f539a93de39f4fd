import type { Browser } from '@playwright/test';

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
  }
}

/** Runs in the page from its first byte: notes the first frame where the composer is usable. */
function watchComposer(): void {
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
 * Loads `url` in a fresh browser context (empty cache, as on a first visit) and measures the
 * time to a usable composer and the scripts requested before it, from the page's own Resource
 * Timing entries (so nothing is copied out of the network stack while it loads).
 */
export async function timePageLoad(browser: Browser, url: string): Promise<PageLoadSample> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 760 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(watchComposer);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__composerUsableAt !== undefined, undefined, {
      timeout: 30_000,
      polling: 50,
    });
    const sample = await page.evaluate(() => {
      const usableMs = window.__composerUsableAt ?? 0;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry): entry is PerformanceResourceTiming => 'decodedBodySize' in entry)
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .filter((entry) => entry.startTime <= usableMs);
      return {
        usableMs,
        scriptBytes: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
        scripts: scripts.map((entry) => new URL(entry.name).pathname.split('/').pop() ?? ''),
      };
    });
    if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
    return sample;
  } finally {
    await context.close();
  }
}
