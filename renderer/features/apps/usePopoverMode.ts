import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useEffect, type RefObject } from 'react';

/**
 * Full screen and picture-in-picture without moving the App's frame (moving an iframe reloads
 * it): its wrapper becomes a manual popover, which the browser draws in the top layer, above
 * the chat and free of the list's scrolling and transforms. Escape goes back inline.
 */
export function usePopoverMode(
  ref: RefObject<HTMLElement | null>,
  mode: McpUiDisplayMode,
  onEscape: () => void,
): void {
  useEffect(() => {
    const el = ref.current;
    if (!el || mode === 'inline' || typeof el.showPopover !== 'function') return;
    el.setAttribute('popover', 'manual');
    el.showPopover();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') onEscape();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (el.matches(':popover-open')) el.hidePopover();
      el.removeAttribute('popover');
    };
  }, [ref, mode, onEscape]);
}
