import type { UiStatePatch } from '../../shared/domain/uiState';
import type { Bootstrap } from '../../shared/ipc/contract';
import type { HostClient } from '../host/HostClient';
import { createAppStore, homeView, type View } from './appStore';
import { createAppsStore } from './appsStore';
import { createApprovalsStore } from './approvalsStore';
import { createChatStore } from './chatStore';
import { createConfigStore } from './configStore';
import { createContextStore } from './contextStore';
import { createConversationsStore, type ConversationsStoreOptions } from './conversationsStore';
import { createGettingServersStore } from './gettingServersStore';
import { createInteractionsStore } from './interactionsStore';
import { createModelsStore } from './modelsStore';
import { createProvidersStore } from './providersStore';
import { createServersStore } from './serversStore';
import { createSecretsStore } from './secretsStore';
import { createSettingsStore } from './settingsStore';
import { createTasksStore } from './tasksStore';
import { createToolCostsStore } from './toolCostsStore';
import { createSkillsStore } from './skillsStore';
import { createEventsStore } from './mcpEventsStore';
import { createSandboxStore } from './sandboxStore';
import type { Stores } from './StoresContext';

/** How the stores start: the conversation list's search pace, and the screen to open. */
export interface StoresOptions extends ConversationsStoreOptions {
  /** The screen to start on (from the window's address); default: the last conversation. */
  view?: View;
}

/** Every store, created from the bootstrap snapshot, and the few links between them. */
export function createStores(
  client: HostClient,
  bootstrap: Bootstrap,
  options: StoresOptions = {},
): Stores {
  const {
    settings,
    servers,
    conversations,
    pendingApprovals,
    pendingInteractions,
    tasks,
    uiState = {},
    ...info
  } = bootstrap;
  const config = createConfigStore(client);
  const models = createModelsStore(client);
  const last = uiState.lastConversationId;
  const view =
    options.view ??
    (last && conversations.some((c) => c.id === last) ? { kind: 'chat', id: last } : homeView);
  const stores: Stores = {
    app: createAppStore(info, { view, sidebarCollapsed: uiState.sidebarCollapsed === true }),
    settings: createSettingsStore(client, settings),
    servers: createServersStore(client, servers),
    config,
    gettingServers: createGettingServersStore(client, config),
    conversations: createConversationsStore(client, conversations, options),
    chat: createChatStore(client),
    approvals: createApprovalsStore(client, pendingApprovals),
    models,
    interactions: createInteractionsStore(client, pendingInteractions),
    context: createContextStore(client),
    tasks: createTasksStore(client, tasks ?? []),
    apps: createAppsStore(client),
    skills: createSkillsStore(client),
    sandbox: createSandboxStore(client),
    secrets: createSecretsStore(client),
    providers: createProvidersStore(client, models),
    toolCosts: createToolCostsStore(client),
    events: createEventsStore(client),
  };
  rememberUiState(client, stores);
  // The open conversation was deleted (here or in another window): nothing is left to show.
  client.on('conversation.deleted', ({ id }) => {
    const view = stores.app.getState().view;
    if (view.kind === 'chat' && view.id === id) stores.app.getState().setView(homeView);
  });
  return stores;
}

/** Tells main where the window is, so the next start opens there (see `ui.update`). */
function rememberUiState(client: HostClient, stores: Stores): void {
  const save = (patch: UiStatePatch): void => {
    client.invoke('ui.update', patch).catch(() => undefined);
  };
  stores.app.subscribe((state, before) => {
    if (state.sidebarCollapsed !== before.sidebarCollapsed) {
      save({ sidebarCollapsed: state.sidebarCollapsed });
    }
    const id = state.view.kind === 'chat' ? state.view.id : null;
    const previous = before.view.kind === 'chat' ? before.view.id : null;
    // Only a conversation with an id is worth reopening; other screens keep the last one.
    if (id !== null && id !== previous) save({ lastConversationId: id });
  });
}

/** After a reconnect: refresh whatever may have changed while the socket was down. */
export async function resyncStores(client: HostClient, stores: Stores): Promise<void> {
  await Promise.all([
    client
      .invoke('settings.get', {})
      .then((snapshot) => stores.settings.setState({ snapshot }))
      .catch(() => undefined),
    stores.servers.getState().resync(),
    stores.config.getState().disk ? stores.config.getState().load() : Promise.resolve(),
    stores.conversations.getState().resync(),
    stores.approvals.getState().resync(),
    stores.interactions.getState().resync(),
    stores.chat.getState().resync(),
    stores.context.getState().resync(),
    stores.tasks.getState().resync(),
    stores.toolCosts.getState().refresh(),
    stores.skills.getState().resync(),
    stores.events.getState().resync(),
    stores.sandbox.getState().resync(),
    stores.providers.getState().list ? stores.providers.getState().load() : Promise.resolve(),
  ]);
}
