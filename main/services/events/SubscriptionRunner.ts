import { AppError } from '../../../shared/errors';
import type { EventStream, StreamEnd } from '../mcp/session/events/EventStream';
import type { EventsWireClient } from '../mcp/session/events/EventsWireClient';
import { eventsErrorName } from '../mcp/session/events/eventsWire';
import { backoffMs, sleep, type Clock } from './Clock';

/** What a runner reports to the service; the service owns cursors, dedup and cards. */
export interface RunnerSink {
  /** The cursor delivery resumes from next time (`null`: the type does not replay). */
  cursor(): string | null;
  setCursor(cursor: string | null): void;
  /** One occurrence as the server sent it (validated and de-duplicated by the sink). */
  occurrence(raw: unknown): void;
  /** The server started later than the stored cursor: events were skipped. */
  gap(): void;
  state(state: 'active' | 'failing', note?: string): void;
  /** The server ended the subscription for good (revoked, type gone); not retried. */
  ended(note: string): void;
}

export interface RunnerOptions {
  client: EventsWireClient;
  type: string;
  arguments: Record<string, unknown>;
  mode: 'poll' | 'push';
  sink: RunnerSink;
  clock: Clock;
  /** Floor under the server's `nextPollMs` (SEP: default 1 s). */
  minPollMs?: number;
  /** Poll interval when the server suggests none. */
  defaultPollMs?: number;
  /** Push: the heartbeat interval assumed until two heartbeats show the real one (SEP: ≤ 30 s). */
  heartbeatMs?: number;
}

/** Errors after which retrying cannot help: the server said no to this subscription. */
const TERMINAL = new Set([
  'NotFound',
  'Forbidden',
  'Unsupported',
  'InvalidParams',
  'MethodNotFound',
]);

/**
 * Delivers one subscription while its server's session lasts: a poll loop (drain while
 * `hasMore`, else wait `nextPollMs`, at least a second) or one push stream (reopened with the
 * last cursor after two missed heartbeats or a drop, with backoff). Stopped by the service when
 * the session ends; a new runner takes over on the next session.
 */
export class SubscriptionRunner {
  private readonly abort = new AbortController();
  private stream: EventStream | undefined;
  private failures = 0;
  private cancelWatchdog: (() => void) | undefined;
  private lastSeen = 0;
  private lastHeartbeat: number | undefined;
  private heartbeatInterval: number;

  constructor(private readonly options: RunnerOptions) {
    this.heartbeatInterval = options.heartbeatMs ?? 30_000;
  }

  start(): void {
    if (this.options.mode === 'poll') void this.pollLoop();
    else this.openStream();
  }

  /** Stops delivery: the stream is cancelled on the server, a poll in flight is dropped. */
  stop(): void {
    if (this.abort.signal.aborted) return;
    this.abort.abort();
    this.cancelWatchdog?.();
    this.stream?.end({ kind: 'cancelled' });
  }

  /** Read through a call: TypeScript would keep a narrowing of the signal across an await. */
  private get stopped(): boolean {
    return this.isStopped();
  }

  private isStopped(): boolean {
    return this.abort.signal.aborted;
  }

  private async pollLoop(): Promise<void> {
    const { client, sink, clock } = this.options;
    const minPoll = this.options.minPollMs ?? 1000;
    while (!this.stopped) {
      let wait: number;
      try {
        const before = sink.cursor();
        const result = await client.poll(
          {
            name: this.options.type,
            arguments: this.options.arguments,
            cursor: before,
            maxEvents: 50,
          },
          this.abort.signal,
        );
        if (this.isStopped()) return;
        this.failures = 0;
        sink.state('active');
        // A null cursor asked for "now": nothing was there to skip.
        if (result.truncated && before !== null) sink.gap();
        for (const raw of result.events) sink.occurrence(raw);
        sink.setCursor(result.cursor);
        // Drain a backlog at once, unless the server pages without moving (a loop otherwise).
        const moved = result.events.length > 0 || result.cursor !== before;
        if (result.hasMore && moved) continue;
        wait = Math.max(minPoll, result.nextPollMs ?? this.options.defaultPollMs ?? 30_000);
      } catch (error) {
        if (this.isStopped()) return;
        const name = errorName(error);
        if (name && TERMINAL.has(name)) {
          sink.ended(messageOf(error));
          return;
        }
        this.failures++;
        sink.state('failing', messageOf(error));
        wait = backoffMs(this.failures);
      }
      await sleep(clock, wait, this.abort.signal);
    }
  }

  private openStream(): void {
    const { client, sink } = this.options;
    if (this.stopped) return;
    const before = sink.cursor();
    let confirmed = false;
    this.lastHeartbeat = undefined;
    this.touch();
    let stream: EventStream;
    try {
      stream = client.stream(
        { name: this.options.type, arguments: this.options.arguments, cursor: before },
        {
          onActive: ({ cursor, truncated }) => {
            this.touch();
            // On the first frame a gap needs a cursor we asked from; mid-stream it is a gap.
            if (truncated && (confirmed || before !== null)) sink.gap();
            confirmed = true;
            this.failures = 0;
            sink.state('active');
            sink.setCursor(cursor);
          },
          onEvent: (params) => {
            this.touch();
            sink.occurrence(params);
            const cursor = (params as { cursor?: unknown }).cursor;
            sink.setCursor(typeof cursor === 'string' ? cursor : null);
          },
          onHeartbeat: (cursor) => {
            const now = this.options.clock.now();
            if (this.lastHeartbeat !== undefined && now > this.lastHeartbeat) {
              this.heartbeatInterval = now - this.lastHeartbeat;
            }
            this.lastHeartbeat = now;
            this.touch();
            sink.setCursor(cursor);
          },
          onError: () => this.touch(),
        },
      );
    } catch (error) {
      this.retryStream(error);
      return;
    }
    this.stream = stream;
    void stream.ended.then((end) => this.streamEnded(stream, end));
  }

  private streamEnded(stream: EventStream, end: StreamEnd): void {
    if (this.stream !== stream) return;
    this.stream = undefined;
    this.cancelWatchdog?.();
    if (this.stopped || end.kind === 'cancelled') return;
    if (end.kind === 'closed') return; // the session is gone: the service starts a new runner
    if (end.kind === 'terminated' || end.kind === 'error') {
      const name = eventsErrorName(end.error.code);
      if (name && TERMINAL.has(name)) {
        this.options.sink.ended(end.error.message.slice(0, 500));
        return;
      }
      this.retryStream(new Error(end.error.message.slice(0, 500)));
      return;
    }
    // The server closed the stream gracefully: open it again from the last cursor.
    this.retryStream(undefined);
  }

  private retryStream(error: unknown): void {
    if (this.stopped) return;
    this.failures++;
    if (error !== undefined) this.options.sink.state('failing', messageOf(error));
    void sleep(this.options.clock, backoffMs(this.failures), this.abort.signal).then(() =>
      this.openStream(),
    );
  }

  /** Something arrived on the stream: it is alive. Re-arms the two-heartbeat watchdog. */
  private touch(): void {
    const { clock } = this.options;
    this.lastSeen = clock.now();
    this.cancelWatchdog?.();
    const limit = 2 * this.heartbeatInterval;
    this.cancelWatchdog = clock.setTimeout(() => this.checkAlive(limit), limit + 1);
  }

  private checkAlive(limit: number): void {
    const stream = this.stream;
    if (!stream || this.stopped) return;
    if (this.options.clock.now() - this.lastSeen <= limit) return;
    // Dead: cancel it on the server and reconnect at once with the last cursor.
    this.stream = undefined;
    stream.end({ kind: 'cancelled' });
    this.openStream();
  }
}

function errorName(error: unknown): string | undefined {
  if (!(error instanceof AppError)) return undefined;
  const data = error.data as { events?: unknown } | undefined;
  return typeof data?.events === 'string' ? data.events : undefined;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
