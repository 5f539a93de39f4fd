/** What `window.host` is, whichever shell provides it (Electron preload or WebSocket). */
export interface HostBridge {
  /** Resolves with the raw envelope `{ok, value} | {ok, error}`. */
  invoke(name: string, input: unknown): Promise<unknown>;
  on(name: string, callback: (payload: unknown) => void): () => void;
}

declare global {
  interface Window {
    host?: HostBridge;
  }
}
