import type { Page } from '@playwright/test';

/** How long opening a conversation took, in the page's own clock. */
export interface OpenTiming {
  /** Click → the newest message's text is in the message list's DOM. */
  renderedMs: number;
  /** Click → the first frame after that has been produced (what the person sees). */
  paintedMs: number;
}

const TIMEOUT_MS = 20_000;

/**
 * Clicks the conversation's sidebar item and times it until its newest message (found by the
 * marker only that message contains) is rendered in the message list. Everything runs in the
 * page, so no round trip to the bench process is counted: the click is dispatched there, a
 * MutationObserver sees the marker arrive, and a frame callback plus a task after it stand for
 * "painted". The list is virtualized, so the marker is only in the DOM once it is in view.
 */
export async function timeOpen(
  page: Page,
  conversationId: string,
  marker: string,
): Promise<OpenTiming> {
  return page.evaluate(
    ({ id, marker: text, timeoutMs }) =>
      new Promise<OpenTiming>((resolve, reject) => {
        const item = document.querySelector(`[data-testid="conversation-${id}"]`);
        if (!(item instanceof HTMLElement)) {
          reject(new Error(`no sidebar item for conversation ${id}`));
          return;
        }
        const shown = (): boolean =>
          document.querySelector('[data-testid="message-list"]')?.textContent.includes(text) ===
          true;
        let started = 0;
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          clearTimeout(timer);
          const rendered = performance.now();
          requestAnimationFrame(() => {
            setTimeout(() => {
              resolve({ renderedMs: rendered - started, paintedMs: performance.now() - started });
            }, 0);
          });
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`conversation ${id}: newest message not shown in ${timeoutMs} ms`));
        }, timeoutMs);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        started = performance.now();
        item.click();
      }),
    { id: conversationId, marker, timeoutMs: TIMEOUT_MS },
  );
}
