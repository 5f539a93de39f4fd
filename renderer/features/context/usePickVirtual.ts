import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, type RefObject } from 'react';
import type { PickRow } from './pickerRows';

/** Rows above which the menu renders only what is in view. */
export const VIRTUALIZE_ABOVE = 60;
export const HEADING_HEIGHT = 30;
export const ENTRY_HEIGHT = 50;

/**
 * Virtualizes a long menu (fixed row heights: headings and entries) and keeps the active
 * entry in view as the keyboard moves it. Short menus render every row.
 */
export function usePickVirtual(
  scrollRef: RefObject<HTMLDivElement | null>,
  rows: readonly PickRow[],
  activeRow: number,
) {
  const enabled = rows.length > VIRTUALIZE_ABOVE;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'server' ? HEADING_HEIGHT : ENTRY_HEIGHT),
    overscan: 8,
    enabled,
  });
  useEffect(() => {
    if (activeRow < 0) return;
    if (enabled) virtualizer.scrollToIndex(activeRow, { align: 'auto' });
    else {
      const element = scrollRef.current?.querySelector<HTMLElement>(
        `[data-row="${String(activeRow)}"]`,
      );
      // jsdom has no scrollIntoView.
      if (element && typeof element.scrollIntoView === 'function') {
        element.scrollIntoView({ block: 'nearest' });
      }
    }
  }, [activeRow, enabled, virtualizer, scrollRef]);
  return { enabled, virtualizer };
}
