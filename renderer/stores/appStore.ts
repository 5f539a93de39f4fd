import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Bootstrap } from '../../shared/ipc/contract';

/** Which screen the main pane shows. */
export type View =
  | { kind: 'home' }
  | { kind: 'settings' }
  /** The servers file editor; `importing` opens it with the import dialog showing. */
  | { kind: 'config'; importing?: boolean }
  | { kind: 'server'; name: string };
export type Connection = 'open' | 'connecting' | 'reconnecting';

/** App-level facts; settings and servers live in their own stores. */
export type AppInfo = Omit<Bootstrap, 'settings' | 'servers'>;

export interface AppState {
  info: AppInfo;
  view: View;
  connection: Connection;
  setView: (view: View) => void;
  setConnection: (connection: Connection) => void;
}

export type AppStore = StoreApi<AppState>;

export const homeView: View = { kind: 'home' };

/** True when two views show the same screen (views are small value objects). */
export function sameView(a: View, b: View): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** App-level facts from bootstrap, plus which screen is showing. */
export function createAppStore(info: AppInfo): AppStore {
  return createStore<AppState>()((set) => ({
    info,
    view: homeView,
    connection: 'open',
    setView: (view) => set((s) => (sameView(s.view, view) ? {} : { view })),
    setConnection: (connection) => set({ connection }),
  }));
}
