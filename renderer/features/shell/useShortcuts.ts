import { useLayoutEffect } from 'react';

export type ShortcutMap = Record<string, (event: KeyboardEvent) => unknown>;

/** Normalises a key event to `Mod+,` / `Escape` form (Mod = Cmd on macOS, Ctrl elsewhere). */
export function shortcutOf(event: KeyboardEvent): string {
  const mod = event.metaKey || event.ctrlKey;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return `${mod ? 'Mod+' : ''}${event.shiftKey && event.key.length > 1 ? 'Shift+' : ''}${key}`;
}

/**
 * Window-level keyboard shortcuts. A key something else already handled (an editor, a
 * dialog) is left alone, so Esc closing a search panel does not also leave the screen.
 * A handler that returns `false` did not act, and the key keeps its default.
 * Registered as a layout effect: a passive effect runs after the first paint, so a key pressed
 * as soon as the screen shows (on a busy machine) would otherwise be lost.
 */
export function useShortcuts(map: ShortcutMap): void {
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented) return;
      const handler = map[shortcutOf(event)];
      if (handler && handler(event) !== false) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [map]);
}
