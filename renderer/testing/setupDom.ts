import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// Screens are chunks of their own, fetched (and, here, transformed) on first use: on a loaded
// machine that takes longer than the library's 1 s default for `findBy…` and `waitFor`.
configure({ asyncUtilTimeout: 5000 });

/**
 * What jsdom lacks and the renderer uses: layout does not happen here, so a ResizeObserver
 * never fires and scrolling into view does nothing — as the tests assume.
 */
class NoLayoutResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

// jsdom's types claim both exist; at run time they do not.
const dom = globalThis as { ResizeObserver?: unknown };
dom.ResizeObserver ??= NoLayoutResizeObserver;
// Tests that run under node (a real socket) have no DOM at all.
if (typeof Element !== 'undefined') {
  const element = Element.prototype as { scrollIntoView?: unknown };
  element.scrollIntoView ??= () => undefined;
}

// Each test starts with an empty window session (drafts of forms live there).
beforeEach(() => {
  if (typeof window !== 'undefined') window.sessionStorage.clear();
});

// Explicit, not the library's automatic cleanup: that registers once per module load, and test
// files share loaded modules (see vitest.config.ts).
afterEach(() => {
  cleanup();
});
