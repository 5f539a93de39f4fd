import { useEffect, useRef } from 'react';
import { useAppStore, useChatStore } from '../../stores/StoresContext';
import { hashToView, viewToHash } from './routes';

/**
 * Keeps the window's address and the screen in step: a new screen becomes a history entry
 * (Back returns to the previous one), and an address typed, reloaded or reached by Back
 * opens its screen.
 */
export function useHashRoute(): void {
  const view = useAppStore((s) => s.view);
  const setView = useAppStore((s) => s.setView);
  const open = useChatStore((s) => s.open);
  const first = useRef(true);

  useEffect(() => {
    const hash = viewToHash(view);
    const here = window.location.hash === hash;
    // The screen the window starts on names itself without adding a step to go back through
    // (and an address that names it already is left alone: a replace is a navigation).
    if (first.current && !here) window.history.replaceState(null, '', hash);
    else if (!first.current && !here) window.history.pushState(null, '', hash);
    first.current = false;
  }, [view]);

  useEffect(() => {
    const onHashChange = (): void => {
      const next = hashToView(window.location.hash);
      if (!next) return;
      if (next.kind === 'chat') void open(next.id);
      setView(next);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [open, setView]);
}
