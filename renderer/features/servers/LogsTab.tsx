import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '../../../shared/domain/mcpViews';
import { useVirtualList } from '../../components/useVirtualList';
import { useServersStore } from '../../stores/StoresContext';
import { formatTime } from './formatters';
import { filterLogs } from './streamFilters';
import { StreamToolbar } from './StreamToolbar';

const empty: LogEntry[] = [];

/** A server's log, live: stderr, its log notifications and the host's notes. */
export function LogsTab({ server }: { server: string }) {
  const { t } = useTranslation();
  const entries = useServersStore((s) => s.logs[server] ?? empty);
  const [filter, setFilter] = useState('');
  const deferred = useDeferredValue(filter);
  const shown = useMemo(() => filterLogs(entries, deferred), [entries, deferred]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const list = useVirtualList({ scrollRef, count: shown.length, estimateSize: 22, measured: true });
  const items = list.virtualizer.getVirtualItems();

  return (
    <div className="stream" data-testid="logs">
      <StreamToolbar
        filter={filter}
        onFilter={setFilter}
        placeholder={t('logs.filter')}
        shown={shown.length}
        total={entries.length}
        totalLabel={t('logs.count', { count: entries.length })}
        following={list.following}
        onJumpToEnd={list.jumpToEnd}
      />
      <div
        className="stream__scroll"
        ref={scrollRef}
        onScroll={list.onScroll}
        onWheel={list.onUserScroll}
        onTouchMove={list.onUserScroll}
        onPointerDown={list.onUserScroll}
        onKeyDown={list.onUserScroll}
        tabIndex={0}
        role="log"
        // Read at the person's pace: announcing every line of a chatty server would drown
        // everything else out.
        aria-live="off"
        aria-label={t('logs.label')}
      >
        {shown.length === 0 ? (
          <p className="muted stream__empty">
            {entries.length === 0 ? t('logs.empty') : t('logs.noMatch')}
          </p>
        ) : (
          <div className="stream__sizer" style={{ height: list.virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const entry = shown[item.index];
              if (!entry) return null;
              return (
                <div
                  key={entry.seq}
                  ref={list.virtualizer.measureElement}
                  data-index={item.index}
                  className={`log-line log-line--${levelTone(entry.level)}`}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <span className="log-line__time">{formatTime(entry.at)}</span>
                  <span className={`log-line__source log-line__source--${entry.source}`}>
                    {t(`logs.sources.${entry.source}`)}
                  </span>
                  <span className="log-line__level">{entry.level}</span>
                  <span className="log-line__text">{entry.text}</span>
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

function levelTone(level: string): 'error' | 'warn' | 'plain' {
  const l = level.toLowerCase();
  if (['error', 'critical', 'alert', 'emergency', 'fatal'].includes(l)) return 'error';
  if (l === 'warning' || l === 'warn') return 'warn';
  return 'plain';
}
