import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import type { TransportKind } from './mcpTypes';

/** One JSON-RPC message seen on the wire, for the "Traffic" tab. */
export interface TrafficEvent {
  direction: 'in' | 'out';
  /** The message as sent or received. Shared with the SDK: listeners must not mutate it. */
  message: Readonly<JSONRPCMessage>;
  /** Epoch ms when the tap saw it. */
  at: number;
}

/** Options for {@link TrafficTapTransport}. */
export interface TrafficTapOptions {
  kind: TransportKind;
  /** Receives every message; must not throw (errors are swallowed to keep traffic flowing). */
  onTraffic: (event: TrafficEvent) => void;
  /** Lets the tap skip JSON-encoding sizes when nobody watches. */
  isWatched?: () => boolean;
}

/**
 * A transport that forwards everything to `inner` and reports each JSON-RPC message in and out.
 *
 * It also records whether the inner transport closed (used to recognise a stdio server that
 * exited on the era probe) and, for stdio, exposes `pid` and `stderr`: the SDK recognises a
 * stdio transport *structurally* by those two properties, and only then treats a silent or
 * closing probe as "legacy server" instead of an outage. Without them an in-place probe on a
 * wrapped stdio transport would fail instead of falling back.
 */
export class TrafficTapTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: Transport['onmessage'];
  /** Defined only for stdio (see class comment); `declare` keeps the key absent otherwise. */
  declare readonly pid?: number | null;
  declare readonly stderr?: unknown;
  /**
   * Offered every inbound message after it was reported; returning true keeps it from the SDK.
   * The raw task channel (see RawRequestChannel) takes its own responses this way.
   */
  claim?: (message: JSONRPCMessage) => boolean;
  /** Further claimers (the events channel), asked after `claim`; see {@link addClaimer}. */
  private readonly claimers = new Set<(message: JSONRPCMessage) => boolean>();
  /** Ids of our own `initialize` / `server/discover` requests, to keep their raw results. */
  private readonly handshakeIds = new Set<string | number>();
  private rawHandshake: Record<string, unknown> | undefined;
  private closedFlag = false;
  private closeRequested = false;
  private peerClosedFlag = false;
  private readonly closeListeners = new Set<() => void>();
  /** Seen, not yet reported (see `report`). */
  private unreported: TrafficEvent[] = [];

  constructor(
    readonly inner: Transport,
    private readonly options: TrafficTapOptions,
  ) {
    inner.onmessage = (message, extra) => {
      this.report('in', message);
      this.keepHandshake(message);
      if (this.claimed(message)) return;
      this.onmessage?.(message, extra);
    };
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = () => {
      this.closedFlag = true;
      if (!this.closeRequested) this.peerClosedFlag = true;
      for (const listener of [...this.closeListeners]) listener();
      this.onclose?.();
    };
    if (options.kind === 'stdio') {
      const source = inner as { pid?: unknown; stderr?: unknown };
      Object.defineProperty(this, 'pid', {
        get: () => (typeof source.pid === 'number' ? source.pid : null),
        enumerable: true,
      });
      Object.defineProperty(this, 'stderr', { get: () => source.stderr ?? null, enumerable: true });
    }
  }

  /** True once the inner transport reported that it closed. */
  get closed(): boolean {
    return this.closedFlag;
  }

  /**
   * True when the other side closed the connection before anyone called `close()` here — for
   * stdio, the server process exited on its own (for example on the era probe).
   */
  get closedByPeer(): boolean {
    return this.peerClosedFlag;
  }

  /** Calls `listener` once the inner transport closed (whoever closed it); returns a remover. */
  onDidClose(listener: () => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  get hasPerRequestStream(): boolean | undefined {
    return this.inner.hasPerRequestStream;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  /**
   * The last `initialize` or `server/discover` result as the server sent it. The SDK's schemas
   * drop keys they do not know (a top-level `capabilities.events`, for one), so extensions that
   * deployed servers declare outside `extensions` are read here.
   */
  get rawHandshakeResult(): Readonly<Record<string, unknown>> | undefined {
    return this.rawHandshake;
  }

  /** Offers every inbound message to `claimer` too (after `claim`); returns a remover. */
  addClaimer(claimer: (message: JSONRPCMessage) => boolean): () => void {
    this.claimers.add(claimer);
    return () => this.claimers.delete(claimer);
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.report('out', message);
    if ('method' in message && 'id' in message && isHandshake(message.method)) {
      this.handshakeIds.add(message.id);
    }
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    this.closeRequested = true;
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  setSupportedProtocolVersions(versions: string[]): void {
    this.inner.setSupportedProtocolVersions?.(versions);
  }

  private claimed(message: JSONRPCMessage): boolean {
    for (const claimer of [this.claim, ...this.claimers]) {
      try {
        if (claimer?.(message) === true) return true;
      } catch {
        // A claimer that throws does not get the message; the SDK still does.
      }
    }
    return false;
  }

  private keepHandshake(message: JSONRPCMessage): void {
    if (!('id' in message) || 'method' in message) return;
    const id = message.id;
    if (id === undefined || !this.handshakeIds.has(id)) return;
    this.handshakeIds.delete(id);
    const result = (message as { result?: unknown }).result;
    if (result && typeof result === 'object' && !Array.isArray(result)) {
      this.rawHandshake = result as Record<string, unknown>;
    }
  }

  /**
   * Reports a message once the work it started is done (in order, on the next turn of the event
   * loop): a request is on its way and a response has reached its caller before the recorder
   * measures and previews them, so observing never delays the traffic itself.
   */
  private report(direction: 'in' | 'out', message: JSONRPCMessage): void {
    if (this.options.isWatched && !this.options.isWatched()) return;
    if (this.unreported.push({ direction, message, at: Date.now() }) === 1) {
      setImmediate(() => this.reportSeen());
    }
  }

  private reportSeen(): void {
    const seen = this.unreported;
    this.unreported = [];
    for (const event of seen) {
      try {
        // No serialization here: a 20 MB result must not be stringified just to be observed.
        // The recorder measures it in one bounded pass.
        this.options.onTraffic(event);
      } catch {
        // The tap is an observer: it must never change what flows through it.
      }
    }
  }
}

function isHandshake(method: string): boolean {
  return method === 'initialize' || method === 'server/discover';
}
