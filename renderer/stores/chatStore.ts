import type { ConversationToolSearch } from '../../shared/domain/toolSearch';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AttachmentInput, AttachmentView } from '../../shared/domain/attachments';
import { TOOL_RESULT_TEXT_SLICE_CHARS } from '../../shared/domain/toolResultLimits';
import type { RequestOutput } from '../../shared/ipc/contract';
import type { HostClient } from '../host/HostClient';
import { approvalRequested, approvalResolved } from './approvalLinks';
import {
  chatOpened,
  editStarted,
  emptyChatModel,
  messageSent,
  newLiveTurn,
  olderPageArrived,
  pageOpened,
  pageRefreshed,
  retryStarted,
  sendAccepted,
  sendFailed,
  settleLive,
  type ChatModel,
  type ConversationPage,
} from './chatModel';
import { errorInfo, type ActionResult, type ErrorInfo, type Loadable } from './loadable';
import { turnEventArrived } from './turnReducer';

/** A full tool result, as "Show all" fetches it. */
export type ToolResult = RequestOutput<'conversation.getToolResult'>;
/** Whether a message went out, and to which conversation (a new chat gets one on send). */
export type SendResult = { ok: true; conversationId: string } | { ok: false; error: ErrorInfo };

/** The chat store's state and actions. */
export interface ChatState extends ChatModel {
  /** Loading the conversation's newest page. */
  load: Loadable<true>;
  /** Older pages are being loaded (in the background after opening, or on scrolling up). */
  loadingOlder: boolean;
  /** The last failed action (send, stop, retry, edit), shown above the composer. */
  actionError: ErrorInfo | null;
  /** The model picked for the next message; null follows the conversation's or the default. */
  model: string | null;
  /** A new chat's tool search choice, given to the conversation when its first message goes. */
  newChatToolSearch: ConversationToolSearch;
  /** Full tool results fetched by "Show all", by tool use id. */
  toolResults: Record<string, Loadable<ToolResult>>;
  /** Tool call cards opened to show their details (cards are one line otherwise). */
  toolsOpen: Record<string, boolean>;
  toggleTool: (toolUseId: string) => void;
  /** Shows a conversation (null: a new chat, created on its first message). */
  open: (conversationId: string | null) => Promise<void>;
  /** Loads the older pages one after another until the whole history is here. */
  loadOlder: () => Promise<void>;
  /**
   * Sends the person's message (with what they attached), creating the conversation first
   * for a new chat. `shown` is how the attachments look until main's stored view arrives.
   */
  send: (
    text: string,
    attachments?: { inputs: AttachmentInput[]; shown: AttachmentView[] },
  ) => Promise<SendResult>;
  stop: () => Promise<void>;
  /** Cancels one tool call of the running turn; the turn goes on without its result. */
  cancelToolCall: (toolUseId: string) => Promise<void>;
  retry: () => Promise<ActionResult>;
  /** Goes on with the newest reply, which was cut off; it stays as it is. */
  continueReply: () => Promise<ActionResult>;
  edit: (messageId: string, text: string) => Promise<ActionResult>;
  /** Shows another version of an edited message, with what followed it. */
  switchBranch: (messageId: string, direction: 'previous' | 'next') => Promise<ActionResult>;
  setModel: (model: string | null) => void;
  setNewChatToolSearch: (mode: ConversationToolSearch) => void;
  /**
   * Fetches a call's full result; text blocks above one slice come cut (see `cut`), and
   * {@link readToolResultText} reads the rest.
   */
  loadToolResult: (toolUseId: string) => Promise<void>;
  /** A slice of one text block of a stored result. */
  readToolResultText: (
    toolUseId: string,
    block: number,
    offset: number,
    maxChars: number,
  ) => Promise<string>;
  dismissError: () => void;
  /** After a reconnect: read the open conversation back (events may have been missed). */
  resync: () => Promise<void>;
}

/** The chat store. */
export type ChatStore = StoreApi<ChatState>;

/** Messages in the first page of a conversation (its newest): shown before the rest loads. */
export const FIRST_PAGE = 100;
/**
 * Messages in each older page (the most main serves at once): reading, sending and parsing
 * one is a short task on both sides; the whole history arrives in the background.
 */
export const OLDER_PAGE = 1000;
/** Older pages asked for at once: main reads one while another travels and is parsed. */
const PAGES_AHEAD = 3;
/** While older pages arrive, what came is shown at least this often. */
const FOLD_EVERY_MS = 150;

/**
 * The open conversation: pages of stored messages from `conversation.get`, the running turn
 * folded from `conversation.streamed`, and the person's actions on it. Opening shows the newest
 * page at once and then loads the rest of the history in the background, so scrolling back
 * never waits and the list holds the whole conversation. After every turn the newest page is
 * read back, so main's stored view always has the last word.
 */
export function createChatStore(client: HostClient): ChatStore {
  // Opening another conversation makes every answer about the previous one stale.
  let openGeneration = 0;

  const store = createStore<ChatState>()((set, get) => {
    const reduce = (reducer: (model: ChatModel) => ChatModel): void => set((s) => reducer(s));
    const fail = (error: unknown): ErrorInfo => {
      const info = errorInfo(error);
      set({ actionError: info });
      return info;
    };
    const startTurn = async (
      id: string,
      outgoingId: string,
      request: () => Promise<{ turnId: string }>,
    ): Promise<ActionResult> => {
      try {
        const { turnId } = await request();
        if (get().conversationId === id) reduce((m) => sendAccepted(m, outgoingId, turnId));
        return { ok: true };
      } catch (error) {
        if (get().conversationId === id) reduce((m) => sendFailed(m, outgoingId));
        return { ok: false, error: fail(error) };
      }
    };

    /** Retry and Continue: a turn with no new message of the person's. */
    const runAgain = async (
      before: (model: ChatModel) => ChatModel,
      request: 'conversation.retry' | 'conversation.continue',
    ): Promise<ActionResult> => {
      const conversationId = get().conversationId;
      if (!conversationId) return { ok: true };
      set({ actionError: null });
      reduce(before);
      const model = get().model;
      try {
        const { turnId } = await client.invoke(request, {
          conversationId,
          ...(model ? { model } : {}),
        });
        reduce((m) =>
          m.conversationId !== conversationId || m.live?.turnId === turnId
            ? m
            : { ...m, live: newLiveTurn(turnId) },
        );
        return { ok: true };
      } catch (error) {
        void refresh(conversationId);
        return { ok: false, error: fail(error) };
      }
    };

    return {
      ...emptyChatModel,
      load: { state: 'ready', value: true },
      loadingOlder: false,
      actionError: null,
      model: null,
      newChatToolSearch: 'default',
      toolResults: {},
      toolsOpen: {},
      toggleTool: (toolUseId) =>
        set((s) => ({ toolsOpen: { ...s.toolsOpen, [toolUseId]: !s.toolsOpen[toolUseId] } })),
      open: async (conversationId) => {
        // Already showing it (a view switching back, a new chat that just got its id).
        const same = conversationId !== null && conversationId === get().conversationId;
        if (same && get().load.state !== 'failed') return;
        const generation = ++openGeneration;
        set({
          ...chatOpened(conversationId),
          load: conversationId === null ? { state: 'ready', value: true } : { state: 'loading' },
          loadingOlder: false,
          actionError: null,
          model: null,
          newChatToolSearch: 'default',
          toolResults: {},
          toolsOpen: {},
        });
        if (conversationId === null) return;
        try {
          const page = await client.invoke('conversation.get', {
            id: conversationId,
            limit: FIRST_PAGE,
          });
          if (generation !== openGeneration) return;
          reduce((m) => pageOpened(m, page));
          set({ load: { state: 'ready', value: true } });
        } catch (error) {
          if (generation === openGeneration)
            set({ load: { state: 'failed', error: errorInfo(error) } });
          return;
        }
        // Resolves once the conversation shows; the rest of its history follows.
        void get().loadOlder();
      },
      loadOlder: async () => {
        const { conversationId, hasMore, loadingOlder, messages } = get();
        const first = messages.find((m) => !m.live);
        if (!conversationId || !hasMore || loadingOlder || !first) return;
        const generation = openGeneration;
        const older = (beforeOrdinal: number) =>
          client.invoke('conversation.get', {
            id: conversationId,
            beforeOrdinal,
            limit: OLDER_PAGE,
          });
        set({ loadingOlder: true });
        // Pages are folded in together, at most every FOLD_EVERY_MS: one update (and one
        // layout of the list) for a whole history rather than one per page.
        let pending: ConversationPage[] = [];
        let foldedAt = performance.now();
        const fold = (): void => {
          if (pending.length === 0 || generation !== openGeneration) return;
          const pages = pending;
          pending = [];
          foldedAt = performance.now();
          reduce((m) => pages.reduce(olderPageArrived, m));
        };
        try {
          // Pages asked for ahead: main reads the next ones while this one is on its way and
          // parsed. Ordinals are never below 0 and a full page reaches at least OLDER_PAGE
          // below its cursor, so stepping down by a page misses nothing (a short page that
          // still has more is continued from its oldest message).
          const asked: ReturnType<typeof older>[] = [];
          let cursor = first.ordinal;
          const askAhead = (): void => {
            while (asked.length < PAGES_AHEAD && cursor > 0) {
              const request = older(cursor);
              // A read that fails after an earlier one leaves its promise handled here.
              request.catch(() => undefined);
              asked.push(request);
              cursor -= OLDER_PAGE;
            }
          };
          askAhead();
          for (let request = asked.shift(); request; request = asked.shift()) {
            const page: ConversationPage = await request;
            if (generation !== openGeneration) return;
            pending.push(page);
            if (!page.hasMore) break;
            const oldest = page.messages[0];
            if (asked.length === 0 && cursor <= 0 && oldest) cursor = oldest.ordinal;
            askAhead();
            if (performance.now() - foldedAt >= FOLD_EVERY_MS) fold();
          }
        } catch {
          // The rest stays unloaded (hasMore); scrolling up tries again.
        } finally {
          fold();
          if (generation === openGeneration) set({ loadingOlder: false });
        }
      },
      send: async (text, attachments) => {
        let id = get().conversationId;
        set({ actionError: null });
        if (id === null) {
          try {
            const toolSearch = get().newChatToolSearch;
            id = (
              await client.invoke(
                'conversation.create',
                toolSearch === 'default' ? {} : { toolSearch },
              )
            ).id;
          } catch (error) {
            return { ok: false, error: fail(error) };
          }
          // Still on the new chat (the person did not open another one meanwhile)?
          if (get().conversationId !== null) return { ok: true, conversationId: id };
          set({ conversationId: id });
        }
        const conversationId = id;
        reduce((m) => messageSent(m, text, Date.now(), attachments?.shown));
        const outgoingId = get().outgoing?.id ?? '';
        const model = get().model;
        const result = await startTurn(conversationId, outgoingId, () =>
          client.invoke('conversation.send', {
            conversationId,
            text,
            ...(model ? { model } : {}),
            ...(attachments && attachments.inputs.length > 0
              ? { attachments: attachments.inputs }
              : {}),
          }),
        );
        return result.ok ? { ok: true, conversationId } : result;
      },
      stop: async () => {
        const conversationId = get().conversationId;
        if (!conversationId) return;
        try {
          await client.invoke('conversation.stop', { conversationId });
        } catch (error) {
          fail(error);
        }
      },
      cancelToolCall: async (toolUseId) => {
        const conversationId = get().conversationId;
        if (!conversationId) return;
        try {
          await client.invoke('conversation.cancelToolCall', { conversationId, toolUseId });
        } catch (error) {
          fail(error);
        }
      },
      retry: () => runAgain(retryStarted, 'conversation.retry'),
      continueReply: () =>
        runAgain((m) => ({ ...settleLive(m), lastStop: null }), 'conversation.continue'),
      edit: async (messageId, text) => {
        const conversationId = get().conversationId;
        if (!conversationId) return { ok: true };
        set({ actionError: null });
        reduce((m) => editStarted(m, messageId, text, Date.now()));
        const outgoingId = get().outgoing?.id ?? '';
        const result = await startTurn(conversationId, outgoingId, () =>
          client.invoke('conversation.edit', { conversationId, messageId, text }),
        );
        if (!result.ok) void refresh(conversationId);
        return result;
      },
      switchBranch: async (messageId, direction) => {
        const conversationId = get().conversationId;
        if (!conversationId) return { ok: true };
        set({ actionError: null });
        try {
          await client.invoke('conversation.switchBranch', {
            conversationId,
            messageId,
            direction,
          });
        } catch (error) {
          return { ok: false, error: fail(error) };
        }
        await refresh(conversationId, false, true);
        return { ok: true };
      },
      setModel: (model) => set({ model }),
      setNewChatToolSearch: (mode) => set({ newChatToolSearch: mode }),
      loadToolResult: async (toolUseId) => {
        const put = (value: Loadable<ToolResult>): void =>
          set((s) => ({ toolResults: { ...s.toolResults, [toolUseId]: value } }));
        if (get().toolResults[toolUseId]?.state === 'loading') return;
        put({ state: 'loading' });
        try {
          put({
            state: 'ready',
            value: await client.invoke('conversation.getToolResult', {
              toolUseId,
              // Megabytes of text would be one huge frame to parse: it comes in slices instead.
              maxTextChars: TOOL_RESULT_TEXT_SLICE_CHARS,
            }),
          });
        } catch (error) {
          put({ state: 'failed', error: errorInfo(error) });
        }
      },
      readToolResultText: async (toolUseId, block, offset, maxChars) =>
        (
          await client.invoke('conversation.getToolResultText', {
            toolUseId,
            block,
            offset,
            maxChars,
          })
        ).text,
      dismissError: () => set({ actionError: null }),
      resync: async () => {
        const conversationId = get().conversationId;
        if (conversationId) await refresh(conversationId, true);
      },
    };
  });

  /**
   * Reads the newest page back; `force` also ends a turn whose end this view missed, and
   * `replace` drops older pages loaded before (another branch may now show there).
   */
  const refresh = async (conversationId: string, force = false, replace = false): Promise<void> => {
    const generation = openGeneration;
    try {
      const page = await client.invoke('conversation.get', {
        id: conversationId,
        limit: FIRST_PAGE,
      });
      if (generation !== openGeneration) return;
      store.setState((s) => {
        const model: ChatModel =
          force && s.live && !page.conversation.running ? { ...s, live: null } : s;
        return pageRefreshed(replace ? { ...model, messages: [] } : model, page);
      });
    } catch {
      // The view keeps what the events built; the next turn's end reads back again.
    }
  };

  client.on('conversation.streamed', (payload) => {
    const before = store.getState();
    if (payload.event.conversationId !== before.conversationId) return;
    store.setState((s) => turnEventArrived(s, payload));
    if (payload.event.type === 'turnFinished') void refresh(payload.event.conversationId);
  });
  client.on('conversation.updated', ({ conversation }) => {
    const state = store.getState();
    // A turn ended without this view hearing of it (a reconnect, a missed event): read back.
    if (
      conversation.id === state.conversationId &&
      !conversation.running &&
      state.live &&
      state.live.stop === null
    ) {
      void refresh(conversation.id, true);
    }
  });
  client.on('approvals.requested', ({ request }) =>
    store.setState((s) => approvalRequested(s, request)),
  );
  client.on('approvals.resolved', ({ requestId, outcome }) =>
    store.setState((s) => approvalResolved(s, requestId, outcome)),
  );
  return store;
}
