import { useEffect, useState, type RefObject } from 'react';

/** The messages keep at least this much of the chat when the dock is at its largest. */
const MIN_MESSAGES = 96;
/** The parts of the chat that shrink when the dock grows. */
const GROWS = '.chat__list-frame, .chat__empty, .chat__loading';

/**
 * How tall the dock may be in the chat that holds it: the chat's height less its header,
 * composer and other fixed parts, and a sliver of messages. Follows the window's size.
 */
export function useDockRoom(dock: RefObject<HTMLElement | null>, active: boolean): number {
  const [room, setRoom] = useState(0);
  useEffect(() => {
    const chat = dock.current?.parentElement;
    if (!active || !chat) return;
    const measure = (): void => {
      let fixed = 0;
      for (const child of chat.children) {
        // The messages (or the empty chat) give way; everything else keeps its height.
        if (child === dock.current || child.matches(GROWS)) continue;
        fixed += child.getBoundingClientRect().height;
      }
      setRoom(Math.max(0, Math.floor(chat.clientHeight - fixed - MIN_MESSAGES)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(chat);
    return () => observer.disconnect();
  }, [dock, active]);
  return room;
}
