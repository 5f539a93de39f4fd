import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useState, type RefObject, type UIEvent } from 'react';

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
  /** Back to the newest row, and keep following. */
  jumpToEnd: () => void;
}

/** Distance from the bottom (px) that still counts as "at the end". */
const AT_END = 24;

/**
 * A virtualized, append-only list that follows its tail like a terminal: new rows scroll
 * into view while the person is at the bottom, and stop doing so once they scroll up.
 */
export function useVirtualList({
  scrollRef,
  count,
  estimateSize,
  measured = false,
}: VirtualListOptions): VirtualList {
  const [following, setFollowing] = useState(true);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    overscan: 12,
    ...(measured ? {} : { measureElement: () => estimateSize }),
  });

  useEffect(() => {
    if (following && count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [following, count, virtualizer]);

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    setFollowing(el.scrollHeight - el.scrollTop - el.clientHeight <= AT_END);
  }, []);

  const jumpToEnd = useCallback(() => {
    setFollowing(true);
    if (count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [count, virtualizer]);

  return { virtualizer, following, onScroll, jumpToEnd };
}
