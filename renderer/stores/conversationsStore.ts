import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConversationExport } from '../../shared/domain/conversationExport';
import type { ConversationSummary } from '../../shared/domain/conversationViews';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type ActionResult, type ErrorInfo, type Loadable } from './loadable';
import {
  patchResults,
  removeConversation,
  sortConversations,
  upsertConversation,
} from './conversationsReducers';

/** The created conversation, or why it was not. */
export type CreateResult =
  { ok: true; conversation: ConversationSummary } | { ok: false; error: ErrorInfo };

/** A conversation as one document to save, or why it could not be read. */
export type ExportResult =
  { ok: true; document: ConversationExport } | { ok: false; error: ErrorInfo };

/** The conversations store's state and actions. */
export interface ConversationsState {
  /** Every conversation, newest activity first. */
  conversations: ConversationSummary[];
  /** What the search box holds. */
  query: string;
  /** The answer for `query`; null while the box is empty. */
  results: Loadable<ConversationSummary[]> | null;
  setQuery: (query: string) => void;
  create: (title?: string) => Promise<CreateResult>;
  rename: (id: string, title: string) => Promise<ActionResult>;
  remove: (id: string) => Promise<ActionResult>;
  /** The whole conversation with full tool results, for Export. */
  exportDocument: (id: string) => Promise<ExportResult>;
  /** After a reconnect: the list again, and the search if one is showing. */
  resync: () => Promise<void>;
}

/** The conversations store. */
export type ConversationsStore = StoreApi<ConversationsState>;

/** Tuning for tests and slow machines. */
export interface ConversationsStoreOptions {
  /** Typing pause before a search goes out, so each keystroke does not query main. */
  searchDelayMs?: number;
}

/**
 * Projection of main's conversation list: bootstrap, then `conversation.updated` and
 * `conversation.deleted`. Search asks main (full text, with snippets); only the answer to the
 * newest query may land.
 */
export function createConversationsStore(
  client: HostClient,
  initial: ConversationSummary[],
  { searchDelayMs = 200 }: ConversationsStoreOptions = {},
): ConversationsStore {
  let searchGeneration = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const store = createStore<ConversationsState>()((set, get) => {
    const runSearch = async (query: string, generation: number): Promise<void> => {
      let results: Loadable<ConversationSummary[]>;
      try {
        const answer = await client.invoke('conversation.list', { query });
        results = { state: 'ready', value: answer.conversations };
      } catch (error) {
        results = { state: 'failed', error: errorInfo(error) };
      }
      if (generation === searchGeneration) set({ results });
    };

    return {
      conversations: sortConversations(initial),
      query: '',
      results: null,
      setQuery: (query) => {
        clearTimeout(timer);
        const generation = ++searchGeneration;
        const trimmed = query.trim();
        if (!trimmed) {
          set({ query, results: null });
          return;
        }
        // Keep the previous answer on screen while the next one is on its way.
        set((s) => ({ query, results: s.results ?? { state: 'loading' } }));
        if (searchDelayMs <= 0) void runSearch(trimmed, generation);
        else timer = setTimeout(() => void runSearch(trimmed, generation), searchDelayMs);
      },
      create: async (title) => {
        try {
          const conversation = await client.invoke(
            'conversation.create',
            title === undefined ? {} : { title },
          );
          set((s) => ({ conversations: upsertConversation(s.conversations, conversation) }));
          return { ok: true, conversation };
        } catch (error) {
          return { ok: false, error: errorInfo(error) };
        }
      },
      rename: async (id, title) => {
        try {
          apply(await client.invoke('conversation.rename', { id, title }));
          return { ok: true };
        } catch (error) {
          return { ok: false, error: errorInfo(error) };
        }
      },
      remove: async (id) => {
        try {
          await client.invoke('conversation.delete', { id });
          forget(id);
          return { ok: true };
        } catch (error) {
          return { ok: false, error: errorInfo(error) };
        }
      },
      exportDocument: async (id) => {
        try {
          return { ok: true, document: await client.invoke('conversation.export', { id }) };
        } catch (error) {
          return { ok: false, error: errorInfo(error) };
        }
      },
      resync: async () => {
        try {
          const { conversations } = await client.invoke('conversation.list', {});
          set({ conversations: sortConversations(conversations) });
        } catch {
          return;
        }
        const query = get().query.trim();
        if (query) await runSearch(query, ++searchGeneration);
      },
    };
  });

  const apply = (summary: ConversationSummary): void =>
    store.setState((s) => ({
      conversations: upsertConversation(s.conversations, summary),
      results:
        s.results?.state === 'ready'
          ? { state: 'ready', value: patchResults(s.results.value, summary) }
          : s.results,
    }));
  const forget = (id: string): void =>
    store.setState((s) => ({
      conversations: removeConversation(s.conversations, id),
      results:
        s.results?.state === 'ready'
          ? { state: 'ready', value: removeConversation(s.results.value, id) }
          : s.results,
    }));

  client.on('conversation.updated', ({ conversation }) => apply(conversation));
  client.on('conversation.deleted', ({ id }) => forget(id));
  return store;
}
