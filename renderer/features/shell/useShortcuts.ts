import { useEffect } from 'react';

export type ShortcutMap = Record<string, (event: KeyboardEvent) => void>;

/** Normalises a key event to `Mod+,` / `Escape` form (Mod = Cmd on macOS, Ctrl elsewhere). */
export function shortcutOf(event: KeyboardEvent): string {
  const mod = event.metaKey || event.ctrlKey;
  return `${mod ? 'Mod+' : ''}${event.shiftKey && event.key.length > 1 ? 'Shift+' : ''}${event.key}`;
}

/** Window-level keyboard shortcuts. */
export function useShortcuts(map: ShortcutMap): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const handler = map[shortcutOf(event)];
      if (handler) {
        event.preventDefault();
        handler(event);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [map]);
}
