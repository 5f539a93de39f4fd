import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  AppContextView,
  AppOpenResult,
  AppPermission,
  AppReport,
  AppResourceView,
  AppTarget,
} from '../../shared/domain/apps';
import type { ToolOutcome } from '../../shared/domain/toolOutcome';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type Loadable } from './loadable';

type LogLevel =
  'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** The apps store's state and actions: what App frames ask of main, and App lists. */
export interface AppsState {
  /** App context waiting to go with the next message, by conversation. */
  pendingContext: Record<string, AppContextView[]>;
  /** UI resources per server, for the server view's Apps tab. */
  resources: Record<string, Loadable<AppResourceView[]>>;
  /** Requests of each App (by App id) that wait behind the one the person sees. */
  consentsWaiting: Record<string, number>;
  open: (target: AppTarget) => Promise<AppOpenResult>;
  /** The App's HTML; one request per content hash, however many frames show it. */
  html: (frameId: string, contentHash: string) => Promise<string>;
  close: (frameId: string) => void;
  /** With `signal` (the App's own for this request), aborting it cancels the call in main. */
  callTool: (
    frameId: string,
    name: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
  ) => Promise<Record<string, unknown>>;
  readResource: (frameId: string, uri: string) => Promise<Record<string, unknown>[]>;
  sendMessage: (frameId: string, text: string) => Promise<void>;
  /** With `signal`, aborting it withdraws the consent panel (or its place in the App's line). */
  openLink: (frameId: string, url: string, signal?: AbortSignal) => Promise<boolean>;
  updateContext: (
    frameId: string,
    content: Record<string, unknown>[] | undefined,
    structuredContent: Record<string, unknown> | undefined,
  ) => Promise<void>;
  log: (frameId: string, level: LogLevel, logger: string | undefined, data: unknown) => void;
  report: (frameId: string, report: AppReport) => void;
  setPermissions: (frameId: string, allow: boolean) => Promise<AppPermission[]>;
  /** The full stored result of a tool call (the App gets all of it, not the preview). */
  toolResult: (toolUseId: string) => Promise<ToolOutcome>;
  loadPendingContext: (conversationId: string) => Promise<void>;
  loadResources: (server: string) => Promise<void>;
}

export type AppsStore = StoreApi<AppsState>;

/** HTML kept per content hash; a few versions of a few Apps. */
const MAX_HTML = 32;

/** Projection of main's Apps service for the App frames and the Apps tab. */
export function createAppsStore(client: HostClient): AppsStore {
  const html = new Map<string, Promise<string>>();
  const quietly = (promise: Promise<unknown>): void => void promise.catch(() => undefined);
  /**
   * Runs a request main can be told to give up: it is named, and aborting `signal` (the App
   * cancelled it) tells main, which withdraws what the person was asked and stops the work.
   */
  const cancellable = async <T>(
    frameId: string,
    signal: AbortSignal | undefined,
    run: (named: { requestId?: string }) => Promise<T>,
  ): Promise<T> => {
    if (!signal) return run({});
    signal.throwIfAborted();
    const requestId = crypto.randomUUID();
    const cancel = (): void => quietly(client.invoke('apps.cancel', { frameId, requestId }));
    signal.addEventListener('abort', cancel, { once: true });
    try {
      return await run({ requestId });
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  };

  const store = createStore<AppsState>()((set) => ({
    pendingContext: {},
    resources: {},
    consentsWaiting: {},
    open: (target) => client.invoke('apps.open', { target }),
    html: (frameId, contentHash) => {
      let pending = html.get(contentHash);
      if (!pending) {
        pending = client.invoke('apps.getHtml', { frameId }).then((r) => r.html);
        html.set(contentHash, pending);
        // A failed fetch is not kept; the oldest copies go first.
        pending.catch(() => html.delete(contentHash));
        if (html.size > MAX_HTML) html.delete(html.keys().next().value ?? '');
      }
      return pending;
    },
    close: (frameId) => quietly(client.invoke('apps.close', { frameId })),
    callTool: (frameId, name, args, signal) =>
      cancellable(frameId, signal, async (named) => {
        const input = { frameId, name, arguments: args, ...named };
        return (await client.invoke('apps.callTool', input)).result;
      }),
    readResource: async (frameId, uri) =>
      (await client.invoke('apps.readResource', { frameId, uri })).contents,
    sendMessage: async (frameId, text) => {
      await client.invoke('apps.sendMessage', { frameId, text });
    },
    openLink: (frameId, url, signal) =>
      cancellable(
        frameId,
        signal,
        async (named) => (await client.invoke('apps.openLink', { frameId, url, ...named })).opened,
      ),
    updateContext: async (frameId, content, structuredContent) => {
      await client.invoke('apps.updateContext', {
        frameId,
        ...(content ? { content } : {}),
        ...(structuredContent ? { structuredContent } : {}),
      });
    },
    log: (frameId, level, logger, data) =>
      quietly(client.invoke('apps.log', { frameId, level, ...(logger ? { logger } : {}), data })),
    report: (frameId, report) => quietly(client.invoke('apps.report', { frameId, report })),
    setPermissions: async (frameId, allow) =>
      (await client.invoke('apps.setPermissions', { frameId, allow })).granted,
    toolResult: async (toolUseId) =>
      (await client.invoke('conversation.getToolResult', { toolUseId })).outcome,
    loadPendingContext: async (conversationId) => {
      try {
        const { contexts } = await client.invoke('apps.pendingContext', { conversationId });
        set((s) => ({ pendingContext: { ...s.pendingContext, [conversationId]: contexts } }));
      } catch {
        // Shown again with the next change event; nothing to tell the person.
      }
    },
    loadResources: async (server) => {
      set((s) => ({ resources: { ...s.resources, [server]: { state: 'loading' } } }));
      try {
        const { resources } = await client.invoke('apps.listResources', { server });
        set((s) => ({
          resources: { ...s.resources, [server]: { state: 'ready', value: resources } },
        }));
      } catch (error) {
        set((s) => ({
          resources: { ...s.resources, [server]: { state: 'failed', error: errorInfo(error) } },
        }));
      }
    },
  }));

  client.on('apps.contextChanged', ({ conversationId, contexts }) =>
    store.setState((s) => ({
      pendingContext: { ...s.pendingContext, [conversationId]: contexts },
    })),
  );
  client.on('apps.consentQueueChanged', ({ appId, waiting }) =>
    store.setState((s) => {
      const { [appId]: _gone, ...others } = s.consentsWaiting;
      return { consentsWaiting: waiting > 0 ? { ...others, [appId]: waiting } : others };
    }),
  );
  return store;
}
