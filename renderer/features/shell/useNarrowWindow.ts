import { useEffect } from 'react';
import { NARROW_WINDOW_PX } from '../../stores/appStore';
import { useAppStore } from '../../stores/StoresContext';

/** Keeps the app store's `narrow` in step with the window's width. */
export function useNarrowWindow(): void {
  const setNarrow = useAppStore((s) => s.setNarrow);
  useEffect(() => {
    // jsdom has no matchMedia; a window without it is treated as wide.
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(`(max-width: ${NARROW_WINDOW_PX - 0.02}px)`);
    const apply = (): void => setNarrow(query.matches);
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, [setNarrow]);
}
