import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from './appStore';
import type { AppsState, AppsStore } from './appsStore';
import type { ApprovalsState, ApprovalsStore } from './approvalsStore';
import type { ChatState, ChatStore } from './chatStore';
import type { ConfigState, ConfigStore } from './configStore';
import type { ContextState, ContextStore } from './contextStore';
import type { ConversationsState, ConversationsStore } from './conversationsStore';
import type { GettingServersState, GettingServersStore } from './gettingServersStore';
import type { InteractionsState, InteractionsStore } from './interactionsStore';
import type { ModelsState, ModelsStore } from './modelsStore';
import type { ProvidersState, ProvidersStore } from './providersStore';
import type { ServersState, ServersStore } from './serversStore';
import type { SecretsState, SecretsStore } from './secretsStore';
import type { SettingsState, SettingsStore } from './settingsStore';
import type { TasksState, TasksStore } from './tasksStore';
import type { ToolCostsState, ToolCostsStore } from './toolCostsStore';
import type { SkillsState, SkillsStore } from './skillsStore';
import type { EventsState, EventsStore } from './mcpEventsStore';
import type { SandboxState, SandboxStore } from './sandboxStore';

/** Every store of the renderer, created once at start. */
export interface Stores {
  app: AppStore;
  settings: SettingsStore;
  servers: ServersStore;
  config: ConfigStore;
  /** The server form, the registry browser and bundle installs. */
  gettingServers: GettingServersStore;
  conversations: ConversationsStore;
  chat: ChatStore;
  approvals: ApprovalsStore;
  models: ModelsStore;
  interactions: InteractionsStore;
  context: ContextStore;
  tasks: TasksStore;
  apps: AppsStore;
  skills: SkillsStore;
  sandbox: SandboxStore;
  secrets: SecretsStore;
  providers: ProvidersStore;
  /** What tool definitions cost, and what the open chat's requests carry. */
  toolCosts: ToolCostsStore;
  /** MCP Events: subscriptions, event cards, the unseen count. */
  events: EventsStore;
}

const StoresContext = createContext<Stores | null>(null);

/** Makes the stores available to the selector hooks below. */
export function StoresProvider({ stores, children }: { stores: Stores; children: ReactNode }) {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>;
}

function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('StoresProvider is missing');
  return stores;
}

/** Tool definition costs per server and for the open chat. */
export function useToolCostsStore<T>(selector: (state: ToolCostsState) => T): T {
  return useStore(useStores().toolCosts, selector);
}

/** Selector hooks: components read stores only through these. */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(useStores().app, selector);
}

export function useSettingsStore<T>(selector: (state: SettingsState) => T): T {
  return useStore(useStores().settings, selector);
}

export function useServersStore<T>(selector: (state: ServersState) => T): T {
  return useStore(useStores().servers, selector);
}

export function useConfigStore<T>(selector: (state: ConfigState) => T): T {
  return useStore(useStores().config, selector);
}

/** The conversation list and its search. */
export function useConversationsStore<T>(selector: (state: ConversationsState) => T): T {
  return useStore(useStores().conversations, selector);
}

/** The open conversation and its running turn. */
export function useChatStore<T>(selector: (state: ChatState) => T): T {
  return useStore(useStores().chat, selector);
}

/** Waiting tool calls and "always allow" grants. */
export function useApprovalsStore<T>(selector: (state: ApprovalsState) => T): T {
  return useStore(useStores().approvals, selector);
}

/** The model list for the picker. */
export function useModelsStore<T>(selector: (state: ModelsState) => T): T {
  return useStore(useStores().models, selector);
}

/** Server requests waiting for the person (sampling, elicitation, URLs), roots, policies. */
/** MCP Apps: what App frames ask of main, pending App context, UI resource lists. */
export function useAppsStore<T>(selector: (state: AppsState) => T): T {
  return useStore(useStores().apps, selector);
}

export function useInteractionsStore<T>(selector: (state: InteractionsState) => T): T {
  return useStore(useStores().interactions, selector);
}

/** Resources and prompts for the composer: lists, attachments, watched resources. */
export function useContextStore<T>(selector: (state: ContextState) => T): T {
  return useStore(useStores().context, selector);
}

/** Adding servers: the form, the MCP Registry browser, bundles. */
export function useGettingServersStore<T>(selector: (state: GettingServersState) => T): T {
  return useStore(useStores().gettingServers, selector);
}

/** Tool calls running as tasks on their servers, across conversations. */
export function useTasksStore<T>(selector: (state: TasksState) => T): T {
  return useStore(useStores().tasks, selector);
}

/** Sandboxed servers: their rules and what the sandbox refused them. */
export function useSandboxStore<T>(selector: (state: SandboxState) => T): T {
  return useStore(useStores().sandbox, selector);
}

/** Servers' skills and which are offered to the model. */
export function useSkillsStore<T>(selector: (state: SkillsState) => T): T {
  return useStore(useStores().skills, selector);
}

/** Names of the secrets kept for the servers file (never their values). */
export function useSecretsStore<T>(selector: (state: SecretsState) => T): T {
  return useStore(useStores().secrets, selector);
}

/** The model providers (settings). */
export function useProvidersStore<T>(selector: (state: ProvidersState) => T): T {
  return useStore(useStores().providers, selector);
}

/** MCP Events: subscriptions, event cards, the unseen count. */
export function useEventsStore<T>(selector: (state: EventsState) => T): T {
  return useStore(useStores().events, selector);
}
