import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore, useConversationsStore } from '../../stores/StoresContext';
import { useOpenChat } from '../chat/useOpenChat';
import { ConversationItem } from './ConversationItem';
import { DeleteDialog } from './DeleteDialog';
import { useErrorText } from '../../i18n/hostText';

/** Id of the search box, for the Ctrl/Cmd+K shortcut. */
export const CONVERSATION_SEARCH_ID = 'conversation-search';

/** The sidebar's conversations: newest first, searchable, each one renamable and deletable. */
export function ConversationList() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const conversations = useConversationsStore((s) => s.conversations);
  const query = useConversationsStore((s) => s.query);
  const results = useConversationsStore((s) => s.results);
  const setQuery = useConversationsStore((s) => s.setQuery);
  const view = useAppStore((s) => s.view);
  const openChat = useOpenChat();
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const searching = query.trim() !== '';
  const shown = searching ? (results?.state === 'ready' ? results.value : []) : conversations;
  const activeId = view.kind === 'chat' ? view.id : null;

  return (
    <section className="sidebar__section conversations" aria-labelledby="sidebar-conversations">
      {/* With the search box there ("Search conversations"), the heading is for screen readers. */}
      <h2
        id="sidebar-conversations"
        className={`sidebar__heading${conversations.length > 0 || searching ? ' sr-only' : ''}`}
      >
        {t('sidebar.conversations')}
      </h2>
      {/* Nothing to search in an empty list: the box would only be one more Tab stop. */}
      {(conversations.length > 0 || searching) && (
        <div className="conversations__search">
          <input
            id={CONVERSATION_SEARCH_ID}
            type="search"
            className="input conversations__search-input"
            placeholder={t('conversations.search')}
            aria-label={t('conversations.search')}
            title={`${t('conversations.search')} (Ctrl+K)`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && query) {
                e.preventDefault();
                setQuery('');
              }
            }}
          />
        </div>
      )}
      {conversations.length === 0 && !searching && (
        <p className="sidebar__empty">{t('sidebar.noConversations')}</p>
      )}
      {searching && results?.state === 'loading' && (
        <p className="sidebar__empty">{t('conversations.searching')}</p>
      )}
      {searching && results?.state === 'failed' && (
        <p className="sidebar__empty field__error">
          {t('conversations.searchFailed', { message: errorText(results.error) })}
        </p>
      )}
      {searching && results?.state === 'ready' && shown.length === 0 && (
        <p className="sidebar__empty">{t('conversations.noResults', { query: query.trim() })}</p>
      )}
      {shown.length > 0 && (
        <ul className="conversations__list" data-testid="conversation-list">
          {shown.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              active={conversation.id === activeId}
              query={query}
              onOpen={openChat}
              onDelete={(id, title) => setDeleting({ id, title })}
            />
          ))}
        </ul>
      )}
      {deleting && (
        <DeleteDialog id={deleting.id} title={deleting.title} onClose={() => setDeleting(null)} />
      )}
    </section>
  );
}
