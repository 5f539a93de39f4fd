/** What one {@link LineReader.push} produced. */
export interface LineReaderOutput {
  /** Complete lines, without `\n` or `\r\n`. */
  lines: string[];
  /** Lines dropped because they exceeded the cap (counted once each, when the cap is crossed). */
  oversized: number;
}

/**
 * Splits a byte stream into newline-terminated lines (the stdio framing of MCP), with a hard
 * cap on one line's size. Chunks are kept as a list and joined once per line, so a 20 MB
 * message costs one copy rather than one per chunk. An oversized line is dropped whole, and
 * reading continues after its newline.
 */
export class LineReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;

  /** @param maxLineBytes largest accepted line, without its newline. */
  constructor(readonly maxLineBytes: number) {}

  /** Adds a chunk and returns the lines it completed. */
  push(chunk: Buffer): LineReaderOutput {
    const output: LineReaderOutput = { lines: [], oversized: 0 };
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      const end = newline < 0 ? chunk.length : newline;
      this.take(chunk.subarray(start, end), output);
      if (newline < 0) break;
      start = newline + 1;
      if (this.discarding) {
        this.discarding = false;
        continue;
      }
      const line = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
      this.reset();
      const text = line ? line.toString('utf8') : '';
      output.lines.push(text.endsWith('\r') ? text.slice(0, -1) : text);
    }
    return output;
  }

  /** Bytes of the unfinished line. */
  get bufferedBytes(): number {
    return this.pendingBytes;
  }

  private take(piece: Buffer, output: LineReaderOutput): void {
    if (this.discarding || piece.length === 0) return;
    if (this.pendingBytes + piece.length > this.maxLineBytes) {
      this.reset();
      this.discarding = true;
      output.oversized++;
      return;
    }
    this.pending.push(piece);
    this.pendingBytes += piece.length;
  }

  private reset(): void {
    this.pending = [];
    this.pendingBytes = 0;
  }
}
