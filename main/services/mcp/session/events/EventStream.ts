import {
  EventsNotification,
  activeParamsSchema,
  errorParamsSchema,
  heartbeatParamsSchema,
} from './eventsWire';

/** A JSON-RPC error as a server sent it. */
export interface WireError {
  code: number;
  message: string;
  data?: unknown;
}

/** What an open `events/stream` reports, in order of arrival. */
export interface StreamHandlers {
  /** `notifications/events/active`: confirmed (first), or a gap mid-stream (`truncated`). */
  onActive(active: { cursor: string | null; truncated: boolean }): void;
  /** `notifications/events/event`: the raw params (validated by the caller). */
  onEvent(params: unknown): void;
  /** `notifications/events/heartbeat`: the position the server has checked up to. */
  onHeartbeat(cursor: string | null): void;
  /** `notifications/events/error`: one occurrence failed; the stream stays open. */
  onError(error: WireError): void;
}

/** Why a stream ended. `terminated` and `error` carry the server's error. */
export type StreamEnd =
  | { kind: 'result' }
  | { kind: 'error'; error: WireError }
  | { kind: 'terminated'; error: WireError }
  | { kind: 'closed' }
  | { kind: 'cancelled' };

/**
 * One `events/stream` request: its id routes the notifications that carry it in
 * `_meta["io.modelcontextprotocol/subscriptionId"]`. Ends once, however it ends.
 */
export class EventStream {
  private endValue: StreamEnd | undefined;
  private resolveEnd!: (end: StreamEnd) => void;
  /** Resolves when the stream is over (the server closed it, it failed, or it was cancelled). */
  readonly ended: Promise<StreamEnd>;

  constructor(
    readonly id: string,
    private readonly handlers: StreamHandlers,
    private readonly onEnd: (end: StreamEnd) => void,
  ) {
    this.ended = new Promise((resolve) => {
      this.resolveEnd = resolve;
    });
  }

  get isOpen(): boolean {
    return this.endValue === undefined;
  }

  /** Routes one notification of this stream; a malformed one is reported, never thrown. */
  deliver(method: string, params: Record<string, unknown>): void {
    if (!this.isOpen) return;
    try {
      switch (method) {
        case EventsNotification.active: {
          const active = activeParamsSchema.parse(params);
          this.handlers.onActive({ cursor: active.cursor, truncated: active.truncated });
          return;
        }
        case EventsNotification.event:
          this.handlers.onEvent(params);
          return;
        case EventsNotification.heartbeat:
          this.handlers.onHeartbeat(heartbeatParamsSchema.parse(params).cursor);
          return;
        case EventsNotification.error:
          this.handlers.onError(errorParamsSchema.parse(params).error);
          return;
        case EventsNotification.terminated:
          this.end({ kind: 'terminated', error: errorParamsSchema.parse(params).error });
          return;
      }
    } catch {
      this.handlers.onError({ code: -32602, message: `Malformed ${method} notification` });
    }
  }

  /** Ends the stream once; later calls are ignored. */
  end(end: StreamEnd): void {
    if (!this.isOpen) return;
    this.endValue = end;
    this.onEnd(end);
    this.resolveEnd(end);
  }
}
