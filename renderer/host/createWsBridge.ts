import { AppError, AppErrorCode } from '../../shared/errors';
import { fail } from '../../shared/ipc/envelope';
import { isEventName, isRequestName } from '../../shared/ipc/names';
import {
  EAGER_BOOTSTRAP_ID,
  EAGER_BOOTSTRAP_PARAM,
  WS_PATH,
  type InvokeFrame,
  type ServerFrame,
} from '../../shared/ipc/wsProtocol';
import type { HostBridge } from './HostBridge';
import { hostText } from '../../shared/text/hostText';

export type ConnectionState = 'connecting' | 'open' | 'reconnecting';

export interface WsBridgeOptions {
  /** Wait before reconnect attempt `attempt` (1, 2, …); capped exponential by default. */
  reconnectDelayMs?: (attempt: number) => number;
  /** How long a request made while disconnected waits for the socket before it fails. */
  queueTimeoutMs?: number;
  /** Most requests waiting for the socket; more fail at once. */
  maxQueued?: number;
  /**
   * Opens the first socket with `?bootstrap=1`, so the shell sends `app.bootstrap`'s answer as
   * soon as it accepts it; the first `invoke('app.bootstrap')` waits for that answer instead of
   * sending (and is sent as usual if that socket closes first).
   */
  eagerBootstrap?: boolean;
}

/** The answer the first socket brings unasked: not arrived, or arrived before it was asked for. */
type EagerAnswer =
  | { state: 'coming'; resolve?: (envelope: unknown) => void }
  | { state: 'arrived'; envelope: unknown };

interface Queued {
  frame: string;
  resolve: (envelope: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
}

const DEFAULT_QUEUE_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_QUEUED = 100;
/** Most events held for subscribers that do not exist yet (see `held` below). */
const MAX_HELD_EVENTS = 10_000;

const lost = () => fail(new AppError(AppErrorCode.Cancelled, hostText('bridge.lost')));

/**
 * `window.host` for the web shell: the contract over a WebSocket, with reconnection.
 *
 * A request is either in flight (sent) or queued (not sent yet, never both), so whatever is
 * reported as failed is never sent later and cannot run after its caller was told it did not:
 * - in flight when the socket drops: fails with CANCELLED (it may or may not have run; a retry
 *   is the caller's decision);
 * - made while disconnected: queued, sent once on reconnect; it fails (and leaves the queue)
 *   after `queueTimeoutMs`, or at once when `maxQueued` requests are already waiting.
 */
export function createWsBridge(
  socketUrl: string,
  onState: (state: ConnectionState) => void = () => {},
  options: WsBridgeOptions = {},
): HostBridge {
  const reconnectDelay =
    options.reconnectDelayMs ?? ((attempt) => Math.min(5000, 250 * 2 ** Math.min(attempt, 5)));
  const queueTimeoutMs = options.queueTimeoutMs ?? DEFAULT_QUEUE_TIMEOUT_MS;
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  let socket: WebSocket | undefined;
  let nextId = 1;
  let attempt = 0;
  const inFlight = new Map<number, (envelope: unknown) => void>();
  const queued = new Map<number, Queued>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let subscribed = false;
  /**
   * Events that came after the unasked bootstrap and before anyone subscribed. The page's
   * stores subscribe once its entry has run, which can be well after that answer arrived
   * (the socket opens first): an event in between changed what the bootstrap said, so it is
   * held and handed over once they have subscribed, in order (up to MAX_HELD_EVENTS; a page
   * that never subscribes does not hold more).
   */
  let held: { name: string; payload: unknown }[] | undefined;

  const deliver = (name: string, payload: unknown): void => {
    for (const cb of listeners.get(name) ?? []) cb(payload);
  };

  const send = (ws: WebSocket, id: number, frame: string, resolve: (e: unknown) => void) => {
    inFlight.set(id, resolve);
    ws.send(frame);
  };

  /** Sends a request now, or queues it until the socket is open. */
  const request = (name: string, input: unknown, resolve: (envelope: unknown) => void): void => {
    const id = nextId++;
    const frame = JSON.stringify({ kind: 'invoke', id, name, input } satisfies InvokeFrame);
    if (socket?.readyState === WebSocket.OPEN) return send(socket, id, frame, resolve);
    if (queued.size >= maxQueued) {
      resolve(fail(new AppError(AppErrorCode.Cancelled, hostText('bridge.tooManyWaiting'))));
      return;
    }
    // Failed and dropped together: a request that timed out here is never sent later.
    const timer = setTimeout(() => {
      if (queued.delete(id)) resolve(lost());
    }, queueTimeoutMs);
    queued.set(id, { frame, resolve, timer });
  };

  let eager: EagerAnswer | undefined = options.eagerBootstrap ? { state: 'coming' } : undefined;

  const connect = (): void => {
    onState(attempt === 0 ? 'connecting' : 'reconnecting');
    const ws = new WebSocket(eager?.state === 'coming' ? withEagerBootstrap(socketUrl) : socketUrl);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      onState('open');
      // Map order is insertion order: requests go out in the order they were made.
      for (const [id, entry] of [...queued]) {
        queued.delete(id);
        clearTimeout(entry.timer);
        send(ws, id, entry.frame, entry.resolve);
      }
    };
    ws.onmessage = (message: MessageEvent<string>) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(message.data) as ServerFrame;
      } catch {
        return;
      }
      if (frame.kind === 'result' && frame.id === EAGER_BOOTSTRAP_ID) {
        if (eager?.state !== 'coming') return;
        if (!subscribed) held = [];
        if (eager.resolve) eager.resolve(frame.result);
        eager = eager.resolve ? undefined : { state: 'arrived', envelope: frame.result };
      } else if (frame.kind === 'result' && frame.id !== null) {
        inFlight.get(frame.id)?.(frame.result);
        inFlight.delete(frame.id);
      } else if (frame.kind === 'event') {
        if (!held) deliver(frame.name, frame.payload);
        else if (held.length < MAX_HELD_EVENTS) held.push(frame);
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      for (const [id, resolve] of [...inFlight]) {
        inFlight.delete(id);
        resolve(lost());
      }
      // The unasked answer will not come now: a caller already waiting for it is asked for
      // as any request made while disconnected; a later one just asks.
      if (eager?.state === 'coming') {
        const waiting = eager.resolve;
        eager = undefined;
        if (waiting) request('app.bootstrap', {}, waiting);
      }
      attempt += 1;
      onState('reconnecting');
      setTimeout(connect, reconnectDelay(attempt));
    };
  };
  const releaseHeld = (): void => {
    const events = held ?? [];
    held = undefined;
    for (const event of events) deliver(event.name, event.payload);
  };

  connect();

  return {
    invoke(name, input) {
      if (!isRequestName(name)) return Promise.reject(new Error(`Unknown request ${name}`));
      return new Promise((resolve) => {
        if (name === 'app.bootstrap' && eager) {
          if (eager.state === 'arrived') {
            resolve(eager.envelope);
            eager = undefined;
            return;
          }
          if (!eager.resolve) {
            eager.resolve = resolve;
            return;
          }
        }
        request(name, input, resolve);
      });
    },
    on(name, callback) {
      if (!isEventName(name)) throw new Error(`Unknown event ${name}`);
      const set = listeners.get(name) ?? new Set();
      set.add(callback);
      listeners.set(name, set);
      if (!subscribed) {
        subscribed = true;
        // A page subscribes to every event it follows in one go: the held ones go out after it.
        if (held) setTimeout(releaseHeld, 0);
      }
      return () => set.delete(callback);
    },
  };
}

/** The socket URL for the page this shell served, carrying its token. */
export function webSocketUrl(location: Pick<Location, 'host' | 'search'>): string {
  const token = new URLSearchParams(location.search).get('token');
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `ws://${location.host}${WS_PATH}${query}`;
}

function withEagerBootstrap(socketUrl: string): string {
  const url = new URL(socketUrl);
  url.searchParams.set(EAGER_BOOTSTRAP_PARAM, '1');
  return url.toString();
}
