import { AppError, AppErrorCode } from '../../shared/errors';
import { fail } from '../../shared/ipc/envelope';
import { isEventName, isRequestName } from '../../shared/ipc/names';
import { WS_PATH, type InvokeFrame, type ServerFrame } from '../../shared/ipc/wsProtocol';
import type { HostBridge } from './HostBridge';

export type ConnectionState = 'connecting' | 'open' | 'reconnecting';

interface Pending {
  resolve: (envelope: unknown) => void;
}

/**
 * `window.host` for the web shell: the contract over a WebSocket, with reconnection.
 * Requests made while disconnected wait for the socket; requests in flight when it drops
 * fail with a CANCELLED error so callers can retry.
 */
export function createWsBridge(
  socketUrl: string,
  onState: (state: ConnectionState) => void = () => {},
): HostBridge {
  let socket: WebSocket | undefined;
  let nextId = 1;
  let attempt = 0;
  const pending = new Map<number, Pending>();
  const queue: string[] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();

  const connect = (): void => {
    onState(attempt === 0 ? 'connecting' : 'reconnecting');
    const ws = new WebSocket(socketUrl);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      onState('open');
      for (const frame of queue.splice(0)) ws.send(frame);
    };
    ws.onmessage = (message: MessageEvent<string>) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(message.data) as ServerFrame;
      } catch {
        return;
      }
      if (frame.kind === 'result' && frame.id !== null) {
        pending.get(frame.id)?.resolve(frame.result);
        pending.delete(frame.id);
      } else if (frame.kind === 'event') {
        for (const cb of listeners.get(frame.name) ?? []) cb(frame.payload);
      }
    };
    ws.onclose = () => {
      for (const [id, p] of pending) {
        p.resolve(fail(new AppError(AppErrorCode.Cancelled, 'Connection to Switchboard was lost')));
        pending.delete(id);
      }
      attempt += 1;
      onState('reconnecting');
      setTimeout(connect, Math.min(5000, 250 * 2 ** Math.min(attempt, 5)));
    };
  };
  connect();

  return {
    invoke(name, input) {
      if (!isRequestName(name)) return Promise.reject(new Error(`Unknown request ${name}`));
      const id = nextId++;
      const frame = JSON.stringify({ kind: 'invoke', id, name, input } satisfies InvokeFrame);
      return new Promise((resolve) => {
        pending.set(id, { resolve });
        if (socket?.readyState === WebSocket.OPEN) socket.send(frame);
        else queue.push(frame);
      });
    },
    on(name, callback) {
      if (!isEventName(name)) throw new Error(`Unknown event ${name}`);
      const set = listeners.get(name) ?? new Set();
      set.add(callback);
      listeners.set(name, set);
      return () => set.delete(callback);
    },
  };
}

/** The socket URL for the page this shell served, carrying its token. */
export function webSocketUrl(location: Location): string {
  const token = new URLSearchParams(location.search).get('token');
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `ws://${location.host}${WS_PATH}${query}`;
}
