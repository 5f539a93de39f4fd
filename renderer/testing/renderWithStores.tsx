import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { TaskView } from '../../shared/domain/tasks';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach } from 'vitest';
import type { ApprovalRequest } from '../../shared/domain/approvals';
import type { ConversationSummary } from '../../shared/domain/conversationViews';
import type { InteractionView } from '../../shared/domain/interactions';
import type { ServerView } from '../../shared/domain/mcpViews';
import type { SecretStorage } from '../../shared/domain/secretStorage';
import { defaultSettings, type SettingsSnapshot } from '../../shared/domain/settings';
import { createI18n } from '../i18n/createI18n';
import { createStores } from '../stores/createStores';
import { StoresProvider, type Stores } from '../stores/StoresContext';
import { idleAnswer } from './idleAnswer';
import { scriptedClient, type Script } from './scriptedClient';

// Vitest runs without globals, so Testing Library cannot unmount between tests by itself.
afterEach(cleanup);

export interface RenderOptions {
  servers?: ServerView[];
  conversations?: ConversationSummary[];
  pendingApprovals?: ApprovalRequest[];
  pendingInteractions?: InteractionView[];
  tasks?: TaskView[];
  settings?: Partial<SettingsSnapshot>;
  script?: Script;
  /** Where the shell says it keeps secrets (absent: an older main that does not say). */
  secretStorage?: SecretStorage;
}

/** Renders a component with real stores over a scripted host, in English. */
export async function renderWithStores(
  ui: ReactElement,
  {
    servers = [],
    conversations = [],
    pendingApprovals = [],
    pendingInteractions = [],
    tasks = [],
    settings = {},
    script = idleAnswer,
    secretStorage,
  }: RenderOptions = {},
): Promise<RenderResult & { stores: Stores; host: ReturnType<typeof scriptedClient> }> {
  const host = scriptedClient(script);
  const stores = createStores(
    host.client,
    {
      version: '0.0.0',
      platform: 'linux',
      shell: 'web',
      ...(secretStorage ? { secretStorage } : {}),
      settings: { ...defaultSettings, apiKeySource: 'none', ...settings },
      servers,
      conversations,
      pendingApprovals,
      pendingInteractions,
      tasks,
    },
    { searchDelayMs: 0 },
  );
  const i18n = await createI18n('en');
  const result = render(
    <I18nextProvider i18n={i18n}>
      <StoresProvider stores={stores}>{ui}</StoresProvider>
    </I18nextProvider>,
  );
  return { ...result, stores, host };
}
