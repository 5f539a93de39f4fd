import { Maximize2, Minimize2 } from 'lucide-react';
import { Suspense, useMemo, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore, useInteractionsStore } from '../../stores/StoresContext';
import { InteractionPanel } from './lazyInteractions';
import { useDockRoom } from './useDockRoom';

/** The dock never gets smaller than this. */
const MIN_DOCK = 160;
/** Arrow keys on the handle move it by this much. */
const STEP = 40;

/**
 * Requests made while a turn of this conversation ran, shown in the conversation itself: in a
 * dock between the messages and the composer, as wide as the chat column, that takes 60% of
 * the chat by default and can be resized (drag or arrow keys on its top edge) or maximized.
 */
export function InlineInteractions({ conversationId }: { conversationId: string | null }) {
  const { t } = useTranslation();
  const pending = useInteractionsStore((s) => s.pending);
  const height = useAppStore((s) => s.dockHeight);
  const setHeight = useAppStore((s) => s.setDockHeight);
  const dock = useRef<HTMLDivElement>(null);
  const here = useMemo(
    () =>
      conversationId === null
        ? []
        : pending.filter((i) => i.origin.conversationId === conversationId),
    [pending, conversationId],
  );
  const room = useDockRoom(dock, here.length > 0);
  if (here.length === 0) return null;

  const maxHeight = Math.max(MIN_DOCK, room);
  const clamp = (value: number): number => Math.min(maxHeight, Math.max(MIN_DOCK, value));
  // Until the person sizes it: 60% of the room, never less than the minimum.
  const shown = clamp(height ?? Math.round((room + MIN_DOCK) * 0.6));
  const maximized = shown >= maxHeight;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    event.preventDefault();
    const startY = event.clientY;
    const start = shown;
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const move = (e: globalThis.PointerEvent): void => setHeight(clamp(start + startY - e.clientY));
    const up = (): void => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const next =
      event.key === 'ArrowUp'
        ? shown + STEP
        : event.key === 'ArrowDown'
          ? shown - STEP
          : event.key === 'Home'
            ? maxHeight
            : event.key === 'End'
              ? MIN_DOCK
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setHeight(clamp(next));
  };

  return (
    <div
      ref={dock}
      className="interactions-dock"
      style={{ height: shown }}
      data-testid="interactions-inline"
    >
      <div
        className="interactions-dock__handle"
        role="separator"
        aria-orientation="horizontal"
        aria-label={t('dock.resize')}
        aria-valuemin={MIN_DOCK}
        aria-valuemax={maxHeight}
        aria-valuenow={shown}
        tabIndex={0}
        title={t('dock.resizeHint')}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        data-testid="dock-handle"
      />
      <button
        type="button"
        className="icon-button interactions-dock__size"
        aria-label={maximized ? t('dock.restore') : t('dock.maximize')}
        title={maximized ? t('dock.restore') : t('dock.maximize')}
        onClick={() => setHeight(maximized ? null : maxHeight)}
        data-testid="dock-maximize"
      >
        {maximized ? <Minimize2 /> : <Maximize2 />}
      </button>
      <div className="interactions-dock__scroll">
        <Suspense fallback={null}>
          {here.map((interaction) => (
            <InteractionPanel key={interaction.id} interaction={interaction} />
          ))}
        </Suspense>
      </div>
    </div>
  );
}
