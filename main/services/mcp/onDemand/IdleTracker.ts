import type { TrafficEntry } from '../../../../shared/domain/mcpViews';

/** The request a 2026-07-28 client keeps open for change notifications. */
const STANDING_STREAM = 'subscriptions/listen';

/** What tells a server is in use right now, besides its own traffic. */
export type KeepAlive = (server: string) => boolean;

/**
 * When each running server was last used, and what is still waiting on it. Use is traffic:
 * every request either side sends counts, and a request still unanswered (a long tool call,
 * a question the server put to the person, a stream the host keeps open) keeps it busy. Time
 * comes from the clock it is given, so tests step it instead of sleeping.
 */
export class IdleTracker {
  private readonly lastUsed = new Map<string, number>();
  private readonly waiting = new Map<string, Set<string>>();

  constructor(private readonly now: () => number) {}

  /** The server (re)started: idle time counts from now, nothing is waiting. */
  started(server: string): void {
    this.lastUsed.set(server, this.now());
    this.waiting.delete(server);
  }

  /** Something used it without traffic yet (a call about to be sent). */
  touch(server: string): void {
    this.lastUsed.set(server, this.now());
  }

  /** One message on the server's wire. */
  traffic(server: string, entry: Pick<TrafficEntry, 'direction' | 'kind' | 'id' | 'method'>): void {
    if (entry.kind === 'notification' || entry.id === undefined) return;
    // The host's own standing stream for list changes (2026-07-28) is not use, and never ends.
    if (entry.method === STANDING_STREAM) return;
    const id = String(entry.id);
    const waiting = this.waiting.get(server) ?? new Set<string>();
    if (entry.kind === 'request') {
      // Ours go out, the server's come in; each is answered the other way.
      waiting.add(`${entry.direction}:${id}`);
      this.lastUsed.set(server, this.now());
    } else {
      waiting.delete(`${entry.direction === 'in' ? 'out' : 'in'}:${id}`);
      this.lastUsed.set(server, this.now());
    }
    if (waiting.size > 0) this.waiting.set(server, waiting);
    else this.waiting.delete(server);
  }

  /** The server is not running any more. */
  forget(server: string): void {
    this.lastUsed.delete(server);
    this.waiting.delete(server);
  }

  /**
   * Whether the server has gone unused for `minutes` (0 = never idle). A busy server is not
   * idle, and its idle time starts again once it is not busy any more.
   */
  isIdle(server: string, minutes: number, busy: boolean): boolean {
    if (minutes <= 0) return false;
    if (busy || (this.waiting.get(server)?.size ?? 0) > 0) {
      this.lastUsed.set(server, this.now());
      return false;
    }
    const last = this.lastUsed.get(server);
    if (last === undefined) {
      this.lastUsed.set(server, this.now());
      return false;
    }
    return this.now() - last >= minutes * 60_000;
  }
}
