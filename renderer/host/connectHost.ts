import type { Bootstrap } from '../../shared/ipc/contract';
import { createHostClient, type HostClient } from './HostClient';
import type { HostBridge } from './HostBridge';
import { createWsBridge, webSocketUrl, type ConnectionState } from './createWsBridge';

/** The page's link to main, and its first request already on the way. */
export interface HostConnection {
  client: HostClient;
  /** `app.bootstrap`, asked at once; rejects as the request would. */
  bootstrap: Promise<Bootstrap>;
  /** Where the socket's state changes go from now on (the stores, once they exist). */
  onState(listener: (state: ConnectionState) => void): void;
}

/**
 * Picks the bridge (Electron's preload, else a WebSocket to the shell that served the page)
 * and asks for the bootstrap at once. The entry calls it before importing the rest of the
 * page, so the socket's handshake and the first round trip overlap the evaluation of the
 * other modules instead of following it.
 */
export function connectHost(
  preload: HostBridge | undefined,
  location: Pick<Location, 'host' | 'search'>,
): HostConnection {
  let listener: ((state: ConnectionState) => void) | undefined;
  // What happened before anyone listened: the listener hears of it when it is set.
  let missed: ConnectionState | undefined;
  let opened = false;
  const onBridgeState = (state: ConnectionState): void => {
    if (listener) return listener(state);
    // The first open is what the bootstrap reflects; anything after it is news.
    if (state === 'open' && !opened) opened = true;
    else if (opened) missed = state;
  };
  // The shell sends the bootstrap as soon as it accepts the socket: it is on its way while the
  // page is still evaluating, before the page could even send the request.
  const bridge =
    preload ?? createWsBridge(webSocketUrl(location), onBridgeState, { eagerBootstrap: true });
  const client = createHostClient(bridge);
  const bootstrap = client.invoke('app.bootstrap', {});
  // Awaited by the entry a moment later; until then a failure is not "unhandled".
  bootstrap.catch(() => undefined);
  return {
    client,
    bootstrap,
    onState: (next) => {
      listener = next;
      // Lost (or lost and back) before the page listened: it still has to hear so, or it would
      // show a connection that is not there, or miss the resync after the reconnect.
      if (missed) next(missed);
      missed = undefined;
    },
  };
}
