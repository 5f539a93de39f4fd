import { EVENT_CHANNEL, INVOKE_CHANNEL, isEventName, isRequestName } from '../shared/ipc/names';

/** The part of Electron's `ipcRenderer` the bridge uses; injected so it can be tested. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** What the window sees as `window.host`. */
export interface HostBridge {
  invoke(name: string, input: unknown): Promise<unknown>;
  on(name: string, callback: (payload: unknown) => void): () => void;
}

/**
 * The whole bridge: `invoke(name, input)` and `on(name, cb)`, for the contract's names only.
 * Results stay envelopes; the renderer's host client unwraps them. Every event arrives on one
 * ipcRenderer listener and is handed to that event's subscribers, however many the window has
 * (one listener per subscription made every event walk them all, and tripped Node's warning).
 */
export function createHostBridge(
  ipc: IpcRendererLike,
  // Rethrown outside the loop, so it reaches the window's console as an uncaught error.
  reportError: (error: unknown) => void = (error) =>
    queueMicrotask(() => {
      throw error;
    }),
): HostBridge {
  const subscribers = new Map<string, Set<{ callback: (payload: unknown) => void }>>();
  ipc.on(EVENT_CHANNEL, (_event, eventName, payload) => {
    if (typeof eventName !== 'string') return;
    const entries = subscribers.get(eventName);
    if (!entries) return;
    for (const entry of [...entries]) {
      try {
        entry.callback(payload);
      } catch (error) {
        // One failing subscriber must not keep the event from the others; still reported.
        reportError(error);
      }
    }
  });
  return {
    invoke(name, input) {
      if (!isRequestName(name)) return Promise.reject(new Error(`Unknown request ${name}`));
      return ipc.invoke(INVOKE_CHANNEL, name, input);
    },
    on(name, callback) {
      if (!isEventName(name)) throw new Error(`Unknown event ${name}`);
      // An entry per subscription: the same callback subscribed twice is called twice.
      const entry = { callback };
      const entries = subscribers.get(name) ?? new Set();
      subscribers.set(name, entries.add(entry));
      return () => {
        entries.delete(entry);
        if (entries.size === 0 && subscribers.get(name) === entries) subscribers.delete(name);
      };
    },
  };
}
