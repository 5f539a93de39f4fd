import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyChatModel, isRunning } from '../../stores/chatModel';
import { chatRows } from '../../stores/chatRows';
import { conversationLabel } from '../../stores/conversationsReducers';
import { useAppStore, useChatStore, useConversationsStore } from '../../stores/StoresContext';
import { InlineInteractions } from '../interactions/InlineInteractions';
import { ConversationEvents } from '../mcpEvents/ConversationEvents';
import { ToolSearchBar } from '../toolSearch/ToolSearchBar';
import { useShortcuts } from '../shell/useShortcuts';
import { ChatHeaderActions } from './ChatHeaderActions';
import { Composer } from './Composer';
import { EmptyChat } from './EmptyChat';
import { MessageList } from './MessageList';
import { useErrorText } from '../../i18n/hostText';

/** One conversation: its messages, the running reply, and the composer. */
export function ChatScreen({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const open = useChatStore((s) => s.open);
  const conversationId = useChatStore((s) => s.conversationId);
  const load = useChatStore((s) => s.load);
  const messages = useChatStore((s) => s.messages);
  const live = useChatStore((s) => s.live);
  const outgoing = useChatStore((s) => s.outgoing);
  const lastStop = useChatStore((s) => s.lastStop);
  const actionError = useChatStore((s) => s.actionError);
  const dismissError = useChatStore((s) => s.dismissError);
  const stop = useChatStore((s) => s.stop);
  const summary = useConversationsStore((s) =>
    s.conversations.find((c) => c.id === conversationId),
  );
  const setView = useAppStore((s) => s.setView);

  useEffect(() => {
    void open(id);
  }, [id, open]);

  const rows = useMemo(
    () => chatRows({ ...emptyChatModel, conversationId, messages, live, outgoing, lastStop }),
    [conversationId, messages, live, outgoing, lastStop],
  );
  const turnRunning = useChatStore(isRunning);
  // Opened while a turn runs, before its next event: main's summary already knows.
  const running = turnRunning || summary?.running === true;
  const shortcuts = useMemo(
    () => ({
      Escape: () => {
        if (!running) return false;
        void stop();
        return true;
      },
    }),
    [running, stop],
  );
  useShortcuts(shortcuts);

  const current = id === null || conversationId === id;
  const title = summary
    ? conversationLabel(summary) || t('conversations.untitled')
    : t('conversations.untitled');
  const listKey = conversationId ?? 'new';

  return (
    <div className="chat" data-testid="chat">
      <header className="chat__header">
        <h1 className="chat__title">{title}</h1>
        {running && (
          <span className="status-badge status-badge--busy">{t('conversations.running')}</span>
        )}
        {conversationId && current && <ChatHeaderActions id={conversationId} title={title} />}
      </header>
      {!current || load.state === 'loading' ? (
        <p className="chat__loading muted" role="status">
          {t('chat.loading')}
        </p>
      ) : load.state === 'failed' ? (
        <p className="chat__loading field__error" role="alert">
          {t('chat.loadFailed', { message: errorText(load.error) })}
        </p>
      ) : rows.length === 0 ? (
        <EmptyChat conversationModel={summary?.model} />
      ) : (
        <MessageList key={`list-${listKey}`} rows={rows} />
      )}
      {current && <InlineInteractions conversationId={conversationId} />}
      {current && conversationId && <ConversationEvents conversationId={conversationId} />}
      {actionError && (
        <div className="chat__error notice notice--warn notice--actions" role="alert">
          <span>{t('chat.actionFailed', { message: errorText(actionError) })}</span>
          <button type="button" className="button button--small" onClick={dismissError}>
            {t('chat.dismiss')}
          </button>
        </div>
      )}
      {current && (
        <ToolSearchBar conversationId={conversationId} conversationModel={summary?.model} />
      )}
      <Composer
        key={`composer-${listKey}`}
        running={running}
        conversationModel={summary?.model}
        onSent={(sentTo) => {
          if (id !== sentTo) setView({ kind: 'chat', id: sentTo });
        }}
      />
    </div>
  );
}
