import type { StoreApi } from 'zustand/vanilla';
import { AppError, AppErrorCode } from '../../shared/errors';
import type { RequestOutput } from '../../shared/ipc/contract';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type Loadable } from './loadable';
import { itemKey, without } from './serversReducers';
import { newToolRunId, withProgress, type ToolRunState } from './toolRunState';

export type { ToolRun, ToolRunState } from './toolRunState';
export type ResourceList = RequestOutput<'mcp.listResources'>;
export type ResourceRead = RequestOutput<'mcp.readResource'> & { uri: string };
export type PromptResult = RequestOutput<'mcp.getPrompt'>;
export type PromptList = RequestOutput<'mcp.listPrompts'>['prompts'];

/**
 * What a person asked a server from its screen: tool runs, resources, prompts. Kept in the
 * store (not in components) so switching tabs does not lose an answer that took a while.
 */
export interface ExplorerSlice {
  /** Keyed by `itemKey(server, tool)`: the last run of each tool. */
  toolRuns: Record<string, ToolRunState>;
  resources: Record<string, Loadable<ResourceList>>;
  /** The last resource read per server. */
  resourceReads: Record<string, { uri: string; result: Loadable<ResourceRead> }>;
  prompts: Record<string, Loadable<PromptList>>;
  /** Keyed by `itemKey(server, prompt)`. */
  promptResults: Record<string, Loadable<PromptResult>>;
  callTool: (server: string, tool: string, args: Record<string, unknown>) => Promise<void>;
  /** Asks main to cancel the tool's running call; the run then ends as cancelled. */
  cancelToolRun: (server: string, tool: string) => Promise<void>;
  clearToolRun: (server: string, tool: string) => void;
  listResources: (server: string) => Promise<void>;
  readResource: (server: string, uri: string) => Promise<void>;
  listPrompts: (server: string) => Promise<void>;
  getPrompt: (server: string, name: string, args: Record<string, string>) => Promise<void>;
}

type Keys = 'resources' | 'prompts' | 'promptResults';
type Set<S> = StoreApi<S>['setState'];
type Get<S> = StoreApi<S>['getState'];

/** The explorer part of the servers store; a slice so each file stays about one thing. */
export function createExplorerSlice<S extends ExplorerSlice>(
  client: HostClient,
  set: Set<S>,
  get: Get<S>,
): ExplorerSlice {
  const setEntry = <K extends Keys>(key: K, id: string, value: S[K][string]): void => {
    set((s) => ({ [key]: { ...s[key], [id]: value } }) as Partial<S>);
  };
  /** Runs a request into one keyed entry: loading, then its answer or its error. */
  const track = async (key: Keys, id: string, request: () => Promise<unknown>): Promise<void> => {
    // Lists being refreshed keep showing their last answer; a run always says it is running.
    const keep = (key === 'resources' || key === 'prompts') && get()[key][id]?.state === 'ready';
    if (!keep) setEntry(key, id, { state: 'loading' } as S[Keys][string]);
    try {
      setEntry(key, id, { state: 'ready', value: await request() } as S[Keys][string]);
    } catch (error) {
      setEntry(key, id, { state: 'failed', error: errorInfo(error) } as S[Keys][string]);
    }
  };

  const setRun = (key: string, run: ToolRunState): void => {
    set((s) => ({ toolRuns: { ...s.toolRuns, [key]: run } }) as Partial<S>);
  };
  /** The run under `key` if it is still the running one with this id. */
  const running = (key: string, runId: string) => {
    const run = get().toolRuns[key];
    return run?.state === 'loading' && run.runId === runId ? run : undefined;
  };
  client.on('mcp.toolRunProgressed', (report) => {
    set((s) => {
      const toolRuns = withProgress(s.toolRuns, report);
      return (toolRuns === s.toolRuns ? {} : { toolRuns }) as Partial<S>;
    });
  });

  return {
    toolRuns: {},
    resources: {},
    resourceReads: {},
    prompts: {},
    promptResults: {},
    callTool: async (server, tool, args) => {
      const key = itemKey(server, tool);
      const runId = newToolRunId();
      const startedAt = Date.now();
      setRun(key, { state: 'loading', runId, startedAt });
      let next: ToolRunState;
      try {
        const value = await client.invoke('mcp.callTool', { server, tool, arguments: args, runId });
        next = { state: 'ready', value };
      } catch (error) {
        const info = errorInfo(error);
        // A cancel is what the person asked for, not a failure.
        next =
          error instanceof AppError && error.code === AppErrorCode.Cancelled
            ? { state: 'cancelled', afterMs: Date.now() - startedAt }
            : { state: 'failed', error: info };
      }
      // Cleared (or its server removed) meanwhile: nobody waits for this answer any more.
      if (running(key, runId)) setRun(key, next);
    },
    cancelToolRun: async (server, tool) => {
      const key = itemKey(server, tool);
      const run = get().toolRuns[key];
      if (run?.state !== 'loading' || run.cancelling) return;
      setRun(key, { ...run, cancelling: true });
      try {
        await client.invoke('mcp.cancelToolRun', { runId: run.runId });
      } catch {
        // The cancel did not reach main (e.g. reconnecting): let the person press it again.
        const still = running(key, run.runId);
        if (still) setRun(key, { ...still, cancelling: false });
      }
    },
    clearToolRun: (server, tool) =>
      set((s) => ({ toolRuns: without(s.toolRuns, itemKey(server, tool)) }) as Partial<S>),
    listResources: (server) =>
      track('resources', server, () => client.invoke('mcp.listResources', { server })),
    readResource: async (server, uri) => {
      const put = (result: Loadable<ResourceRead>): void =>
        set(
          (s) =>
            ({ resourceReads: { ...s.resourceReads, [server]: { uri, result } } }) as Partial<S>,
        );
      put({ state: 'loading' });
      let result: Loadable<ResourceRead>;
      try {
        const { contents } = await client.invoke('mcp.readResource', { server, uri });
        result = { state: 'ready', value: { uri, contents } };
      } catch (error) {
        result = { state: 'failed', error: errorInfo(error) };
      }
      // The person may have opened another resource meanwhile; that one wins.
      if (get().resourceReads[server]?.uri === uri) put(result);
    },
    listPrompts: (server) =>
      track(
        'prompts',
        server,
        async () => (await client.invoke('mcp.listPrompts', { server })).prompts,
      ),
    getPrompt: (server, name, args) =>
      track('promptResults', itemKey(server, name), () =>
        client.invoke('mcp.getPrompt', { server, name, arguments: args }),
      ),
  };
}
