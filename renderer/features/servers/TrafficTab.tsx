import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useDeferredValue, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrafficEntry } from '../../../shared/domain/mcpViews';
import { BoundedText } from '../../components/BoundedText';
import { useVirtualList } from '../../components/useVirtualList';
import { useServersStore } from '../../stores/StoresContext';
import { formatBytes, formatDuration, formatTime, prettyPreview } from './formatters';
import { filterTraffic } from './streamFilters';
import { StreamToolbar } from './StreamToolbar';

const empty: TrafficEntry[] = [];
const ROW = 28;

/** A server's JSON-RPC traffic in order; pick a message to read it. */
export function TrafficTab({ server }: { server: string }) {
  const { t } = useTranslation();
  const entries = useServersStore((s) => s.traffic[server] ?? empty);
  const [filter, setFilter] = useState('');
  const deferred = useDeferredValue(filter);
  const shown = useMemo(() => filterTraffic(entries, deferred), [entries, deferred]);
  const [selectedSeq, setSelectedSeq] = useState<number | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const list = useVirtualList({ scrollRef, count: shown.length, estimateSize: ROW });
  const selectedIndex = shown.findIndex((e) => e.seq === selectedSeq);
  const selected = shown[selectedIndex];

  const select = (index: number): void => {
    const entry = shown[index];
    if (!entry) return;
    setSelectedSeq(entry.seq);
    list.pause();
    list.virtualizer.scrollToIndex(index, { align: 'auto' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    list.onUserScroll();
    const last = shown.length - 1;
    const from = selectedIndex === -1 ? last + 1 : selectedIndex;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW * 10) / ROW) - 1);
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, from + 1),
      ArrowUp: Math.max(0, from - 1),
      PageDown: Math.min(last, from + page),
      PageUp: Math.max(0, from - page),
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target === undefined || last < 0) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className="stream stream--split" data-testid="traffic">
      <StreamToolbar
        filter={filter}
        onFilter={setFilter}
        placeholder={t('traffic.filter')}
        shown={shown.length}
        total={entries.length}
        totalLabel={t('traffic.count', { count: entries.length })}
        following={list.following}
        onJumpToEnd={list.jumpToEnd}
      />
      <div className="traffic-row traffic-row--head" aria-hidden="true">
        <span />
        <span>{t('traffic.time')}</span>
        <span>{t('traffic.kind')}</span>
        <span>{t('traffic.method')}</span>
        <span>{t('traffic.id')}</span>
        <span className="traffic-row__num">{t('traffic.duration')}</span>
        <span className="traffic-row__num">{t('traffic.size')}</span>
      </div>
      <div
        className="stream__scroll stream__scroll--traffic"
        ref={scrollRef}
        onScroll={list.onScroll}
        onWheel={list.onUserScroll}
        onTouchMove={list.onUserScroll}
        onPointerDown={list.onUserScroll}
        onKeyDown={onKeyDown}
        tabIndex={0}
        role="listbox"
        aria-label={t('traffic.label')}
        aria-activedescendant={selected ? `traffic-${selected.seq}` : undefined}
      >
        {shown.length === 0 ? (
          <p className="muted stream__empty">
            {entries.length === 0 ? t('traffic.empty') : t('logs.noMatch')}
          </p>
        ) : (
          <div className="stream__sizer" style={{ height: list.virtualizer.getTotalSize() }}>
            {list.virtualizer.getVirtualItems().map((item) => {
              const entry = shown[item.index];
              if (!entry) return null;
              const active = entry.seq === selectedSeq;
              return (
                <div
                  key={entry.seq}
                  id={`traffic-${entry.seq}`}
                  role="option"
                  aria-selected={active}
                  className={`traffic-row traffic-row--${entry.kind}${active ? ' traffic-row--active' : ''}`}
                  style={{ transform: `translateY(${item.start}px)` }}
                  onClick={() => select(item.index)}
                >
                  <span
                    className={`traffic-row__dir traffic-row__dir--${entry.direction}`}
                    title={entry.direction === 'out' ? t('traffic.out') : t('traffic.in')}
                  >
                    {entry.direction === 'out' ? (
                      <ArrowRight aria-hidden />
                    ) : (
                      <ArrowLeft aria-hidden />
                    )}
                    <span className="sr-only">
                      {entry.direction === 'out' ? t('traffic.out') : t('traffic.in')}
                    </span>
                  </span>
                  <span className="traffic-row__time">{formatTime(entry.at)}</span>
                  <span className="traffic-row__kind">{t(`traffic.kinds.${entry.kind}`)}</span>
                  <span className="traffic-row__method">{entry.method ?? ''}</span>
                  <span className="traffic-row__id">{entry.id ?? ''}</span>
                  <span className="traffic-row__num">
                    {entry.durationMs === undefined ? '' : formatDuration(entry.durationMs)}
                  </span>
                  <span className="traffic-row__num">{formatBytes(entry.bytes)}</span>
                </div>
              );
            })}
          </div>
        )}
      </div>
      <div className="traffic-preview" data-testid="traffic-preview">
        {selected ? (
          <>
            {selected.truncated && (
              <p className="muted">
                {t('traffic.truncated', { size: formatBytes(selected.bytes) })}
              </p>
            )}
            <BoundedText text={prettyPreview(selected.preview, selected.truncated)} />
          </>
        ) : (
          <p className="muted">{t('traffic.pick')}</p>
        )}
      </div>
    </div>
  );
}
