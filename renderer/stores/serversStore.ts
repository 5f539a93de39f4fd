import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  LogEntry,
  ServerDetail,
  ServerView,
  ToolView,
  TrafficEntry,
} from '../../shared/domain/mcpViews';
import type { ServerCosts } from '../../shared/domain/serverCosts';
import type { HostClient } from '../host/HostClient';
import { createExplorerSlice, type ExplorerSlice } from './serverExplorerSlice';
import { createSignInActions, type SignInActions } from './signInActions';
import { errorInfo, type ActionResult, type ErrorInfo, type Loadable } from './loadable';
import {
  mergeBySeq,
  pruneRecord,
  replaceServer,
  replaceTool,
  staleDetails,
  without,
} from './serversReducers';

/** Which server action is in flight, so its button can say so and not be pressed twice. */
export type PendingAction =
  'restart' | 'enable' | 'disable' | 'start' | 'stop' | keyof SignInActions;

export interface ServersState extends ExplorerSlice, SignInActions {
  servers: ServerView[];
  /** Details of servers someone opened; kept fresh by events. */
  details: Record<string, Loadable<ServerDetail>>;
  /** Log lines of servers whose log was opened (others are not tracked), bounded. */
  logs: Record<string, LogEntry[]>;
  traffic: Record<string, TrafficEntry[]>;
  pending: Record<string, PendingAction>;
  /** The last failed action per server, shown beside its buttons until the next one. */
  actionErrors: Record<string, ErrorInfo>;
  /** Loads a server's detail, log and traffic: what its screen shows. */
  openServer: (name: string) => Promise<void>;
  refreshDetail: (name: string) => Promise<void>;
  restart: (name: string) => Promise<ActionResult>;
  /** Starts a server that waits to be needed; stops a running one (back to remembered). */
  startServer: (name: string) => Promise<ActionResult>;
  stopServer: (name: string) => Promise<ActionResult>;
  /** The last measure of what running servers cost; taken only while a screen shows it. */
  costs: ServerCosts | undefined;
  sampleCosts: () => Promise<void>;
  setEnabled: (name: string, enabled: boolean) => Promise<ActionResult>;
  setToolEnabled: (server: string, tool: string, enabled: boolean) => Promise<ActionResult>;
  /** Keeps a tool loaded in full while tool search holds the others back (or not). */
  setToolAlwaysLoaded: (
    server: string,
    tool: string,
    alwaysLoaded: boolean,
  ) => Promise<ActionResult>;
  loadLogs: (server: string) => Promise<void>;
  loadTraffic: (server: string) => Promise<void>;
  /** After a reconnect: the list again, and whatever the open screens missed. */
  resync: () => Promise<void>;
}

export type ServersStore = StoreApi<ServersState>;

/**
 * Projection of main's servers: the list from bootstrap and `mcp.serversChanged`, details
 * fetched on demand and refetched when a server's session or tools change, logs and
 * traffic loaded once and then appended from live events.
 */
export function createServersStore(client: HostClient, initial: ServerView[]): ServersStore {
  // Answers can overtake each other; only the newest request per server may land.
  const detailGeneration = new Map<string, number>();

  const store = createStore<ServersState>()((set, get) => {
    /** A change to one tool: main answers with its new view, which replaces the old one. */
    const updateTool = async (
      server: string,
      change: () => Promise<ToolView>,
    ): Promise<ActionResult> => {
      try {
        const view = await change();
        set((s) => {
          const current = s.details[server];
          if (current?.state !== 'ready') return {};
          const value = replaceTool(current.value, view);
          return { details: { ...s.details, [server]: { state: 'ready', value } } };
        });
        return { ok: true };
      } catch (error) {
        return { ok: false, error: errorInfo(error) };
      }
    };
    const refreshDetail = async (name: string): Promise<void> => {
      const generation = (detailGeneration.get(name) ?? 0) + 1;
      detailGeneration.set(name, generation);
      // Keep showing the previous snapshot while refreshing; only a first load says loading.
      if (get().details[name]?.state !== 'ready') {
        set((s) => ({ details: { ...s.details, [name]: { state: 'loading' } } }));
      }
      let next: Loadable<ServerDetail>;
      try {
        next = { state: 'ready', value: await client.invoke('mcp.getServer', { name }) };
      } catch (error) {
        next = { state: 'failed', error: errorInfo(error) };
      }
      if (detailGeneration.get(name) !== generation) return;
      set((s) => ({ details: { ...s.details, [name]: next } }));
    };

    const runServerAction = async (
      name: string,
      action: PendingAction,
      call: () => Promise<ServerView>,
    ): Promise<ActionResult> => {
      set((s) => ({
        pending: { ...s.pending, [name]: action },
        actionErrors: without(s.actionErrors, name),
      }));
      try {
        const view = await call();
        set((s) => ({
          servers: replaceServer(s.servers, view),
          pending: without(s.pending, name),
        }));
        return { ok: true };
      } catch (error) {
        const info = errorInfo(error);
        set((s) => ({
          pending: without(s.pending, name),
          actionErrors: { ...s.actionErrors, [name]: info },
        }));
        return { ok: false, error: info };
      }
    };

    const loadStream = async <T extends { seq: number }>(
      lens: StreamLens<T>,
      server: string,
      fetch: (sinceSeq: number | undefined) => Promise<T[]>,
    ): Promise<void> => {
      const existing = lens.get(get())[server];
      // Start tracking before asking, so live entries that arrive meanwhile are kept too.
      if (!existing) set((s) => lens.put(s, server, []));
      try {
        const entries = await fetch(existing?.at(-1)?.seq);
        set((s) => lens.put(s, server, mergeBySeq(lens.get(s)[server] ?? [], entries)));
      } catch {
        // The list stays as it was; live entries keep arriving and a reopen retries.
      }
    };

    return {
      ...createExplorerSlice(client, set, get),
      ...createSignInActions<ServersState>(client, set),
      servers: initial,
      details: {},
      logs: {},
      traffic: {},
      pending: {},
      actionErrors: {},
      openServer: async (name) => {
        // Opening a server's screen starts it when it waits to be needed.
        if (
          ['remembered', 'stopped'].includes(
            get().servers.find((s) => s.name === name)?.status.kind ?? '',
          )
        ) {
          void get().startServer(name);
        }
        await Promise.all([refreshDetail(name), get().loadLogs(name), get().loadTraffic(name)]);
      },
      startServer: (name) =>
        runServerAction(name, 'start', () => client.invoke('mcp.startServer', { name })),
      stopServer: (name) =>
        runServerAction(name, 'stop', () => client.invoke('mcp.stopServer', { name })),
      costs: undefined,
      sampleCosts: async () => {
        try {
          const costs = await client.invoke('mcp.sampleCosts', {});
          set({ costs });
        } catch {
          // The next sample tries again; the last figures stay.
        }
      },
      refreshDetail,
      restart: (name) =>
        runServerAction(name, 'restart', () => client.invoke('mcp.restartServer', { name })),
      setEnabled: (name, enabled) =>
        runServerAction(name, enabled ? 'enable' : 'disable', () =>
          client.invoke('mcp.setServerEnabled', { name, enabled }),
        ),
      setToolEnabled: (server, tool, enabled) =>
        updateTool(server, () => client.invoke('mcp.setToolEnabled', { server, tool, enabled })),
      setToolAlwaysLoaded: (server, tool, alwaysLoaded) =>
        updateTool(server, () =>
          client.invoke('catalog.setToolAlwaysLoaded', { server, tool, alwaysLoaded }),
        ),
      loadLogs: (server) =>
        loadStream(logsLens, server, async (sinceSeq) => {
          const input = sinceSeq === undefined ? { server } : { server, sinceSeq };
          return (await client.invoke('mcp.getLogs', input)).entries;
        }),
      loadTraffic: (server) =>
        loadStream(trafficLens, server, async (sinceSeq) => {
          const input = sinceSeq === undefined ? { server } : { server, sinceSeq };
          return (await client.invoke('mcp.getTraffic', input)).entries;
        }),
      resync: async () => {
        try {
          const { servers } = await client.invoke('mcp.listServers', {});
          applyServers(servers);
        } catch {
          return;
        }
        const state = get();
        await Promise.all([
          ...Object.keys(state.details).map((name) => refreshDetail(name)),
          ...Object.keys(state.logs).map((name) => state.loadLogs(name)),
          ...Object.keys(state.traffic).map((name) => state.loadTraffic(name)),
        ]);
      },
    };
  });

  const applyServers = (servers: ServerView[]): void => {
    const previous = store.getState();
    const keep = new Set(servers.map((s) => s.name));
    const stale = staleDetails(previous.servers, servers, Object.keys(previous.details));
    store.setState((s) => ({
      servers,
      details: pruneRecord(s.details, keep),
      logs: pruneRecord(s.logs, keep),
      traffic: pruneRecord(s.traffic, keep),
      toolRuns: pruneRecord(s.toolRuns, keep),
      resources: pruneRecord(s.resources, keep),
      resourceReads: pruneRecord(s.resourceReads, keep),
      prompts: pruneRecord(s.prompts, keep),
      promptResults: pruneRecord(s.promptResults, keep),
    }));
    for (const name of stale) void store.getState().refreshDetail(name);
  };

  client.on('mcp.serversChanged', ({ servers }) => applyServers(servers));
  client.on('mcp.listChanged', ({ server, list }) => {
    // Only lists someone looked at are asked for again; the others load when opened.
    const state = store.getState();
    if (list === 'resources' && state.resources[server]) void state.listResources(server);
    if (list === 'prompts' && state.prompts[server]) void state.listPrompts(server);
  });
  client.on('mcp.toolsChanged', ({ server }) => {
    if (store.getState().details[server]) void store.getState().refreshDetail(server);
  });
  const append = <T extends { seq: number }>(lens: StreamLens<T>, server: string, entries: T[]) => {
    store.setState((s) => {
      const current = lens.get(s)[server];
      // Untracked servers: nobody looks at their stream; main keeps it for when someone does.
      return current ? lens.put(s, server, mergeBySeq(current, entries)) : {};
    });
  };
  client.on('mcp.logAppended', ({ server, entries }) => append(logsLens, server, entries));
  client.on('mcp.trafficRecorded', ({ server, entries }) => append(trafficLens, server, entries));
  return store;
}

/** Reads and writes one per-server stream of the state (logs or traffic). */
interface StreamLens<T> {
  get: (state: ServersState) => Record<string, T[]>;
  put: (state: ServersState, server: string, entries: T[]) => Partial<ServersState>;
}

const logsLens: StreamLens<LogEntry> = {
  get: (s) => s.logs,
  put: (s, server, entries) => ({ logs: { ...s.logs, [server]: entries } }),
};

const trafficLens: StreamLens<TrafficEntry> = {
  get: (s) => s.traffic,
  put: (s, server, entries) => ({ traffic: { ...s.traffic, [server]: entries } }),
};
