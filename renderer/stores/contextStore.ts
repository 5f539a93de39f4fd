import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  CompletionRef,
  ServerPrompts,
  ServerResources,
  SubscriptionView,
} from '../../shared/domain/attachments';
import type { RequestOutput } from '../../shared/ipc/contract';
import {
  addDrafts,
  fileDraft,
  removeDraft,
  resourceKey,
  type AddOutcome,
  type DraftAttachment,
} from './draftAttachments';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type ActionResult, type ErrorInfo, type Loadable } from './loadable';
import { checkFile, stageFile, type FileRefusal, type LocalFile } from './stageFile';

/** A resource read for its preview (and its size before attaching). */
export type ResourcePreview = RequestOutput<'mcp.readResource'> & { uri: string };
export type PromptMessages = RequestOutput<'mcp.getPrompt'>;
/** An answer a form waits for: its value, or the error to show in the form. */
export type Answer<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };
/** Why the composer did not take an attachment. */
export type AttachRefusal = Extract<AddOutcome, { ok: false }>['reason'];
/** A file the composer did not take, or could not send to main, and why. */
export interface FileProblem {
  name: string;
  size: number;
  reason: FileRefusal | 'failed';
  error?: ErrorInfo;
}

/** Resources and prompts offered in the composer, what is attached, and what is watched. */
export interface ContextState {
  /** Every ready server's resources and templates (null until the picker first opens). */
  resources: Loadable<ServerResources[]> | null;
  prompts: Loadable<ServerPrompts[]> | null;
  /** Attachments in the composer, in order. */
  draft: DraftAttachment[];
  /** The last attachment the composer refused, shown above its chips until dismissed. */
  refusal: AttachRefusal | null;
  /** The last file refused (too large) or not received by main, shown with the limits. */
  fileProblem: FileProblem | null;
  /** Watched resources by `resourceKey(server, uri)`. */
  subscriptions: Record<string, SubscriptionView>;
  /** Reads for previews, by `resourceKey`. */
  previews: Record<string, Loadable<ResourcePreview>>;
  /** Lists again (the picker shows the last answer meanwhile). */
  loadResources: () => Promise<void>;
  loadPrompts: () => Promise<void>;
  /** Puts attachments in the composer; false (and `refusal`) when one was refused. */
  attach: (items: DraftAttachment[]) => boolean;
  /**
   * Attaches files from the computer (button, drop, paste): each is checked against the
   * limits, then sent to main in pieces; the chip shows until then that it is on its way.
   */
  attachFiles: (files: readonly LocalFile[]) => Promise<void>;
  /** "Re-attach fresh version": in the composer again, counted as fresh from now. */
  reattach: (item: DraftAttachment) => void;
  detach: (id: string) => void;
  /** Empties the composer's attachments and returns them (the message is being sent). */
  takeDraft: () => DraftAttachment[];
  /** A send failed: its attachments come back, ahead of anything added meanwhile. */
  restoreDraft: (items: DraftAttachment[]) => void;
  dismissRefusal: () => void;
  watch: (server: string, uri: string) => Promise<ActionResult>;
  unwatch: (server: string, uri: string) => Promise<ActionResult>;
  /** Reads a resource into `previews` and returns the answer. */
  preview: (server: string, uri: string) => Promise<Loadable<ResourcePreview>>;
  complete: (
    server: string,
    ref: CompletionRef,
    argument: { name: string; value: string },
    context: Record<string, string>,
  ) => Promise<string[]>;
  resolveTemplate: (
    server: string,
    uriTemplate: string,
    args: Record<string, string>,
  ) => Promise<Answer<string>>;
  getPrompt: (
    server: string,
    name: string,
    args: Record<string, string>,
  ) => Promise<Answer<PromptMessages>>;
  /** Reads the watched resources once (the first composer shown asks). */
  ensureSubscriptions: () => Promise<void>;
  /** After a reconnect: watched resources may have changed meanwhile. */
  resync: () => Promise<void>;
}

export type ContextStore = StoreApi<ContextState>;

/** Previews kept at once; the oldest read is dropped first (they can be megabytes). */
const MAX_PREVIEWS = 8;

export function createContextStore(client: HostClient): ContextStore {
  // Not at creation: a window that never shows a composer never asks.
  let subscriptionsAsked = false;
  const store = createStore<ContextState>()((set, get) => {
    const list = async <K extends 'resources' | 'prompts'>(
      key: K,
      request: () => Promise<ContextState[K] extends Loadable<infer T> | null ? T : never>,
    ): Promise<void> => {
      if (get()[key]?.state !== 'ready')
        set({ [key]: { state: 'loading' } } as Partial<ContextState>);
      try {
        const value = await request();
        set({ [key]: { state: 'ready', value } } as Partial<ContextState>);
      } catch (error) {
        // A refresh that failed keeps the list it had.
        if (get()[key]?.state !== 'ready')
          set({ [key]: { state: 'failed', error: errorInfo(error) } } as Partial<ContextState>);
      }
    };
    const setSubscription = (key: string, value: SubscriptionView | null): void =>
      set((s) => {
        const rest = Object.entries(s.subscriptions).filter(([k]) => k !== key);
        return { subscriptions: Object.fromEntries(value ? [...rest, [key, value]] : rest) };
      });

    return {
      resources: null,
      prompts: null,
      draft: [],
      refusal: null,
      fileProblem: null,
      subscriptions: {},
      previews: {},
      loadResources: () =>
        list('resources', async () => (await client.invoke('mcp.listAllResources', {})).servers),
      loadPrompts: () =>
        list('prompts', async () => (await client.invoke('mcp.listAllPrompts', {})).servers),
      attach: (items) => {
        const outcome = addDrafts(get().draft, items);
        set({ draft: outcome.list, refusal: outcome.ok ? null : outcome.reason });
        return outcome.ok;
      },
      attachFiles: async (files) => {
        set({ fileProblem: null });
        const now = Date.now();
        const accepted: [LocalFile, DraftAttachment][] = [];
        for (const file of files) {
          const refusal = checkFile(file);
          if (refusal) {
            set({ fileProblem: { name: file.name, size: file.size, reason: refusal } });
            continue;
          }
          const draft = fileDraft(file, now);
          if (!get().attach([draft])) break;
          accepted.push([file, draft]);
        }
        const update = (id: string, patch: Partial<DraftAttachment>): void =>
          set((s) => ({ draft: s.draft.map((a) => (a.id === id ? { ...a, ...patch } : a)) }));
        // One at a time: the pieces of several files would only compete for the same socket.
        for (const [file, draft] of accepted) {
          try {
            const stagingId = await stageFile(client, file);
            if (!get().draft.some((a) => a.id === draft.id)) {
              // Removed while it was on its way: main need not keep it.
              void client.invoke('attachments.discardFile', { stagingId }).catch(() => undefined);
              continue;
            }
            update(draft.id, { input: { kind: 'file', stagingId }, uploading: false });
          } catch (error) {
            set((s) => ({
              draft: removeDraft(s.draft, draft.id),
              fileProblem: {
                name: file.name,
                size: file.size,
                reason: 'failed',
                error: errorInfo(error),
              },
            }));
          }
        }
      },
      reattach: (item) => {
        const existing = get().draft.find((a) => a.id === item.id);
        if (existing) {
          set((s) => ({
            draft: s.draft.map((a) => (a.id === item.id ? { ...a, addedAt: item.addedAt } : a)),
            refusal: null,
          }));
        } else get().attach([item]);
      },
      detach: (id) => {
        const gone = get().draft.find((a) => a.id === id);
        if (gone?.input.kind === 'file' && gone.input.stagingId) {
          const { stagingId } = gone.input;
          void client.invoke('attachments.discardFile', { stagingId }).catch(() => undefined);
        }
        set((s) => ({ draft: removeDraft(s.draft, id), refusal: null, fileProblem: null }));
      },
      takeDraft: () => {
        const taken = get().draft;
        set({ draft: [], refusal: null });
        return taken;
      },
      restoreDraft: (items) => {
        const outcome = addDrafts(
          items,
          get().draft.filter((a) => !items.some((i) => i.id === a.id)),
        );
        set({ draft: outcome.list });
      },
      dismissRefusal: () => set({ refusal: null, fileProblem: null }),
      watch: async (server, uri) => {
        try {
          await client.invoke('mcp.subscribeResource', { server, uri });
          setSubscription(resourceKey(server, uri), { server, uri });
          return { ok: true };
        } catch (error) {
          return { ok: false, error: errorInfo(error) };
        }
      },
      unwatch: async (server, uri) => {
        try {
          await client.invoke('mcp.unsubscribeResource', { server, uri });
          setSubscription(resourceKey(server, uri), null);
          return { ok: true };
        } catch (error) {
          return { ok: false, error: errorInfo(error) };
        }
      },
      preview: async (server, uri) => {
        const key = resourceKey(server, uri);
        const put = (value: Loadable<ResourcePreview>): void =>
          set((s) => {
            const rest = Object.entries(s.previews).filter(([k]) => k !== key);
            return {
              previews: Object.fromEntries([...rest.slice(-(MAX_PREVIEWS - 1)), [key, value]]),
            };
          });
        put({ state: 'loading' });
        let result: Loadable<ResourcePreview>;
        try {
          const read = await client.invoke('mcp.readResource', { server, uri });
          result = { state: 'ready', value: { ...read, uri } };
        } catch (error) {
          result = { state: 'failed', error: errorInfo(error) };
        }
        put(result);
        return result;
      },
      complete: async (server, ref, argument, context) => {
        try {
          const result = await client.invoke('mcp.complete', {
            server,
            ref,
            argument,
            ...(Object.keys(context).length > 0 ? { context: { arguments: context } } : {}),
          });
          return result.values;
        } catch {
          // Suggestions are a help, never a blocker: the person can type the value.
          return [];
        }
      },
      resolveTemplate: async (server, uriTemplate, args) => {
        try {
          const { uri } = await client.invoke('mcp.resolveTemplate', {
            server,
            uriTemplate,
            arguments: args,
          });
          return { ok: true, value: uri };
        } catch (error) {
          return { ok: false, error: errorInfo(error) };
        }
      },
      getPrompt: async (server, name, args) => {
        try {
          const value = await client.invoke('mcp.getPrompt', { server, name, arguments: args });
          return { ok: true, value };
        } catch (error) {
          return { ok: false, error: errorInfo(error) };
        }
      },
      ensureSubscriptions: async () => {
        if (subscriptionsAsked) return;
        subscriptionsAsked = true;
        await loadSubscriptions();
      },
      resync: async () => {
        if (subscriptionsAsked) await loadSubscriptions();
      },
    };
  });

  const loadSubscriptions = async (): Promise<void> => {
    try {
      const { subscriptions } = await client.invoke('mcp.listSubscriptions', {});
      store.setState({
        subscriptions: Object.fromEntries(
          subscriptions.map((s) => [resourceKey(s.server, s.uri), s]),
        ),
      });
    } catch {
      // Nothing watched is shown; the next reconnect tries again.
    }
  };

  client.on('mcp.resourceUpdated', ({ server, uri, at }) => {
    const key = resourceKey(server, uri);
    store.setState((s) => ({
      subscriptions: { ...s.subscriptions, [key]: { server, uri, changedAt: at } },
    }));
  });
  // New resources or prompts: a list already shown is refreshed, others wait for the picker.
  client.on('mcp.listChanged', ({ list }) => {
    const state = store.getState();
    if (list === 'resources' && state.resources) void state.loadResources();
    if (list === 'prompts' && state.prompts) void state.loadPrompts();
  });
  return store;
}
