import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach } from 'vitest';
import type { ServerView } from '../../shared/domain/mcpViews';
import { defaultSettings } from '../../shared/domain/settings';
import { createI18n } from '../i18n/createI18n';
import { createAppStore } from '../stores/appStore';
import { createConfigStore } from '../stores/configStore';
import { createServersStore } from '../stores/serversStore';
import { createSettingsStore } from '../stores/settingsStore';
import { StoresProvider, type Stores } from '../stores/StoresContext';
import { scriptedClient, type Script } from './scriptedClient';

// Vitest runs without globals, so Testing Library cannot unmount between tests by itself.
afterEach(cleanup);

/** Renders a component with real stores over a scripted host, in English. */
export async function renderWithStores(
  ui: ReactElement,
  { servers = [], script = () => undefined }: { servers?: ServerView[]; script?: Script } = {},
): Promise<RenderResult & { stores: Stores; host: ReturnType<typeof scriptedClient> }> {
  const host = scriptedClient(script);
  const stores: Stores = {
    app: createAppStore({ version: '0.0.0', platform: 'linux', shell: 'web' }),
    settings: createSettingsStore(host.client, { ...defaultSettings, apiKeySource: 'none' }),
    servers: createServersStore(host.client, servers),
    config: createConfigStore(host.client),
  };
  const i18n = await createI18n('en');
  const result = render(
    <I18nextProvider i18n={i18n}>
      <StoresProvider stores={stores}>{ui}</StoresProvider>
    </I18nextProvider>,
  );
  return { ...result, stores, host };
}
