import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Bootstrap } from '../../shared/ipc/contract';

/** Which screen the main pane shows. */
export type View =
  | { kind: 'home' }
  | { kind: 'settings' }
  /** The servers file editor; `importing` opens it with the import dialog showing. */
  | { kind: 'config'; importing?: boolean }
  | { kind: 'server'; name: string }
  /** The add/edit server form; `name` edits that server, absent adds a new one. */
  | { kind: 'serverForm'; name?: string }
  /** The MCP Registry browser. */
  | { kind: 'registry' }
  /** Installing an `.mcpb` bundle. */
  | { kind: 'bundle' }
  /** Every running and recently ended task, across conversations. */
  | { kind: 'tasks' }
  /** Every server with its state and what it costs (memory, CPU). */
  | { kind: 'servers' }
  /** A conversation; `id` null is a new chat, created when its first message is sent. */
  | { kind: 'chat'; id: string | null };
export type Connection = 'open' | 'connecting' | 'reconnecting';

/** App-level facts; settings, servers, conversations and approvals live in their own stores. */
export type AppInfo = Omit<
  Bootstrap,
  'settings' | 'servers' | 'conversations' | 'pendingApprovals' | 'uiState'
>;

export interface AppState {
  info: AppInfo;
  view: View;
  /** The screen settings were opened from, so closing them goes back there. */
  beforeSettings: View;
  connection: Connection;
  /** The sidebar shows as a narrow rail of icons. */
  sidebarCollapsed: boolean;
  /** Pixels the person gave the dock of a conversation's server requests; null: the default. */
  dockHeight: number | null;
  setDockHeight: (height: number | null) => void;
  setView: (view: View) => void;
  toggleSidebar: () => void;
  /** Opens settings, or closes them back to where the person was. */
  toggleSettings: () => void;
  setConnection: (connection: Connection) => void;
}

export type AppStore = StoreApi<AppState>;

export const homeView: View = { kind: 'home' };
/** A new, empty chat (its conversation is created by the first message). */
export const newChatView: View = { kind: 'chat', id: null };

/** True when two views show the same screen (views are small value objects). */
export function sameView(a: View, b: View): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** App-level facts from bootstrap, plus which screen is showing and how the sidebar is. */
export function createAppStore(
  info: AppInfo,
  start: { view?: View; sidebarCollapsed?: boolean } = {},
): AppStore {
  return createStore<AppState>()((set) => ({
    info,
    view: start.view ?? homeView,
    beforeSettings: homeView,
    connection: 'open',
    sidebarCollapsed: start.sidebarCollapsed ?? false,
    dockHeight: null,
    setDockHeight: (dockHeight) => set({ dockHeight }),
    toggleSidebar: () => set((s) => ({ sidebarCollapsed: !s.sidebarCollapsed })),
    setView: (view) =>
      set((s) => {
        if (sameView(s.view, view)) return {};
        return view.kind === 'settings' && s.view.kind !== 'settings'
          ? { view, beforeSettings: s.view }
          : { view };
      }),
    toggleSettings: () =>
      set((s) =>
        s.view.kind === 'settings'
          ? { view: s.beforeSettings }
          : { view: { kind: 'settings' }, beforeSettings: s.view },
      ),
    setConnection: (connection) => set({ connection }),
  }));
}
