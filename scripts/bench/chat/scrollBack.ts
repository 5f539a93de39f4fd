import type { PageEvaluator } from './PageEvaluator';

/** What scrolling the whole conversation back to its start took. */
export interface ScrollBack {
  /** Animation frames it took (one step each). */
  frames: number;
  durationMs: number;
  /** Height of the list's content at the end, px. */
  scrollHeight: number;
}

/**
 * Scrolls the open conversation's list from the bottom to the very top, `viewports` list heights
 * per animation frame (a person dragging the scrollbar or flinging fast), until the top is
 * reached and stays reached (the virtualizer's measured rows may grow the content on the way).
 * The oldest message (its marker) must be in view at the end.
 */
export async function scrollBack(
  page: PageEvaluator,
  oldestMarker: string,
  viewports: number,
): Promise<ScrollBack> {
  return page.evaluate(
    ({ marker, step }) =>
      new Promise<ScrollBack>((resolve, reject) => {
        const list = document.querySelector('[data-testid="message-list"]');
        if (!(list instanceof HTMLElement)) {
          reject(new Error('no message list'));
          return;
        }
        // As the person's own scrolling: the list stops following the newest message.
        list.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, bubbles: true }));
        const started = performance.now();
        let frames = 0;
        let atTop = 0;
        const onFrame = (): void => {
          frames++;
          if (performance.now() - started > 120_000) {
            reject(new Error('scrolling back took over two minutes'));
            return;
          }
          list.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, bubbles: true }));
          list.scrollTop = Math.max(0, list.scrollTop - step * list.clientHeight);
          atTop = list.scrollTop === 0 ? atTop + 1 : 0;
          // A few frames at the top: rows measured there have settled.
          if (atTop < 5) {
            requestAnimationFrame(onFrame);
            return;
          }
          if (!list.textContent.includes(marker)) {
            reject(new Error('at the top, but the oldest message is not shown'));
            return;
          }
          resolve({
            frames,
            durationMs: performance.now() - started,
            scrollHeight: list.scrollHeight,
          });
        };
        requestAnimationFrame(onFrame);
      }),
    { marker: oldestMarker, step: viewports },
  );
}
