import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ServerSkillsView } from '../../shared/domain/skills';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type ActionResult, type Loadable } from './loadable';

/** The skills store's state and actions. */
export interface SkillsState {
  /** Each server's skills as main lists them, once someone looked. */
  byServer: Record<string, Loadable<ServerSkillsView>>;
  /** Asks main for a server's skills (main lists them itself when the server connects). */
  load: (server: string) => Promise<void>;
  /**
   * Approves a skill as listed in the view with `digest` (main refuses if the listing changed
   * since), offering it to the model; or turns it off.
   */
  setEnabled: (
    server: string,
    uri: string,
    enabled: boolean,
    digest?: string,
  ) => Promise<ActionResult>;
  /** After a reconnect: the servers looked at are listed again. */
  resync: () => Promise<void>;
}

export type SkillsStore = StoreApi<SkillsState>;

/** Servers' skills (SEP-2640): a projection of main's listings, kept current by events. */
export function createSkillsStore(client: HostClient): SkillsStore {
  const store = createStore<SkillsState>()((set, get) => {
    const put = (server: string, value: Loadable<ServerSkillsView>): void =>
      set((s) => ({ byServer: { ...s.byServer, [server]: value } }));
    return {
      byServer: {},
      load: async (server) => {
        if (get().byServer[server]?.state !== 'ready') put(server, { state: 'loading' });
        try {
          put(server, { state: 'ready', value: await client.invoke('skills.list', { server }) });
        } catch (error) {
          put(server, { state: 'failed', error: errorInfo(error) });
        }
      },
      setEnabled: async (server, uri, enabled, digest) => {
        try {
          const value = await client.invoke('skills.setEnabled', {
            server,
            uri,
            enabled,
            ...(digest !== undefined ? { digest } : {}),
          });
          put(server, { state: 'ready', value });
          return { ok: true };
        } catch (error) {
          return { ok: false, error: errorInfo(error) };
        }
      },
      resync: async () => {
        await Promise.all(Object.keys(get().byServer).map((server) => get().load(server)));
      },
    };
  });
  client.on('skills.changed', (view) => {
    store.setState((s) => ({
      byServer: { ...s.byServer, [view.server]: { state: 'ready', value: view } },
    }));
  });
  return store;
}
