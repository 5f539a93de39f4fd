import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SandboxDetail, SandboxViolation } from '../../shared/domain/serverSandbox';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type ActionResult, type Loadable } from './loadable';

/** The sandbox store's state and actions. */
export interface SandboxState {
  /** Each server's sandbox as main describes it, once someone looked. */
  byServer: Record<string, Loadable<SandboxDetail>>;
  /** The attempt whose "Allow" is in flight, per server. */
  allowing: Record<string, string>;
  load: (server: string) => Promise<void>;
  /**
   * Allows a refused attempt from then on (main writes it into the server's entry); a place
   * holding credentials needs `confirmSensitive`.
   */
  allow: (server: string, id: string, confirmSensitive?: boolean) => Promise<ActionResult>;
  /** After a reconnect: the servers looked at are asked again. */
  resync: () => Promise<void>;
}

export type SandboxStore = StoreApi<SandboxState>;

/**
 * Sandboxed servers: their rules and refused attempts, a projection of main's, kept current by
 * `sandbox.violationsRecorded` (a new attempt goes first; a repeat replaces its row).
 */
export function createSandboxStore(client: HostClient): SandboxStore {
  const store = createStore<SandboxState>()((set, get) => {
    const put = (server: string, value: Loadable<SandboxDetail>): void =>
      set((s) => ({ byServer: { ...s.byServer, [server]: value } }));
    return {
      byServer: {},
      allowing: {},
      load: async (server) => {
        if (get().byServer[server]?.state !== 'ready') put(server, { state: 'loading' });
        try {
          put(server, { state: 'ready', value: await client.invoke('sandbox.get', { server }) });
        } catch (error) {
          put(server, { state: 'failed', error: errorInfo(error) });
        }
      },
      allow: async (server, id, confirmSensitive) => {
        set((s) => ({ allowing: { ...s.allowing, [server]: id } }));
        try {
          const input = { server, id, ...(confirmSensitive ? { confirmSensitive } : {}) };
          put(server, { state: 'ready', value: await client.invoke('sandbox.allow', input) });
          return { ok: true };
        } catch (error) {
          return { ok: false, error: errorInfo(error) };
        } finally {
          set((s) => {
            const { [server]: _done, ...rest } = s.allowing;
            return { allowing: rest };
          });
        }
      },
      resync: async () => {
        await Promise.all(Object.keys(get().byServer).map((server) => get().load(server)));
      },
    };
  });
  client.on('sandbox.violationsRecorded', ({ server, violations }) => {
    store.setState((s) => {
      const current = s.byServer[server];
      if (current?.state !== 'ready') return {};
      const value = { ...current.value, violations: merge(current.value.violations, violations) };
      return { byServer: { ...s.byServer, [server]: { state: 'ready', value } } };
    });
  });
  // A changed entry (rules, sandboxEnabled) changes what the screen shows: ask again.
  client.on('mcp.serversChanged', () => {
    for (const server of Object.keys(store.getState().byServer)) void store.getState().load(server);
  });
  return store;
}

/** Newest first; an attempt seen again moves to the top with its new count. */
function merge(list: SandboxViolation[], fresh: SandboxViolation[]): SandboxViolation[] {
  const ids = new Set(fresh.map((v) => v.id));
  const latest = new Map(fresh.map((v) => [v.id, v]));
  return [...[...latest.values()].reverse(), ...list.filter((v) => !ids.has(v.id))].slice(0, 50);
}
