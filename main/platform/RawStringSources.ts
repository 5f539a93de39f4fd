/** Strings shorter than this are cheap to escape again: not worth remembering. */
export const RAW_STRING_MIN_CHARS = 64 * 1024;
/** How long a source is kept: long enough for the value to be sent on, then let go. */
const KEEP_MS = 10_000;
/** Sources kept at most (the oldest go first). */
const MAX_ENTRIES = 8;

interface Entry {
  source: string;
  at: number;
}

/**
 * The JSON source text of large strings parsed from servers' messages, kept for a moment so
 * that a shell sending the same string on (the web shell's socket) can write it as it came
 * rather than escape tens of megabytes again: JSON.parse gives each value's source text
 * (`context.source`), and that text parses to exactly that value. Keyed by the string itself,
 * since the SDK's validation copies the objects around a string but never the string. Entries
 * go after a few seconds, so a result is not held in memory for longer than it takes to pass it
 * on.
 */
export class RawStringSources {
  private readonly entries = new Map<string, Entry>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  get size(): number {
    return this.entries.size;
  }

  /** Remembers `source` (the JSON text of `value`, quotes included) for a large `value`. */
  remember(value: string, source: string): void {
    if (value.length < RAW_STRING_MIN_CHARS) return;
    this.entries.delete(value);
    this.entries.set(value, { source, at: this.now() });
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.schedulePrune();
  }

  /** The source text of `value`, when it was remembered and has not expired. */
  sourceOf(value: string): string | undefined {
    const entry = this.entries.get(value);
    if (!entry) return undefined;
    if (this.now() - entry.at > KEEP_MS) {
      this.entries.delete(value);
      return undefined;
    }
    return entry.source;
  }

  /** Drops what has expired (tests; the timer calls it too). */
  prune(): void {
    const now = this.now();
    for (const [value, entry] of this.entries) {
      if (now - entry.at > KEEP_MS) this.entries.delete(value);
    }
  }

  private schedulePrune(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.prune();
      if (this.entries.size > 0) this.schedulePrune();
    }, KEEP_MS + 100);
    // Never what keeps the process alive.
    this.timer.unref();
  }
}

/** The process's sources, shared by the stdio transports (writers) and the web shell (reader). */
export const rawStringSources = new RawStringSources();

/**
 * JSON.parse of a server's message, remembering the source text of its large strings (see
 * {@link RawStringSources}). Worth it only for long lines: the reviver is called for every
 * value.
 */
export function parseRememberingSources(
  line: string,
  sources: RawStringSources = rawStringSources,
): unknown {
  return JSON.parse(line, (_key, value: unknown, context?: { source?: string }) => {
    if (typeof value === 'string' && context?.source !== undefined) {
      sources.remember(value, context.source);
    }
    return value;
  });
}
