import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CatalogCosts, ConversationToolSearch } from '../../shared/domain/toolSearch';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type ActionResult, type ErrorInfo } from './loadable';

/** What the open chat's costs are for: a conversation, or a new chat with its model. */
export interface ChatCostsKey {
  conversationId: string | null;
  model?: string;
  /** A new chat's own tool search choice (it has no conversation to keep it yet). */
  mode?: ConversationToolSearch;
}

/** The tool costs store's state and actions. */
export interface ToolCostsState {
  /** The catalogue's costs under the settings (the Servers list); null until first read. */
  catalog: CatalogCosts | null;
  /** The open chat's costs: its choice, loaded tools, model and context. */
  chat: { key: ChatCostsKey; costs: CatalogCosts } | null;
  error: ErrorInfo | null;
  /** Reads the catalogue's costs again. */
  refresh: () => Promise<void>;
  /** Follows a chat (or stops following with null). */
  watchChat: (key: ChatCostsKey | null) => Promise<void>;
  /** A conversation's own tool search choice. */
  setConversationMode: (id: string, mode: ConversationToolSearch) => Promise<ActionResult>;
}

export type ToolCostsStore = StoreApi<ToolCostsState>;

/** Changes come in bursts (servers starting, a turn's events): one read after they settle. */
const SETTLE_MS = 250;

/**
 * Projection of main's tool definition costs: per server and in total for the Servers list,
 * and for the open chat (what its requests carry, the context they fill). Read on demand and
 * again after servers, tools, settings or the conversation change.
 */
export function createToolCostsStore(client: HostClient): ToolCostsStore {
  let chatGeneration = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const store = createStore<ToolCostsState>()((set, get) => {
    const readChat = async (key: ChatCostsKey): Promise<void> => {
      const generation = ++chatGeneration;
      try {
        const costs = await client.invoke('catalog.costs', {
          ...(key.conversationId ? { conversationId: key.conversationId } : {}),
          ...(key.model ? { model: key.model } : {}),
          ...(key.mode && !key.conversationId ? { mode: key.mode } : {}),
        });
        // An answer for a chat no longer open is dropped.
        if (generation === chatGeneration) set({ chat: { key, costs }, error: null });
      } catch (error) {
        if (generation === chatGeneration) set({ error: errorInfo(error) });
      }
    };
    return {
      catalog: null,
      chat: null,
      error: null,
      refresh: async () => {
        try {
          set({ catalog: await client.invoke('catalog.costs', {}), error: null });
        } catch (error) {
          set({ error: errorInfo(error) });
        }
        const chat = get().chat;
        if (chat) await readChat(chat.key);
      },
      watchChat: async (key) => {
        if (!key) {
          chatGeneration++;
          set({ chat: null });
          return;
        }
        await readChat(key);
      },
      setConversationMode: async (id, mode) => {
        try {
          const costs = await client.invoke('conversation.setToolSearch', { id, mode });
          chatGeneration++;
          set({ chat: { key: { conversationId: id }, costs } });
          return { ok: true };
        } catch (error) {
          return { ok: false, error: errorInfo(error) };
        }
      },
    };
  });

  const later = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void store.getState().refresh(), SETTLE_MS);
  };
  client.on('mcp.serversChanged', later);
  client.on('mcp.toolsChanged', later);
  client.on('settings.changed', later);
  client.on('conversation.updated', ({ conversation }) => {
    const chat = store.getState().chat;
    // A turn ended or started: the loaded tools and the conversation's size changed.
    if (chat?.key.conversationId === conversation.id && !conversation.running) later();
  });
  return store;
}
