import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { AppError, AppErrorCode } from '../../../../../shared/errors';
import { hostText } from '../../../../../shared/text/hostText';
import type { ProtocolEra } from '../../../../../shared/domain/serverStatus';
import type { TrafficTapTransport } from '../TrafficTapTransport';
import type { TransportKind } from '../mcpTypes';
import type { EventsCapability } from './eventsCapability';
import { EventStream, type StreamHandlers, type WireError } from './EventStream';
import {
  EVENTS_EXTENSION,
  EventsMethod,
  EventsNotification,
  SUBSCRIPTION_ID_META,
  eventTypeSchema,
  eventsErrorName,
  listEventsResultSchema,
  pollResultSchema,
  type EventTypeWire,
  type PollResultWire,
  type SubscriptionRequest,
} from './eventsWire';

/** What one connection's events client needs. */
export interface EventsWireDeps {
  tap: TrafficTapTransport;
  transportKind: TransportKind;
  era: ProtocolEra;
  protocolVersion: string;
  clientInfo: { name: string; version: string };
  clientCapabilities: Record<string, unknown>;
  serverName: string;
  /** How the server declared Events; `undefined` refuses every request (SEP-3415 MUST). */
  capability: EventsCapability | undefined;
  requestTimeoutMs: number;
}

const ID_PREFIX = 'sb-ev-';
/** `events/list` pages followed at most: a server that pages forever cannot hold us. */
const MAX_LIST_PAGES = 20;

interface Pending {
  resolve: (message: JSONRPCMessage) => void;
  reject: (error: Error) => void;
}

/**
 * The client side of the Events extension on one connection, both eras: `events/list`,
 * `events/poll` and `events/stream`, sent past the SDK on the session's own transport (the SDK
 * knows none of them) with ids of their own (`sb-ev-N`) whose responses and notifications the
 * traffic tap hands here. Push notifications are routed by their subscription id. Nothing is
 * sent to a server that declared neither capability key.
 */
export class EventsWireClient {
  private next = 0;
  private readonly pending = new Map<string, Pending>();
  private readonly streams = new Map<string, EventStream>();
  private readonly listChanged = new Set<() => void>();
  private closed = false;
  private readonly stopClaiming: () => void;
  private readonly stopWatchingClose: () => void;

  constructor(private readonly deps: EventsWireDeps) {
    this.stopClaiming = deps.tap.addClaimer((message) => this.claim(message));
    this.stopWatchingClose = deps.tap.onDidClose(() => this.close());
  }

  /** Whether the server declared Events (either key, either era). */
  get supported(): boolean {
    return this.deps.capability !== undefined;
  }

  /** Listens for `notifications/events/list_changed`; returns a remover. */
  onListChanged(listener: () => void): () => void {
    this.listChanged.add(listener);
    return () => this.listChanged.delete(listener);
  }

  /** Every event type, all pages; types that do not parse are left out. */
  async list(signal?: AbortSignal): Promise<EventTypeWire[]> {
    const types: EventTypeWire[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const result = listEventsResultSchema.parse(
        await this.request(EventsMethod.list, cursor ? { cursor } : {}, signal),
      );
      for (const raw of result.events) {
        const parsed = eventTypeSchema.safeParse(raw);
        if (parsed.success) types.push(parsed.data);
      }
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    return types;
  }

  /** One `events/poll`; a server error rejects with MCP_PROTOCOL carrying its code. */
  async poll(request: SubscriptionRequest, signal?: AbortSignal): Promise<PollResultWire> {
    return pollResultSchema.parse(
      await this.request(EventsMethod.poll, subscriptionParams(request), signal),
    );
  }

  /**
   * Opens one `events/stream` (one per subscription). The stream ends on the server's final
   * result or error, a `terminated` notification, the connection closing, or {@link cancel}.
   */
  stream(request: SubscriptionRequest, handlers: StreamHandlers): EventStream {
    this.refuseUnlessSupported(EventsMethod.stream);
    const id = this.nextId();
    const abort = new AbortController();
    const stream = new EventStream(id, handlers, (end) => {
      this.streams.delete(id);
      this.pending.delete(id);
      if (end.kind === 'cancelled') this.cancelOnServer(id, abort);
    });
    this.streams.set(id, stream);
    this.pending.set(id, {
      resolve: (message) => {
        const error = (message as { error?: WireError }).error;
        stream.end(error ? { kind: 'error', error } : { kind: 'result' });
      },
      reject: () => stream.end({ kind: 'closed' }),
    });
    this.send(EventsMethod.stream, id, subscriptionParams(request), abort.signal).catch(() =>
      stream.end({ kind: 'closed' }),
    );
    return stream;
  }

  /** Ends every stream and request in flight (the connection is gone). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopClaiming();
    this.stopWatchingClose();
    for (const stream of [...this.streams.values()]) stream.end({ kind: 'closed' });
    for (const pending of [...this.pending.values()]) {
      pending.reject(new AppError(AppErrorCode.McpClosed, hostText('mcp.closed')));
    }
    this.pending.clear();
    this.listChanged.clear();
  }

  private async request(
    method: string,
    params: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<unknown> {
    this.refuseUnlessSupported(method);
    const id = this.nextId();
    const response = await new Promise<JSONRPCMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new AppError(AppErrorCode.McpTimeout, hostText('events.timedOut', { method })));
      }, this.deps.requestTimeoutMs);
      const settle = (): void => {
        clearTimeout(timer);
        this.pending.delete(id);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = (): void => {
        settle();
        reject(new AppError(AppErrorCode.Cancelled, hostText('events.cancelled')));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve: (message) => {
          settle();
          resolve(message);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      this.send(method, id, params).catch((error: unknown) => {
        settle();
        reject(
          new AppError(AppErrorCode.McpClosed, hostText('events.notSent', { method }), {
            cause: String(error),
          }),
        );
      });
    });
    const error = (response as { error?: WireError }).error;
    if (error) throw wireErrorToAppError(method, error);
    return (response as { result?: unknown }).result;
  }

  private send(
    method: string,
    id: string,
    params: Record<string, unknown>,
    requestSignal?: AbortSignal,
  ): Promise<void> {
    if (this.closed) return Promise.reject(new Error('closed'));
    const message = {
      jsonrpc: '2.0',
      id,
      method,
      params: this.frame(params),
    } as JSONRPCMessage;
    return this.deps.tap.send(message, requestSignal ? { requestSignal } : undefined);
  }

  /** The 2026-07-28 per-request envelope, with the extension declared; nothing added on 2025. */
  private frame(params: Record<string, unknown>): Record<string, unknown> {
    if (this.deps.era !== 'modern') return params;
    const { tasks: _legacyTasks, ...capabilities } = this.deps.clientCapabilities;
    const extensions = isRecord(capabilities.extensions) ? capabilities.extensions : {};
    return {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': this.deps.protocolVersion,
        'io.modelcontextprotocol/clientInfo': this.deps.clientInfo,
        'io.modelcontextprotocol/clientCapabilities': {
          ...capabilities,
          extensions: { ...extensions, [EVENTS_EXTENSION]: {} },
        },
      },
    };
  }

  private refuseUnlessSupported(method: string): void {
    if (this.closed) throw new AppError(AppErrorCode.McpClosed, hostText('mcp.closed'));
    if (!this.deps.capability) {
      throw new AppError(
        AppErrorCode.Unsupported,
        hostText('events.notOffered', { server: this.deps.serverName }),
        { method },
      );
    }
  }

  private nextId(): string {
    return `${ID_PREFIX}${String(++this.next)}`;
  }

  /** stdio: `notifications/cancelled`; HTTP: the request stream is aborted (SEP-3415). */
  private cancelOnServer(id: string, abort: AbortController): void {
    if (this.closed) return;
    if (this.deps.transportKind !== 'stdio') {
      abort.abort();
      return;
    }
    const notification = {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: id, reason: 'unsubscribed' },
    } as JSONRPCMessage;
    this.deps.tap.send(notification).catch(() => {
      // Best effort: the stream is already given up on here.
    });
  }

  private claim(message: JSONRPCMessage): boolean {
    if ('id' in message && !('method' in message)) {
      if (typeof message.id !== 'string' || !message.id.startsWith(ID_PREFIX)) return false;
      this.pending.get(message.id)?.resolve(message);
      return true;
    }
    if (!('method' in message) || 'id' in message) return false;
    if (message.method === EventsNotification.listChanged) {
      for (const listener of [...this.listChanged]) listener();
      return true;
    }
    if (!message.method.startsWith('notifications/events/')) return false;
    const params = isRecord(message.params) ? message.params : {};
    const meta = isRecord(params._meta) ? params._meta : {};
    const subscription = meta[SUBSCRIPTION_ID_META];
    const stream =
      typeof subscription === 'string' || typeof subscription === 'number'
        ? this.streams.get(String(subscription))
        : undefined;
    // Not ours (another client's stream on a shared connection, or one already ended): dropped.
    stream?.deliver(message.method, params);
    return true;
  }
}

function subscriptionParams(request: SubscriptionRequest): Record<string, unknown> {
  return {
    name: request.name,
    arguments: request.arguments,
    cursor: request.cursor,
    ...(request.maxAgeMs !== undefined ? { maxAgeMs: request.maxAgeMs } : {}),
    ...(request.maxEvents !== undefined ? { maxEvents: request.maxEvents } : {}),
  };
}

/** A server's error answer as an AppError the host can branch on (`data.events`). */
export function wireErrorToAppError(method: string, error: WireError): AppError {
  const name = eventsErrorName(error.code);
  return new AppError(
    name === 'NotFound'
      ? AppErrorCode.NotFound
      : name === 'Forbidden'
        ? AppErrorCode.Forbidden
        : AppErrorCode.McpProtocol,
    hostText('events.serverError', {
      method,
      text: hostText('foreign', { text: error.message.slice(0, 500) }),
    }),
    { code: error.code, ...(name ? { events: name } : {}), method },
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
