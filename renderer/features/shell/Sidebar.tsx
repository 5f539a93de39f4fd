import { AppLogo } from '../../components/AppLogo';
import { PanelLeftClose, PanelLeftOpen, Settings, SquarePen } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { sidebarIsRail } from '../../stores/appStore';
import { useAppStore } from '../../stores/StoresContext';
import { useOpenChat } from '../chat/useOpenChat';
import { ConversationList } from '../conversations/ConversationList';
import { InteractionsQueue } from '../interactions/InteractionsQueue';
import { RailServers } from '../servers/RailServers';
import { ServerList } from '../servers/ServerList';
import { TasksNavItem } from '../tasks/TasksNavItem';
import { EventsBadge } from '../mcpEvents/EventsBadge';

/**
 * Left column: new chat, conversations (most of the height), the servers' summary, settings.
 * Collapsed (Ctrl/Cmd+B), it is a narrow rail of icons that keeps new chat, the request queue
 * and settings one click away. In a narrow window it is the rail, and opening it lays it over
 * the main pane until a screen is chosen (or Esc, or a click beside it).
 */
export function Sidebar() {
  const { t } = useTranslation();
  const view = useAppStore((s) => s.view);
  const collapsed = useAppStore(sidebarIsRail);
  const overlay = useAppStore((s) => s.narrow && s.sidebarOverlay);
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const toggleSettings = useAppStore((s) => s.toggleSettings);
  const openChat = useOpenChat();
  const inSettings = view.kind === 'settings';
  const toggleLabel = collapsed ? t('layout.expandSidebar') : t('layout.collapseSidebar');
  // The lists and counters render just after the first frame (false on mount, then true), so
  // the window's first paint, and the composer in it, wait for none of them.
  const listed = useDeferredValue(true, false);
  return (
    <>
      <aside
        className={`sidebar${collapsed ? ' sidebar--collapsed' : ''}${overlay ? ' sidebar--overlay' : ''}`}
        aria-label={t('sidebar.navigation')}
        data-testid="sidebar"
      >
        <div className="sidebar__brand">
          {!collapsed && (
            <>
              <AppLogo className="sidebar__logo" size={22} />
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
        {!listed ? (
          <div className="sidebar__pending" />
        ) : collapsed ? (
          <RailServers />
        ) : (
          <>
            <ConversationList />
            <ServerList />
          </>
        )}
        <div className="sidebar__footer">
          {listed && (
            <>
              <InteractionsQueue compact={collapsed} />
              <EventsBadge compact={collapsed} />
              <TasksNavItem compact={collapsed} />
            </>
          )}
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
      {overlay && (
        // The pane beside the open sidebar: a click there closes it (Esc does from the keyboard).
        <div className="sidebar-backdrop" aria-hidden="true" onClick={toggleSidebar} />
      )}
    </>
  );
}
