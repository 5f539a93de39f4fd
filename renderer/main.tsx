// First: opens the socket and asks for the bootstrap while the rest of the page is evaluated.
import { hostConnection } from './host/hostConnection';
import { LucideProvider } from 'lucide-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { SharedTranslationProvider } from './i18n/sharedTranslation';
import { App } from './App';
import { applyTheme } from './features/shell/applyTheme';
import { hashToView } from './features/shell/routes';
import { createI18n } from './i18n/createI18n';
import { createStores, resyncStores } from './stores/createStores';
import { StoresProvider } from './stores/StoresContext';
import './styles/app.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/controls.css';
import './styles/servers.css';
import './styles/serverDetail.css';
import './styles/signIn.css';
import './styles/tools.css';
import './styles/streams.css';
import './styles/config.css';
import './styles/addServer.css';
import './styles/registryReview.css';
import './styles/conversations.css';
import './styles/chat.css';
import './styles/markdown.css';
import './styles/highlight.css';
import './styles/composer.css';
import './styles/toolCall.css';
import './styles/approvals.css';
import './styles/interactions.css';
import './styles/context.css';
import './styles/tasks.css';
import './styles/apps.css';
import './styles/skills.css';
import './styles/secrets.css';
import './styles/providers.css';
import './styles/settings.css';
import './styles/toolSearch.css';
import './styles/serverUse.css';
import './styles/events.css';
import './styles/sandbox.css';

/** Renderer entry: wait for the bootstrap (asked by `hostConnection`), then render. */
async function start(): Promise<void> {
  const { client } = hostConnection;
  const bootstrap = await hostConnection.bootstrap;
  const stores = createStores(client, bootstrap, { view: hashToView(window.location.hash) });
  hostConnection.onState((state) => {
    stores.app.getState().setConnection(state);
    // After a reconnect, refresh what may have changed while away.
    if (state === 'open') void resyncStores(client, stores);
  });
  const i18n = await createI18n(bootstrap.settings.language);
  // Before the first frame: its styles are worked out once, in the person's theme.
  applyTheme(bootstrap.settings.theme);
  document.documentElement.lang = bootstrap.settings.language;
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <SharedTranslationProvider>
          <StoresProvider stores={stores}>
            {/* One icon size and weight for the whole app; text-sized, like the labels beside them. */}
            <LucideProvider size={16} strokeWidth={1.75}>
              <App />
            </LucideProvider>
          </StoresProvider>
        </SharedTranslationProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  const root = document.getElementById('root');
  if (root) {
    root.textContent = `Switchboard could not start: ${error instanceof Error ? error.message : String(error)}`;
    root.className = 'fatal';
  }
});
