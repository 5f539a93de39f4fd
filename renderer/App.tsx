import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HomeScreen } from './features/shell/HomeScreen';
import { Sidebar } from './features/shell/Sidebar';
import { useApplyTheme } from './features/shell/useApplyTheme';
import { useShortcuts } from './features/shell/useShortcuts';
import { SettingsScreen } from './features/settings/SettingsScreen';
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
      'Mod+,': () => setView(view === 'settings' ? 'home' : 'settings'),
      Escape: () => setView('home'),
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
        {view === 'settings' ? <SettingsScreen /> : <HomeScreen />}
      </main>
    </div>
  );
}
