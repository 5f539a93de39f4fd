import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Bootstrap } from '../../shared/ipc/contract';

/** Which screen the main pane shows. */
export type View =
  | { kind: 'home' }
  /** Settings; `section` (a section's id, such as `registry`) is scrolled to when it opens. */
  | { kind: 'settings'; section?: string }
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
  /** The person's choice for wide windows: the sidebar shows as a narrow rail of icons. */
  sidebarCollapsed: boolean;
  /**
   * The window is narrow (below {@link NARROW_WINDOW_PX}): the sidebar is a rail whatever the
   * choice, and opening it lays it over the main pane (`sidebarOverlay`) until the next screen.
   */
  narrow: boolean;
  /** In a narrow window: the sidebar is open over the main pane. */
  sidebarOverlay: boolean;
  /** The sidebar's servers show as their one-line summary only. */
  serversCollapsed: boolean;
  /** Pixels the person gave the dock of a conversation's server requests; null: the default. */
  dockHeight: number | null;
  setDockHeight: (height: number | null) => void;
  setView: (view: View) => void;
  /** Wide: collapses or expands the sidebar (kept). Narrow: opens or closes it over the pane. */
  toggleSidebar: () => void;
  setNarrow: (narrow: boolean) => void;
  toggleServers: () => void;
  /** Opens settings, or closes them back to where the person was. */
  toggleSettings: () => void;
  setConnection: (connection: Connection) => void;
}

export type AppStore = StoreApi<AppState>;

export const homeView: View = { kind: 'home' };
/** A new, empty chat (its conversation is created by the first message). */
export const newChatView: View = { kind: 'chat', id: null };

/** Windows narrower than this show the sidebar as its rail (it opens over the main pane). */
export const NARROW_WINDOW_PX = 900;

/** Whether the sidebar shows as its rail now (the choice when wide; unless opened when narrow). */
export function sidebarIsRail(
  state: Pick<AppState, 'narrow' | 'sidebarCollapsed' | 'sidebarOverlay'>,
): boolean {
  return state.narrow ? !state.sidebarOverlay : state.sidebarCollapsed;
}

/** True when two views show the same screen (views are small value objects). */
export function sameView(a: View, b: View): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** App-level facts from bootstrap, plus which screen is showing and how the sidebar is. */
export function createAppStore(
  info: AppInfo,
  start: { view?: View; sidebarCollapsed?: boolean; serversCollapsed?: boolean } = {},
): AppStore {
  return createStore<AppState>()((set) => ({
    info,
    view: start.view ?? homeView,
    beforeSettings: homeView,
    connection: 'open',
    sidebarCollapsed: start.sidebarCollapsed ?? false,
    narrow: false,
    sidebarOverlay: false,
    serversCollapsed: start.serversCollapsed ?? false,
    dockHeight: null,
    setDockHeight: (dockHeight) => set({ dockHeight }),
    toggleSidebar: () =>
      set((s) =>
        s.narrow
          ? { sidebarOverlay: !s.sidebarOverlay }
          : { sidebarCollapsed: !s.sidebarCollapsed },
      ),
    // Unchanged, the state itself: no new object, so no subscriber is woken (the window's
    // first check at start-up would otherwise re-render the whole shell).
    setNarrow: (narrow) =>
      set((s) => (s.narrow === narrow ? s : { narrow, sidebarOverlay: false })),
    toggleServers: () => set((s) => ({ serversCollapsed: !s.serversCollapsed })),
    setView: (view) =>
      set((s) => {
        // A screen chosen from the sidebar laid over the pane: it makes way for that screen.
        const closed = s.sidebarOverlay ? { sidebarOverlay: false } : {};
        if (sameView(s.view, view)) return closed;
        return view.kind === 'settings' && s.view.kind !== 'settings'
          ? { view, beforeSettings: s.view, ...closed }
          : { view, ...closed };
      }),
    toggleSettings: () =>
      set((s) =>
        s.view.kind === 'settings'
          ? { view: s.beforeSettings, sidebarOverlay: false }
          : { view: { kind: 'settings' }, beforeSettings: s.view, sidebarOverlay: false },
      ),
    setConnection: (connection) => set({ connection }),
  }));
}
