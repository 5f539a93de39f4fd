import type { PageEvaluator } from './PageEvaluator';

/** How long opening a conversation took, in the page's own clock. */
export interface OpenTiming {
  /** Click → the newest message's text is in the message list's DOM. */
  newestMs: number;
  /** Click → the list holds every message of the conversation (`data-complete`). */
  allLoadedMs: number;
  /** Click → the first frame after both (what the person sees, with the history all there). */
  paintedMs: number;
  /** Messages the list holds at the end. */
  messages: number;
}

const TIMEOUT_MS = 30_000;

/**
 * Clicks the conversation's sidebar item and times it until its newest message (found by the
 * marker only that message contains) is rendered and the list holds the whole conversation
 * (the list's `data-complete`, with at least `messages` messages). Everything runs in the page,
 * so no round trip to the bench process is counted: the click is dispatched there, a
 * MutationObserver sees each condition arrive, and a frame callback plus a task after both
 * stand for "painted". The list is virtualized, so the marker is only in the DOM once in view.
 * The conversation must not be the one open already (nothing would change).
 */
export async function timeOpen(
  page: PageEvaluator,
  conversationId: string,
  marker: string,
  messages: number,
): Promise<OpenTiming> {
  // The sidebar lists a conversation once the page has its list, which can come a moment after
  // the page itself (a first open right after start): waited for here, outside the timing.
  await page.evaluate(
    ({ id, timeoutMs }) =>
      new Promise<void>((resolve, reject) => {
        const started = performance.now();
        const poll = (): void => {
          if (document.querySelector(`[data-testid="conversation-${id}"]`)) resolve();
          else if (performance.now() - started > timeoutMs) {
            reject(new Error(`no sidebar item for conversation ${id} in ${timeoutMs} ms`));
          } else setTimeout(poll, 20);
        };
        poll();
      }),
    { id: conversationId, timeoutMs: TIMEOUT_MS },
  );
  return page.evaluate(
    ({ id, marker: text, messages: expected, timeoutMs }) =>
      new Promise<OpenTiming>((resolve, reject) => {
        const item = document.querySelector(`[data-testid="conversation-${id}"]`);
        if (!(item instanceof HTMLElement)) {
          reject(new Error(`no sidebar item for conversation ${id}`));
          return;
        }
        const list = (): Element | null => document.querySelector('[data-testid="message-list"]');
        let started = 0;
        let newestAt: number | undefined;
        let allAt: number | undefined;
        const check = (): void => {
          const element = list();
          const now = performance.now();
          if (newestAt === undefined && element?.textContent.includes(text) === true)
            newestAt = now;
          if (
            allAt === undefined &&
            element?.getAttribute('data-complete') === 'true' &&
            Number(element.getAttribute('data-messages')) >= expected
          ) {
            allAt = now;
          }
          if (newestAt === undefined || allAt === undefined) return;
          observer.disconnect();
          clearTimeout(timer);
          const newest = newestAt;
          const all = allAt;
          const count = Number(element?.getAttribute('data-messages'));
          requestAnimationFrame(() => {
            setTimeout(() => {
              resolve({
                newestMs: newest - started,
                allLoadedMs: all - started,
                paintedMs: performance.now() - started,
                messages: count,
              });
            }, 0);
          });
        };
        const observer = new MutationObserver(check);
        const timer = setTimeout(() => {
          observer.disconnect();
          const element = list();
          const state = element
            ? `newest ${newestAt === undefined ? 'not shown' : 'shown'}, ${element.getAttribute('data-messages') ?? '?'} messages, complete ${element.getAttribute('data-complete') ?? '?'}`
            : 'no message list';
          reject(new Error(`conversation ${id}: not all shown in ${timeoutMs} ms (${state})`));
        }, timeoutMs);
        observer.observe(document.body, {
          childList: true,
          subtree: true,
          characterData: true,
          attributes: true,
          attributeFilter: ['data-complete', 'data-messages'],
        });
        started = performance.now();
        item.click();
      }),
    { id: conversationId, marker, messages, timeoutMs: TIMEOUT_MS },
  );
}
