import { bufferPool, type BufferPool } from '../../../platform/BufferPool';

/** What one {@link LineReader.push} produced. */
export interface LineReaderOutput {
  /** Complete lines, without `\n` or `\r\n`. */
  lines: string[];
  /** Lines dropped because they exceeded the cap (counted once each, when the cap is crossed). */
  oversized: number;
  /** Dropped lines that ended in this chunk: their size and ends, to tell what they were. */
  dropped: DroppedLine[];
}

/** A line over the cap, read to its end but kept only at its two ends. */
export interface DroppedLine {
  bytes: number;
  /** Its first bytes ({@link DROPPED_END_BYTES} at most). */
  head: string;
  /** Its last bytes ({@link DROPPED_END_BYTES} at most). */
  tail: string;
}

/** How much of each end of a dropped line is kept. */
export const DROPPED_END_BYTES = 512;

/**
 * Splits a byte stream into newline-terminated lines (the stdio framing of MCP), with a hard
 * cap on one line's size. Chunks are kept as a list and joined once per line, so a 20 MB
 * message costs one copy rather than one per chunk, into a pooled buffer (see BufferPool). An
 * oversized line is dropped whole, and reading continues after its newline.
 */
export class LineReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;
  /** The line being dropped: its size so far, first bytes and most recent bytes. */
  private dropping: { bytes: number; head: Buffer; tail: Buffer } | undefined;

  /** @param maxLineBytes largest accepted line, without its newline. */
  constructor(
    readonly maxLineBytes: number,
    private readonly pool: BufferPool = bufferPool,
  ) {}

  /** Adds a chunk and returns the lines it completed. */
  push(chunk: Buffer): LineReaderOutput {
    const output: LineReaderOutput = { lines: [], oversized: 0, dropped: [] };
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      const end = newline < 0 ? chunk.length : newline;
      this.take(chunk.subarray(start, end), output);
      if (newline < 0) break;
      start = newline + 1;
      if (this.discarding) {
        this.discarding = false;
        const { bytes, head, tail } = this.dropping ?? { bytes: 0, head: EMPTY, tail: EMPTY };
        this.dropping = undefined;
        output.dropped.push({ bytes, head: head.toString('utf8'), tail: tail.toString('utf8') });
        continue;
      }
      const text = this.pendingText();
      this.reset();
      output.lines.push(text.endsWith('\r') ? text.slice(0, -1) : text);
    }
    return output;
  }

  /** The pending pieces decoded as one line, joined in a buffer lent only for the decoding. */
  private pendingText(): string {
    const [first] = this.pending;
    if (this.pending.length <= 1) return first ? first.toString('utf8') : '';
    const joined = this.pool.borrow(this.pendingBytes);
    try {
      let at = 0;
      for (const piece of this.pending) at += piece.copy(joined, at);
      return joined.toString('utf8');
    } finally {
      this.pool.giveBack(joined);
    }
  }

  /** Bytes of the unfinished line. */
  get bufferedBytes(): number {
    return this.pendingBytes;
  }

  private take(piece: Buffer, output: LineReaderOutput): void {
    if (piece.length === 0) return;
    if (this.discarding) {
      this.drop(piece);
      return;
    }
    if (this.pendingBytes + piece.length > this.maxLineBytes) {
      const taken = this.pending;
      this.reset();
      this.discarding = true;
      this.dropping = { bytes: 0, head: EMPTY, tail: EMPTY };
      for (const part of taken) this.drop(part);
      this.drop(piece);
      output.oversized++;
      return;
    }
    this.pending.push(piece);
    this.pendingBytes += piece.length;
  }

  /** Counts a piece of the dropped line and keeps what its two ends need. */
  private drop(piece: Buffer): void {
    const dropping = this.dropping;
    if (!dropping) return;
    dropping.bytes += piece.length;
    if (dropping.head.length < DROPPED_END_BYTES) {
      dropping.head = Buffer.concat([
        dropping.head,
        piece.subarray(0, DROPPED_END_BYTES - dropping.head.length),
      ]);
    }
    const kept = Buffer.concat([dropping.tail, piece.subarray(-DROPPED_END_BYTES)]);
    dropping.tail = Buffer.from(kept.subarray(-DROPPED_END_BYTES));
  }

  private reset(): void {
    this.pending = [];
    this.pendingBytes = 0;
  }
}

const EMPTY = Buffer.alloc(0);
