import { ArrowDown } from 'lucide-react';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatRow } from '../../stores/chatRows';
import type { ChatMessage } from '../../stores/chatModel';
import { useChatStore } from '../../stores/StoresContext';
import { estimateMessageHeight, MessageRow } from './MessageRow';
import { sentToolResults } from './toolResults';
import { TurnFooter } from './TurnFooter';
import { useChatScroll } from './useChatScroll';

/** The conversation's messages, virtualized: thousands of them scroll like a few. */
export function MessageList({ rows }: { rows: ChatRow[] }) {
  const { t } = useTranslation();
  const stored = useChatStore((s) => s.messages);
  const added = useChatStore((s) => s.live?.added);
  const hasMore = useChatStore((s) => s.hasMore);
  const loadingOlder = useChatStore((s) => s.loadingOlder);
  const loadOlder = useChatStore((s) => s.loadOlder);
  const sentId = useChatStore((s) => s.outgoing?.id ?? null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentResults = useMemo(
    () => sentToolResults(added ? [...stored, ...added] : stored),
    [stored, added],
  );
  const keys = useMemo(() => rows.map((r) => r.key), [rows]);
  const estimateSize = useCallback(
    (index: number) => {
      const row = rows[index];
      return row?.kind === 'message' ? estimateMessageHeight(row.message) : 48;
    },
    [rows],
  );
  const onNearTop = useCallback(() => {
    if (hasMore && !loadingOlder) void loadOlder();
  }, [hasMore, loadingOlder, loadOlder]);
  const scroll = useChatScroll({ scrollRef, keys, estimateSize, onNearTop, sentId });
  const items = scroll.virtualizer.getVirtualItems();

  return (
    <div className="chat__list-frame">
      <div
        className="chat__list"
        ref={scrollRef}
        onScroll={scroll.onScroll}
        onWheel={scroll.onUserScroll}
        onTouchMove={scroll.onUserScroll}
        onPointerDown={scroll.onUserScroll}
        onKeyDown={scroll.onUserScroll}
        tabIndex={0}
        role="log"
        // Replies are read at the person's pace; announcing every streamed word would drown
        // everything else out. The thinking and retry notes are status messages of their own.
        aria-live="off"
        aria-label={t('chat.messages')}
        // Older pages still arriving in the background; the count is what the list holds.
        aria-busy={loadingOlder}
        data-testid="message-list"
        data-messages={stored.length}
        data-complete={!hasMore && !loadingOlder}
      >
        <div className="chat__sizer" style={{ height: scroll.virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={row.key}
                ref={scroll.virtualizer.measureElement}
                data-index={item.index}
                className="chat__row"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {row.kind === 'message' ? (
                  <MessageRow
                    message={row.message satisfies ChatMessage}
                    lastReply={row.lastReply}
                    continued={row.continued}
                    editable={row.editable}
                    sentResults={sentResults}
                  />
                ) : (
                  <TurnFooter footer={row.footer} />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {/* Over the list, not in it (appearing and going, it must not move what is read); only
          for someone scrolled up, since the history loads in the background after opening. */}
      {loadingOlder && !scroll.following && (
        <p className="chat__older muted">{t('chat.loadingOlder')}</p>
      )}
      {!scroll.following && (
        <button
          type="button"
          className="button button--small chat__jump"
          onClick={scroll.jumpToEnd}
        >
          <ArrowDown aria-hidden /> {t('chat.jumpToLatest')}
        </button>
      )}
    </div>
  );
}
