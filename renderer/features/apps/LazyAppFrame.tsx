import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSharedTranslation } from '../../i18n/sharedTranslation';
import type { AppFrameHostProps } from './AppFrameHost';
import { queueMount } from './mountQueue';

const load = () => import('./AppFrameHost');
const Host = lazy(async () => ({ default: (await load()).AppFrameHost }));

/** How far outside the visible list an App already starts (px). */
const AHEAD = 200;

/**
 * An App frame, started when its card comes near the visible part of the list, one App per
 * task: a conversation of many Apps opens and scrolls like one of plain cards, and the bridge
 * (the extension's SDK) is loaded on first use, not in the app's first frame.
 */
export function AppFrame(props: AppFrameHostProps) {
  const { t } = useSharedTranslation();
  const [started, setStarted] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (started) return;
    const el = placeholder.current;
    let dequeue: (() => void) | undefined;
    const start = (): void => {
      dequeue ??= queueMount(() => setStarted(true));
    };
    if (!el || typeof IntersectionObserver === 'undefined') {
      start();
      return () => dequeue?.();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) start();
        else {
          dequeue?.();
          dequeue = undefined;
        }
      },
      { rootMargin: `${String(AHEAD)}px 0px` },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      dequeue?.();
    };
  }, [started]);

  // The card's shape before its App starts: the frame and the diagnostics' row, so the card
  // keeps its height when the App comes (a list following its end would jump otherwise).
  const waiting = (
    <div className="app-card">
      <div
        ref={placeholder}
        className="app-frame app-frame--border"
        data-testid="app-frame"
        data-phase="waiting"
      >
        <p className="app-frame__loading muted" role="status">
          {t('apps.loading', { name: props.label })}
        </p>
      </div>
      <div className="app-diagnostics-slot" aria-hidden="true" />
    </div>
  );
  if (!started) return waiting;
  return (
    <Suspense fallback={waiting}>
      <Host {...props} />
    </Suspense>
  );
}
