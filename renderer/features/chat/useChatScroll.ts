import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
  type UIEvent,
} from 'react';

interface ChatScrollOptions {
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Stable keys of the rows, oldest first. */
  keys: readonly string[];
  /** A first guess at each row's height; rows are measured once rendered. */
  estimateSize: (index: number) => number;
  /** Near the top with older messages to load. */
  onNearTop: () => void;
  /** The message the person has just sent (null: none on its way): a new one is followed. */
  sentId: string | null;
}

/** What the message list needs from its scrolling. */
export interface ChatScroll {
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  /** Whether the newest message stays in view as the reply grows. */
  following: boolean;
  onScroll: (event: UIEvent<HTMLDivElement>) => void;
  /** Attach to wheel, touch, pointer and key events: the next scroll is the person's. */
  onUserScroll: () => void;
  jumpToEnd: () => void;
}

const AT_END = 32;
const NEAR_TOP = 400;
const USER_SCROLL_MS = 400;

/**
 * Scrolling for the message list: virtualized rows measured as they render, the bottom kept
 * in view while a reply streams (until the person scrolls up), and the view held still when
 * older messages are put above it.
 */
export function useChatScroll({
  scrollRef,
  keys,
  estimateSize,
  onNearTop,
  sentId,
}: ChatScrollOptions): ChatScroll {
  const [following, setFollowing] = useState(true);
  const userInputAt = useRef(0);
  const virtualizer = useVirtualizer({
    count: keys.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey: (index) => keys[index] ?? index,
    overscan: 4,
    // Older messages put above keep what is read in place: the virtualizer moves the offset by
    // their height while it renders, so the rows in view stay mounted (rather than rendering
    // the rows that were at the old offset and then scrolling back to these).
    anchorTo: 'end',
    // Rows scrolled into view render as a normal update, not inside the scroll event: their
    // effects (an App's bridge closing, say) then run in a task of their own, after the paint.
    useFlushSync: false,
    // Air above the first message and between the last one and the composer.
    paddingStart: 12,
    paddingEnd: 20,
  });
  const totalSize = virtualizer.getTotalSize();

  // Following: every change of size (a new row, a longer reply) keeps the bottom in view.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (following && element) element.scrollTop = element.scrollHeight;
  }, [following, totalSize, keys.length, scrollRef]);

  // Sending asks for what comes next: the new turn is followed, wherever the person had read to.
  useLayoutEffect(() => {
    if (sentId !== null) setFollowing(true);
  }, [sentId]);

  const onScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => {
      const element = event.currentTarget;
      const fromEnd = element.scrollHeight - element.scrollTop - element.clientHeight;
      if (fromEnd <= AT_END) setFollowing(true);
      else if (performance.now() - userInputAt.current < USER_SCROLL_MS) setFollowing(false);
      if (element.scrollTop < NEAR_TOP) onNearTop();
    },
    [onNearTop],
  );

  const onUserScroll = useCallback(() => {
    userInputAt.current = performance.now();
  }, []);

  const jumpToEnd = useCallback(() => {
    setFollowing(true);
    const element = scrollRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [scrollRef]);

  return { virtualizer, following, onScroll, onUserScroll, jumpToEnd };
}
