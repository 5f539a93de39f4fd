import { createStore, type StoreApi } from 'zustand/vanilla';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type ActionResult, type Loadable } from './loadable';

/** The secrets store's state and actions. */
export interface SecretsState {
  /** Names of the kept secrets (values never reach the window). */
  names: Loadable<string[]> | null;
  load: () => Promise<void>;
  /** Keeps (or replaces) a secret; the value goes to main once and is not kept here. */
  set: (name: string, value: string) => Promise<ActionResult>;
  remove: (name: string) => Promise<ActionResult>;
}

export type SecretsStore = StoreApi<SecretsState>;

/** Secrets for `${secret:NAME}` in the servers file: names in, values only ever out to main. */
export function createSecretsStore(client: HostClient): SecretsStore {
  return createStore<SecretsState>()((set) => {
    const run = async (request: () => Promise<{ names: string[] }>): Promise<ActionResult> => {
      try {
        const { names } = await request();
        set({ names: { state: 'ready', value: names } });
        return { ok: true };
      } catch (error) {
        return { ok: false, error: errorInfo(error) };
      }
    };
    return {
      names: null,
      load: async () => {
        try {
          const { names } = await client.invoke('secrets.list', {});
          set({ names: { state: 'ready', value: names } });
        } catch (error) {
          set({ names: { state: 'failed', error: errorInfo(error) } });
        }
      },
      set: (name, value) => run(() => client.invoke('secrets.set', { name, value })),
      remove: (name) => run(() => client.invoke('secrets.delete', { name })),
    };
  });
}
