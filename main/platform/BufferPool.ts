/** Buffers smaller than this come from Node's allocator as usual: they are cheap. */
export const POOLED_FROM_BYTES = 256 * 1024;
/** How long an unused buffer is kept. */
const KEEP_MS = 10_000;
/** Free buffers kept at most. */
const MAX_FREE = 2;
/**
 * Larger buffers are never kept (the size asked, used once): holding hundreds of megabytes for
 * the next message would cost more than it saves.
 */
const LARGEST_KEPT_BYTES = 64 * 1024 * 1024;

interface Free {
  buffer: Buffer;
  at: number;
}

/**
 * Large scratch buffers, lent and given back. A fresh buffer of tens of megabytes costs far
 * more than its copy: each of its pages is faulted in on first write (about 3 ms per MB here,
 * against 0.1 ms to copy it). Messages of that size come in runs (a server's large results,
 * sent on to a window), so the buffer one used is kept a few seconds for the next. Nothing is
 * kept for long: an unused buffer goes after {@link KEEP_MS}.
 */
export class BufferPool {
  private readonly free: Free[] = [];
  // Weak: a buffer never given back is simply collected.
  private readonly lent = new WeakSet<ArrayBufferLike>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** Buffers kept and not lent (tests). */
  get freeCount(): number {
    return this.free.length;
  }

  /**
   * A buffer of exactly `bytes` (contents unset): a view of a kept one when one is large
   * enough. Give it back with {@link giveBack} once nothing reads it any more.
   */
  borrow(bytes: number): Buffer {
    if (bytes < POOLED_FROM_BYTES) return Buffer.allocUnsafe(bytes);
    const index = this.free.findIndex((entry) => entry.buffer.length >= bytes);
    const kept = index >= 0 ? this.free.splice(index, 1)[0]?.buffer : undefined;
    // Sized up so that a run of slightly different sizes reuses one buffer.
    const buffer = kept ?? Buffer.allocUnsafeSlow(roundUp(bytes));
    this.lent.add(buffer.buffer);
    return buffer.subarray(0, bytes);
  }

  /** Takes back a buffer {@link borrow} lent; anything else is ignored. */
  giveBack(view: Buffer): void {
    if (!this.lent.delete(view.buffer) || view.buffer.byteLength > LARGEST_KEPT_BYTES) return;
    this.free.push({ buffer: Buffer.from(view.buffer, 0, view.buffer.byteLength), at: this.now() });
    // The largest stay: they serve every smaller size too.
    this.free.sort((a, b) => b.buffer.length - a.buffer.length);
    this.free.length = Math.min(this.free.length, MAX_FREE);
    this.schedulePrune();
  }

  /** Lets go of what has not been used for a while (tests; the timer calls it too). */
  prune(): void {
    const now = this.now();
    for (let i = this.free.length - 1; i >= 0; i--) {
      if (now - (this.free[i]?.at ?? now) >= KEEP_MS) this.free.splice(i, 1);
    }
  }

  private schedulePrune(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.prune();
      if (this.free.length > 0) this.schedulePrune();
    }, KEEP_MS + 100);
    // Never what keeps the process alive.
    this.timer.unref();
  }
}

/** The next size up among 1, 1.5, 2, 3, 4, 6… MiB: at most half again what was asked. */
function roundUp(bytes: number): number {
  if (bytes > LARGEST_KEPT_BYTES) return bytes;
  let size = 1024 * 1024;
  while (size < bytes) size = size % 3 === 0 ? (size / 3) * 4 : (size / 2) * 3;
  return size;
}

/** The process's pool: the stdio transports' line reading and the web shell's frames. */
export const bufferPool = new BufferPool();
