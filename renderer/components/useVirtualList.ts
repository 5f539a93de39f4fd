import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type RefObject, type UIEvent } from 'react';

interface VirtualListOptions {
  /** The scrolling element; owned by the component so rendering never reads it from here. */
  scrollRef: RefObject<HTMLDivElement | null>;
  count: number;
  estimateSize: number;
  /** Rows wrap and are measured; otherwise every row is `estimateSize` high. */
  measured?: boolean;
}

export interface VirtualList {
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  /** Whether the list keeps showing the newest row as rows arrive. */
  following: boolean;
  onScroll: (event: UIEvent<HTMLDivElement>) => void;
  /** Attach to wheel, touch, pointer and key events: marks the next scroll as the person's. */
  onUserScroll: () => void;
  /** Back to the newest row, and keep following. */
  jumpToEnd: () => void;
  /** Stop following (the person picked a row and wants it to stay put). */
  pause: () => void;
}

/** Distance from the bottom (px) that still counts as "at the end". */
const AT_END = 24;
/** How long after an input event a scroll still counts as the person's doing. */
const USER_SCROLL_MS = 400;

/**
 * A virtualized, append-only list that follows its tail like a terminal: new rows scroll
 * into view while the person is at the bottom, and stop doing so once they scroll up.
 * Only the person's own scrolling stops following; the list's own catch-up scrolls, and
 * rows growing as they are measured, never do.
 */
export function useVirtualList({
  scrollRef,
  count,
  estimateSize,
  measured = false,
}: VirtualListOptions): VirtualList {
  const [following, setFollowing] = useState(true);
  const userInputAt = useRef(0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    overscan: 12,
    ...(measured ? {} : { measureElement: () => estimateSize }),
  });
  const totalSize = virtualizer.getTotalSize();

  useEffect(() => {
    if (following && count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [following, count, totalSize, virtualizer]);

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= AT_END) setFollowing(true);
    else if (performance.now() - userInputAt.current < USER_SCROLL_MS) setFollowing(false);
  }, []);

  const onUserScroll = useCallback(() => {
    userInputAt.current = performance.now();
  }, []);

  const jumpToEnd = useCallback(() => {
    setFollowing(true);
    if (count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [count, virtualizer]);

  const pause = useCallback(() => setFollowing(false), []);

  return { virtualizer, following, onScroll, onUserScroll, jumpToEnd, pause };
}
