import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import type { StoredContentBlock } from './MessageRecord';

/** One streaming message's content to write. */
export interface StreamingFlush {
  id: string;
  content: readonly StoredContentBlock[];
}

/** Options of `StreamingWriter`. */
export interface StreamingWriterOptions {
  /** Longest time a delta waits in memory before it is committed; default 50 ms. */
  flushIntervalMs?: number;
  /** Buffered characters that trigger an immediate flush, bounding memory and loss; default 64 Ki. */
  maxPendingChars?: number;
  /** Writes a batch in one transaction. */
  persist: (batch: readonly StreamingFlush[]) => void;
  /** After a batch committed (tests and diagnostics). */
  onFlushed?: (ids: readonly string[]) => void;
  /** A failed flush is retried on the next tick; this reports it. */
  onError: (error: unknown) => void;
}

interface Stream {
  conversationId: string;
  blocks: StoredContentBlock[];
  dirty: boolean;
}

/**
 * Holds the content of messages that are streaming and commits it in batches: the first
 * unflushed delta starts a timer, and everything buffered when it fires goes out in one
 * transaction. A per-delta commit would rewrite the whole content JSON for every token
 * (quadratic in message length); batching bounds the work to ~20 commits a second per stream
 * while losing at most the last `flushIntervalMs` of text if the process is killed.
 */
export class StreamingWriter {
  private readonly streams = new Map<string, Stream>();
  private readonly intervalMs: number;
  private readonly maxPendingChars: number;
  private pendingChars = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: StreamingWriterOptions) {
    this.intervalMs = Math.max(1, options.flushIntervalMs ?? 50);
    this.maxPendingChars = options.maxPendingChars ?? 64 * 1024;
  }

  /** Starts holding a message (its row already exists with status `streaming`). */
  open(id: string, conversationId: string, blocks: readonly StoredContentBlock[]): void {
    this.streams.set(id, { conversationId, blocks: blocks.map((b) => ({ ...b })), dirty: false });
  }

  has(id: string): boolean {
    return this.streams.has(id);
  }

  /** A copy of the newest content, ahead of what is committed by at most one interval. */
  snapshot(id: string): StoredContentBlock[] | undefined {
    return this.streams.get(id)?.blocks.map((block) => ({ ...block }));
  }

  /**
   * Appends text to a text, reasoning or thinking block; index == block count starts a new block
   * of `kind`.
   */
  appendDelta(
    id: string,
    blockIndex: number,
    delta: string,
    kind: 'text' | 'reasoning' = 'text',
  ): void {
    const stream = this.require(id);
    const block = stream.blocks[blockIndex];
    if (block === undefined) {
      checkIndex(id, blockIndex, stream.blocks.length);
      stream.blocks.push({ type: kind, text: delta });
    } else if (block.type === 'text' || block.type === 'reasoning') {
      block.text += delta;
    } else if (block.type === 'thinking') {
      block.thinking += delta;
    } else {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('store.notTextBlock', { block: blockIndex, id, type: block.type }),
      );
    }
    this.markDirty(stream, delta.length);
  }

  /** Sets a whole block (a tool_use block once its input is complete, a new thinking block…). */
  setBlock(id: string, blockIndex: number, block: StoredContentBlock): void {
    const stream = this.require(id);
    if (blockIndex !== stream.blocks.length) checkIndex(id, blockIndex, stream.blocks.length - 1);
    stream.blocks[blockIndex] = { ...block };
    this.markDirty(stream, 0);
  }

  /** The live content (not a copy), for the caller that writes the final outcome. */
  current(id: string): readonly StoredContentBlock[] | undefined {
    return this.streams.get(id)?.blocks;
  }

  /** Stops holding a message, once its final content is committed. */
  release(id: string): void {
    this.streams.delete(id);
  }

  /** Forgets messages whose rows are gone (conversation or messages deleted). */
  discard(predicate: (id: string, conversationId: string) => boolean): void {
    for (const [id, stream] of this.streams) {
      if (predicate(id, stream.conversationId)) this.streams.delete(id);
    }
  }

  /** Ids of the messages being held. */
  ids(): string[] {
    return [...this.streams.keys()];
  }

  /** Commits everything buffered now. Throws if the write fails (buffers stay dirty). */
  flush(): void {
    this.clearTimer();
    const batch: StreamingFlush[] = [];
    for (const [id, stream] of this.streams) {
      if (stream.dirty) batch.push({ id, content: stream.blocks });
    }
    if (batch.length === 0) return;
    this.options.persist(batch);
    for (const { id } of batch) {
      const stream = this.streams.get(id);
      if (stream) stream.dirty = false;
    }
    this.pendingChars = 0;
    this.options.onFlushed?.(batch.map((entry) => entry.id));
  }

  /** Stops the timer; call `flush` first to keep what is buffered. */
  dispose(): void {
    this.clearTimer();
    this.streams.clear();
  }

  private markDirty(stream: Stream, chars: number): void {
    stream.dirty = true;
    this.pendingChars += chars;
    if (this.pendingChars >= this.maxPendingChars) {
      this.flushFromTimer();
    } else if (this.timer === undefined) {
      this.timer = setTimeout(() => this.flushFromTimer(), this.intervalMs);
      // The store must not keep a CLI process alive; `close()` flushes what is left.
      this.timer.unref();
    }
  }

  private flushFromTimer(): void {
    try {
      this.flush();
    } catch (error) {
      // E.g. another connection held the lock past the busy timeout; keep the data and retry.
      this.options.onError(error);
      if (this.timer === undefined) {
        this.timer = setTimeout(() => this.flushFromTimer(), this.intervalMs);
        this.timer.unref();
      }
    }
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private require(id: string): Stream {
    const stream = this.streams.get(id);
    if (!stream) {
      throw new AppError(AppErrorCode.Validation, hostText('store.notStreamingHere', { id }));
    }
    return stream;
  }
}

function checkIndex(id: string, index: number, max: number): void {
  if (!Number.isInteger(index) || index < 0 || index > max) {
    throw new AppError(AppErrorCode.Validation, hostText('store.blockRange', { index, id, max }));
  }
}
