import { PanelLeftClose, PanelLeftOpen, Settings, SquarePen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/StoresContext';
import { useOpenChat } from '../chat/useOpenChat';
import { ConversationList } from '../conversations/ConversationList';
import { InteractionsQueue } from '../interactions/InteractionsQueue';
import { ServerList } from '../servers/ServerList';
import { TasksNavItem } from '../tasks/TasksNavItem';
import { EventsBadge } from '../mcpEvents/EventsBadge';

/**
 * Left column: new chat, conversations, servers, settings. Collapsed (Ctrl/Cmd+B), it is a
 * narrow rail of icons that keeps new chat, the request queue and settings one click away.
 */
export function Sidebar() {
  const { t } = useTranslation();
  const view = useAppStore((s) => s.view);
  const collapsed = useAppStore((s) => s.sidebarCollapsed);
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const toggleSettings = useAppStore((s) => s.toggleSettings);
  const openChat = useOpenChat();
  const inSettings = view.kind === 'settings';
  const toggleLabel = collapsed ? t('layout.expandSidebar') : t('layout.collapseSidebar');
  return (
    <aside
      className={`sidebar${collapsed ? ' sidebar--collapsed' : ''}`}
      aria-label={t('sidebar.navigation')}
      data-testid="sidebar"
    >
      <div className="sidebar__brand">
        {!collapsed && (
          <>
            <img className="sidebar__logo" src="./favicon.svg" alt="" width={22} height={22} />
            <span className="sidebar__name">{t('app.name')}</span>
          </>
        )}
        <button
          type="button"
          className="icon-button sidebar__toggle"
          onClick={toggleSidebar}
          aria-label={toggleLabel}
          aria-expanded={!collapsed}
          title={`${toggleLabel} (Ctrl+B)`}
          data-testid="sidebar-toggle"
        >
          {collapsed ? <PanelLeftOpen /> : <PanelLeftClose />}
        </button>
      </div>
      <button
        type="button"
        className={`button button--primary sidebar__new${collapsed ? ' sidebar__new--icon' : ''}`}
        onClick={() => openChat(null)}
        title={`${t('sidebar.newChat')} (Ctrl+N)`}
        aria-label={collapsed ? t('sidebar.newChat') : undefined}
        data-testid="new-chat"
      >
        <SquarePen aria-hidden />
        {!collapsed && t('sidebar.newChat')}
      </button>
      {!collapsed && (
        <>
          <ConversationList />
          <div className="sidebar__servers">
            <ServerList />
          </div>
        </>
      )}
      <div className="sidebar__footer">
        <InteractionsQueue compact={collapsed} />
        <EventsBadge compact={collapsed} />
        <TasksNavItem compact={collapsed} />
        <button
          type="button"
          className={`sidebar__item${inSettings ? ' sidebar__item--active' : ''}`}
          aria-current={inSettings ? 'page' : undefined}
          aria-label={collapsed ? t('sidebar.settings') : undefined}
          onClick={toggleSettings}
          data-testid="open-settings"
          title={`${t('sidebar.settings')} (Ctrl+,)`}
        >
          <Settings aria-hidden />
          {!collapsed && t('sidebar.settings')}
        </button>
      </div>
    </aside>
  );
}
