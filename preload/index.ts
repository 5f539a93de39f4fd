import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL, isEventName, isRequestName } from '../shared/ipc/names';

/**
 * The whole bridge: `window.host.invoke(name, input)` and `window.host.on(name, cb)`, for the
 * contract's names only. Results stay envelopes; the renderer's host client unwraps them.
 */
const host = {
  invoke(name: string, input: unknown): Promise<unknown> {
    if (!isRequestName(name)) return Promise.reject(new Error(`Unknown request ${name}`));
    return ipcRenderer.invoke(INVOKE_CHANNEL, name, input);
  },
  on(name: string, callback: (payload: unknown) => void): () => void {
    if (!isEventName(name)) throw new Error(`Unknown event ${name}`);
    const listener = (_event: IpcRendererEvent, eventName: unknown, payload: unknown): void => {
      if (eventName === name) callback(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, listener);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, listener);
    };
  },
};

contextBridge.exposeInMainWorld('host', host);
