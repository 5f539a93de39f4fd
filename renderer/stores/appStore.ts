import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Bootstrap } from '../../shared/ipc/contract';

export type View = 'home' | 'settings';
export type Connection = 'open' | 'connecting' | 'reconnecting';

export interface AppState {
  info: Omit<Bootstrap, 'settings'>;
  view: View;
  connection: Connection;
  setView: (view: View) => void;
  setConnection: (connection: Connection) => void;
}

export type AppStore = StoreApi<AppState>;

/** App-level facts from bootstrap, plus which screen is showing. */
export function createAppStore(info: Omit<Bootstrap, 'settings'>): AppStore {
  return createStore<AppState>()((set) => ({
    info,
    view: 'home',
    connection: 'open',
    setView: (view) => set({ view }),
    setConnection: (connection) => set({ connection }),
  }));
}
