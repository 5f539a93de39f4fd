import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSharedTranslation } from '../../i18n/sharedTranslation';
import type { AppFrameHostProps } from './AppFrameHost';
import { queueMount } from './mountQueue';
import { startWhenSettled } from './startWhenSettled';

const load = () => import('./AppFrameHost');
const Host = lazy(async () => ({ default: (await load()).AppFrameHost }));

/** How far outside the visible list an App already starts (px). */
const AHEAD = 200;
/** How long a card stays there before its App starts: one a scroll passes over does not. */
const SETTLE_MS = 100;

/**
 * An App frame, started when its card has stayed near the visible part of the list for a
 * moment (not while a scroll passes over it), one App per task: a conversation of many Apps
 * opens and scrolls like one of plain cards, and the bridge (the extension's SDK) is loaded on
 * first use, not in the app's first frame.
 */
export function AppFrame(props: AppFrameHostProps) {
  const { t } = useSharedTranslation();
  const [started, setStarted] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (started) return;
    return startWhenSettled(placeholder.current, () => queueMount(() => setStarted(true)), {
      marginPx: AHEAD,
      settleMs: SETTLE_MS,
    });
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
