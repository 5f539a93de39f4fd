import { scrollingAncestor } from './scrollingAncestor';

/** Where and how long a card must stay before its App starts. */
export interface SettleOptions {
  /** How far outside the visible part of the list a card counts as near (px). */
  marginPx: number;
  /** How long it must stay near before its App starts (ms). */
  settleMs: number;
}

/**
 * Calls `start` once `element` has stayed near the visible part of its list for `settleMs`,
 * and what `start` returned (its cancel) if the element leaves before then or this is
 * disposed. Cards a scroll only passes over never start their App: each start is a frame, a
 * document and work in the App's process, and a fast scroll through a chat of Apps started
 * and tore down one per frame, every start competing with the scroll for the cores. Without
 * `IntersectionObserver`, `start` is called at once. Returns the dispose function.
 */
export function startWhenSettled(
  element: Element | null,
  start: () => () => void,
  { marginPx, settleMs }: SettleOptions,
): () => void {
  let cancel: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => {
    clearTimeout(timer);
    timer = undefined;
    cancel?.();
    cancel = undefined;
  };
  if (!element || typeof IntersectionObserver === 'undefined') {
    cancel = start();
    return stop;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      const near = entries.at(-1)?.isIntersecting === true;
      if (!near) stop();
      else if (!cancel && timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          cancel = start();
        }, settleMs);
      }
    },
    // The list as the root: it clips its rows, and a margin around the page never reaches past
    // that clip (a card just out of the list's view would count as far).
    { root: scrollingAncestor(element), rootMargin: `${String(marginPx)}px 0px` },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    stop();
  };
}
