import type { TrafficEntry } from '../../../../shared/domain/mcpViews';
import { TRAFFIC_PREVIEW_CHARS, wireTextOf } from '../session/wireText';
import { previewJson } from './previewJson';
import { SeqRing } from './SeqRing';

interface RawTraffic {
  direction: 'in' | 'out';
  message: unknown;
  at: number;
}

/**
 * Turns JSON-RPC messages into Traffic rows: kind, method, id, size, and for responses the
 * time since their request (matched by direction and id).
 */
export class TrafficRecorder {
  private readonly ring: SeqRing<TrafficEntry>;
  private readonly started = new Map<string, { at: number; method: string }>();

  /** `redact`: applied to each preview before it is kept (values references brought in). */
  constructor(
    capacity = 5000,
    private readonly redact: (text: string) => string = (text) => text,
  ) {
    this.ring = new SeqRing(capacity);
  }

  record(event: RawTraffic): TrafficEntry {
    const msg = (
      typeof event.message === 'object' && event.message !== null ? event.message : {}
    ) as {
      id?: unknown;
      method?: unknown;
      error?: unknown;
    };
    const id = typeof msg.id === 'string' || typeof msg.id === 'number' ? msg.id : undefined;
    const method = typeof msg.method === 'string' ? msg.method : undefined;
    const kind: TrafficEntry['kind'] = method
      ? id === undefined
        ? 'notification'
        : 'request'
      : msg.error === undefined
        ? 'response'
        : 'error';
    let durationMs: number | undefined;
    let shownMethod = method;
    if (kind === 'request' && id !== undefined) {
      this.started.set(`${event.direction}:${String(id)}`, { at: event.at, method: method ?? '' });
      if (this.started.size > 10_000) this.started.clear();
    } else if ((kind === 'response' || kind === 'error') && id !== undefined) {
      // A response travels the other way from its request.
      const key = `${event.direction === 'in' ? 'out' : 'in'}:${String(id)}`;
      const start = this.started.get(key);
      if (start) {
        durationMs = event.at - start.at;
        shownMethod = start.method;
        this.started.delete(key);
      }
    }
    // The line it travelled as, when known (stdio); otherwise serialized here, cut to a preview.
    const wire = wireTextOf(event.message);
    const { preview, bytes, truncated } =
      wire === undefined
        ? previewJson(event.message, TRAFFIC_PREVIEW_CHARS)
        : { preview: wire, bytes: Buffer.byteLength(wire), truncated: false };
    return this.ring.push((seq) => ({
      seq,
      at: event.at,
      direction: event.direction,
      kind,
      ...(shownMethod ? { method: shownMethod } : {}),
      ...(id !== undefined ? { id } : {}),
      bytes,
      ...(durationMs !== undefined ? { durationMs } : {}),
      preview: this.redact(preview),
      truncated,
    }));
  }

  since(seq?: number): TrafficEntry[] {
    return this.ring.since(seq);
  }
}
