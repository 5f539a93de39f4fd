import { Settings, SquarePen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/StoresContext';
import { useOpenChat } from '../chat/useOpenChat';
import { ConversationList } from '../conversations/ConversationList';
import { InteractionsQueue } from '../interactions/InteractionsQueue';
import { ServerList } from '../servers/ServerList';
import { TasksNavItem } from '../tasks/TasksNavItem';

/** Left column: new chat, conversations, servers, settings. */
export function Sidebar() {
  const { t } = useTranslation();
  const view = useAppStore((s) => s.view);
  const toggleSettings = useAppStore((s) => s.toggleSettings);
  const openChat = useOpenChat();
  const inSettings = view.kind === 'settings';
  return (
    <aside className="sidebar" aria-label={t('sidebar.navigation')}>
      <div className="sidebar__brand">
        <img className="sidebar__logo" src="./favicon.svg" alt="" width={22} height={22} />
        <span>{t('app.name')}</span>
      </div>
      <button
        type="button"
        className="button button--primary sidebar__new"
        onClick={() => openChat(null)}
        title={`${t('sidebar.newChat')} (Ctrl+N)`}
        data-testid="new-chat"
      >
        <SquarePen aria-hidden /> {t('sidebar.newChat')}
      </button>
      <ConversationList />
      <div className="sidebar__servers">
        <ServerList />
      </div>
      <div className="sidebar__footer">
        <InteractionsQueue />
        <TasksNavItem />
        <button
          type="button"
          className={`sidebar__item${inSettings ? ' sidebar__item--active' : ''}`}
          aria-current={inSettings ? 'page' : undefined}
          onClick={toggleSettings}
          data-testid="open-settings"
          title={`${t('sidebar.settings')} (Ctrl+,)`}
        >
          <Settings aria-hidden /> {t('sidebar.settings')}
        </button>
      </div>
    </aside>
  );
}
