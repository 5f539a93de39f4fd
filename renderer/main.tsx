import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './App';
import { createI18n } from './i18n/createI18n';
import { createHostClient } from './host/HostClient';
import { createWsBridge, webSocketUrl, type ConnectionState } from './host/createWsBridge';
import { createAppStore } from './stores/appStore';
import { createConfigStore } from './stores/configStore';
import { createServersStore } from './stores/serversStore';
import { createSettingsStore } from './stores/settingsStore';
import { StoresProvider, type Stores } from './stores/StoresContext';
import './styles/app.css';
import './styles/components.css';
import './styles/controls.css';
import './styles/servers.css';
import './styles/serverDetail.css';
import './styles/tools.css';
import './styles/streams.css';
import './styles/config.css';

/** Renderer entry: pick the bridge (Electron preload or WebSocket), bootstrap, render. */
async function start(): Promise<void> {
  let onConnection: (state: ConnectionState) => void = () => {};
  const bridge =
    window.host ?? createWsBridge(webSocketUrl(window.location), (s) => onConnection(s));
  const client = createHostClient(bridge);
  const { settings, servers, ...info } = await client.invoke('app.bootstrap', {});
  const app = createAppStore(info);
  const stores: Stores = {
    app,
    settings: createSettingsStore(client, settings),
    servers: createServersStore(client, servers),
    config: createConfigStore(client),
  };
  onConnection = (state) => {
    app.getState().setConnection(state);
    // After a reconnect, refresh what may have changed while away.
    if (state === 'open') {
      void client
        .invoke('settings.get', {})
        .then((snapshot) => stores.settings.setState({ snapshot }));
      void stores.servers.getState().resync();
      if (stores.config.getState().disk) void stores.config.getState().load();
    }
  };
  const i18n = await createI18n(settings.language);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <StoresProvider stores={stores}>
          <App />
        </StoresProvider>
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
