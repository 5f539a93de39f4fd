import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigEditorScreen } from './features/config/ConfigEditorScreen';
import { ServerDetailScreen } from './features/servers/ServerDetailScreen';
import { HomeScreen } from './features/shell/HomeScreen';
import { Sidebar } from './features/shell/Sidebar';
import { useApplyTheme } from './features/shell/useApplyTheme';
import { useShortcuts } from './features/shell/useShortcuts';
import { SettingsScreen } from './features/settings/SettingsScreen';
import { homeView, type View } from './stores/appStore';
import { useAppStore, useSettingsStore } from './stores/StoresContext';

/** The app shell: sidebar, main pane, connection banner, global shortcuts. */
export function App() {
  const { t, i18n } = useTranslation();
  const view = useAppStore((s) => s.view);
  const setView = useAppStore((s) => s.setView);
  const connection = useAppStore((s) => s.connection);
  const theme = useSettingsStore((s) => s.snapshot.theme);
  const language = useSettingsStore((s) => s.snapshot.language);
  useApplyTheme(theme, language);
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [i18n, language]);

  const shortcuts = useMemo(
    () => ({
      'Mod+,': () => setView(view.kind === 'settings' ? homeView : { kind: 'settings' }),
      // Esc closes settings only: elsewhere it belongs to editors, menus and dialogs.
      Escape: () => view.kind === 'settings' && setView(homeView),
    }),
    [view, setView],
  );
  useShortcuts(shortcuts);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Sidebar />
      <main id="main" className="main" tabIndex={-1}>
        {connection !== 'open' && (
          <div className="banner" role="status" data-testid="connection-banner">
            {connection === 'connecting' ? t('app.connecting') : t('app.connectionLost')}
          </div>
        )}
        <Screen view={view} />
      </main>
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
    default:
      return <HomeScreen />;
  }
}
