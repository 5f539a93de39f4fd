/** One bridge message, as the App's diagnostics list it (the message's content is not kept). */
export interface TrafficEntry {
  /** Milliseconds since the frame's bridge started. */
  at: number;
  /** `in`: from the App; `out`: to it. */
  direction: 'in' | 'out';
  kind: 'request' | 'notification' | 'response' | 'error';
  /** The method (a response: the method of the request it answers, when known). */
  method?: string;
  /** A response: milliseconds since its request. */
  tookMs?: number;
}

/** Entries kept (the newest); requests awaiting an answer kept at most. */
const KEPT = 30;
const PENDING = 100;

/**
 * The last bridge messages of one App frame with their timing, for its diagnostics view. Kept
 * cheaply (method and time only, in a ring) since every message passes here; a view subscribes
 * only while it is open.
 */
export class BridgeTraffic {
  private entries: TrafficEntry[] = [];
  /** Requests awaiting an answer, by direction and id: when sent, and their method. */
  private readonly pending = new Map<string, { at: number; method: string }>();
  private readonly listeners = new Set<() => void>();
  private total = 0;
  private readonly started: number;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.started = now();
  }

  /** Notes one JSON-RPC message going `direction`. Anything else is ignored. */
  record(direction: 'in' | 'out', message: unknown): void {
    if (typeof message !== 'object' || message === null) return;
    const { id, method, error } = message as { id?: unknown; method?: unknown; error?: unknown };
    const at = Math.round(this.now() - this.started);
    const key = (from: 'in' | 'out') => `${from} ${JSON.stringify(id)}`;
    let entry: TrafficEntry;
    if (typeof method === 'string') {
      const request = typeof id === 'string' || typeof id === 'number';
      if (request) {
        if (this.pending.size >= PENDING) this.pending.clear();
        this.pending.set(key(direction), { at, method });
      }
      entry = { at, direction, kind: request ? 'request' : 'notification', method };
    } else {
      // An answer goes the other way from its request.
      const asked = this.pending.get(key(direction === 'in' ? 'out' : 'in'));
      this.pending.delete(key(direction === 'in' ? 'out' : 'in'));
      entry = {
        at,
        direction,
        kind: error === undefined ? 'response' : 'error',
        ...(asked ? { method: asked.method, tookMs: at - asked.at } : {}),
      };
    }
    this.entries =
      this.entries.length < KEPT ? [...this.entries, entry] : [...this.entries.slice(1), entry];
    this.total += 1;
    for (const listener of this.listeners) listener();
  }

  /** The newest entries, oldest first (the same array until the next message). */
  snapshot = (): readonly TrafficEntry[] => this.entries;

  /** Messages seen in all (the list keeps the last {@link KEPT}). */
  count(): number {
    return this.total;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
