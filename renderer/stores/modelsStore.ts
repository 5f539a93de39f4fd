import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RequestOutput } from '../../shared/ipc/contract';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type Loadable } from './loadable';

/** The `models.list` answer: models, the default, and why it is the fallback list if it is. */
export type ModelList = RequestOutput<'models.list'>;

/** The models store's state and actions. */
export interface ModelsState {
  /** The model list; null until someone asked. */
  list: Loadable<ModelList> | null;
  /** Asks main once (main caches the API's list too); `refresh` asks the API again. */
  load: (refresh?: boolean) => Promise<void>;
}

/** The models store. */
export type ModelsStore = StoreApi<ModelsState>;

/** The models the picker offers, with the default; fetched on first use and kept. */
export function createModelsStore(client: HostClient): ModelsStore {
  let inFlight: Promise<void> | null = null;
  return createStore<ModelsState>()((set, get) => ({
    list: null,
    load: (refresh = false) => {
      if (!refresh && (get().list?.state === 'ready' || inFlight))
        return inFlight ?? Promise.resolve();
      const previous = get().list;
      if (previous?.state !== 'ready') set({ list: { state: 'loading' } });
      const request = (async () => {
        try {
          const value = await client.invoke('models.list', refresh ? { refresh } : {});
          set({ list: { state: 'ready', value } });
        } catch (error) {
          // A failed refresh keeps the list the picker already shows.
          if (previous?.state !== 'ready')
            set({ list: { state: 'failed', error: errorInfo(error) } });
        } finally {
          inFlight = null;
        }
      })();
      inFlight = request;
      return request;
    },
  }));
}
