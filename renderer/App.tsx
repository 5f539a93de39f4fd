import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApprovalDialog } from './features/approvals/ApprovalDialog';
import { ChatScreen } from './features/chat/ChatScreen';
import { useOpenChat } from './features/chat/useOpenChat';
import { CONVERSATION_SEARCH_ID } from './features/conversations/ConversationList';
import { BundleDropZone } from './features/bundles/BundleDropZone';
import { HomeScreen } from './features/shell/HomeScreen';
import {
  BundleScreen,
  ConfigEditorScreen,
  RegistryScreen,
  ServerDetailScreen,
  ServerFormScreen,
  ServersScreen,
  SettingsScreen,
  TasksScreen,
} from './features/shell/lazyScreens';
import { Sidebar } from './features/shell/Sidebar';
import { useApplyTheme } from './features/shell/useApplyTheme';
import { useLanguage } from './i18n/useLanguage';
import { useHashRoute } from './features/shell/useHashRoute';
import { useNarrowWindow } from './features/shell/useNarrowWindow';
import { useShortcuts } from './features/shell/useShortcuts';
import { sidebarIsRail, type View } from './stores/appStore';
import { useAppStore, useSettingsStore } from './stores/StoresContext';

/** The app shell: sidebar, main pane, approvals, connection banner, global shortcuts. */
export function App() {
  const { t } = useTranslation();
  const view = useAppStore((s) => s.view);
  const toggleSettings = useAppStore((s) => s.toggleSettings);
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const rail = useAppStore(sidebarIsRail);
  const narrow = useAppStore((s) => s.narrow);
  const overlay = useAppStore((s) => s.narrow && s.sidebarOverlay);
  const connection = useAppStore((s) => s.connection);
  const theme = useSettingsStore((s) => s.snapshot.theme);
  const language = useSettingsStore((s) => s.snapshot.language);
  const openChat = useOpenChat();
  useApplyTheme(theme);
  useLanguage(language);

  const shortcuts = useMemo(
    () => ({
      'Mod+,': toggleSettings,
      // Esc closes the sidebar laid over the pane, or settings; elsewhere it belongs to
      // editors, menus, dialogs and the chat.
      Escape: () => {
        // A dialog open (Add provider over Settings, say) takes Esc for itself alone.
        if (document.querySelector('dialog[open]')) return false;
        if (overlay) {
          toggleSidebar();
          return true;
        }
        return view.kind === 'settings' && toggleSettings();
      },
      'Mod+n': () => openChat(null),
      'Mod+b': toggleSidebar,
      'Mod+k': () => {
        const search = document.getElementById(CONVERSATION_SEARCH_ID);
        if (!search) return false;
        search.focus();
        return true;
      },
    }),
    [view.kind, overlay, toggleSettings, toggleSidebar, openChat],
  );
  useShortcuts(shortcuts);
  useHashRoute();
  useNarrowWindow();
  const frame = ['app', rail && 'app--sidebar-collapsed', narrow && 'app--narrow'];

  return (
    <div className={frame.filter(Boolean).join(' ')}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Sidebar />
      <main id="main" className={`main main--${view.kind}`} tabIndex={-1}>
        {connection !== 'open' && (
          <div className="banner" role="status" data-testid="connection-banner">
            {connection === 'connecting' ? t('app.connecting') : t('app.connectionLost')}
          </div>
        )}
        {/* A screen opened for the first time is fetched meanwhile (see lazyScreens). */}
        <Suspense fallback={null}>
          <Screen view={view} />
        </Suspense>
      </main>
      <ApprovalDialog />
      <BundleDropZone />
    </div>
  );
}

function Screen({ view }: { view: View }) {
  switch (view.kind) {
    case 'settings':
      return <SettingsScreen />;
    case 'config':
      return <ConfigEditorScreen />;
    case 'server':
      // Keyed so each server starts on its own first tab with fresh local state.
      return <ServerDetailScreen key={view.name} name={view.name} />;
    case 'chat':
      return <ChatScreen id={view.id} />;
    case 'serverForm':
      return <ServerFormScreen key={view.name ?? ''} {...(view.name ? { name: view.name } : {})} />;
    case 'registry':
      return <RegistryScreen />;
    case 'bundle':
      return <BundleScreen />;
    case 'tasks':
      return <TasksScreen />;
    case 'servers':
      return <ServersScreen />;
    default:
      return <HomeScreen />;
  }
}
