import { StringDecoder } from 'node:string_decoder';

/** Bounds of a {@link StderrRing}. */
export interface StderrRingOptions {
  /** Lines kept. Default 200. */
  maxLines?: number;
  /** UTF-8 bytes kept across all lines. Default 64 KiB. */
  maxBytes?: number;
  /** Longer lines are cut to this many characters, with a note of how much was cut. Default 4096. */
  maxLineLength?: number;
}

/**
 * The last lines a server wrote to stderr, bounded in lines and bytes, for the status view
 * ("exited with code 3: Error: FOO_TOKEN is not set"). Accepts raw chunks: decodes UTF-8
 * across chunk boundaries, joins partial lines, drops the `\r` of CRLF, and cuts absurdly long
 * lines (a minified stack trace, a progress bar without newlines) so one line cannot evict
 * everything else.
 */
export class StderrRing {
  private readonly maxLines: number;
  private readonly maxBytes: number;
  private readonly maxLineLength: number;
  private readonly decoder = new StringDecoder('utf8');
  private readonly lines: string[] = [];
  private bytes = 0;
  private partial = '';
  private partialDropped = 0;

  constructor(options: StderrRingOptions = {}) {
    this.maxLines = options.maxLines ?? 200;
    this.maxBytes = options.maxBytes ?? 64 * 1024;
    this.maxLineLength = options.maxLineLength ?? 4096;
  }

  /** Adds a chunk; returns the lines it completed (already cut to length). */
  push(chunk: Buffer | string): string[] {
    const text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    const completed: string[] = [];
    let start = 0;
    for (;;) {
      const newline = text.indexOf('\n', start);
      if (newline < 0) {
        this.appendPartial(text.slice(start));
        break;
      }
      this.appendPartial(text.slice(start, newline));
      completed.push(this.completeLine());
      start = newline + 1;
    }
    return completed;
  }

  /** Ends the stream: a trailing line without newline becomes a line. Returns it, if any. */
  end(): string[] {
    this.appendPartial(this.decoder.end());
    if (this.partial === '' && this.partialDropped === 0) return [];
    return [this.completeLine()];
  }

  /** The kept lines, oldest first, plus the unfinished line if there is one. */
  tail(): string[] {
    const partial = this.partial.replace(/\r$/, '');
    return partial ? [...this.lines, partial] : [...this.lines];
  }

  /** {@link tail} joined with newlines. */
  text(): string {
    return this.tail().join('\n');
  }

  private appendPartial(text: string): void {
    if (!text) return;
    const room = this.maxLineLength + 1 - this.partial.length;
    if (text.length <= room) {
      this.partial += text;
    } else {
      // Keep one character beyond the limit so a CR right at the edge is still recognised.
      this.partial += text.slice(0, Math.max(0, room));
      this.partialDropped += text.length - Math.max(0, room);
    }
  }

  private completeLine(): string {
    let line = this.partial;
    let dropped = this.partialDropped;
    if (dropped === 0 && line.endsWith('\r')) line = line.slice(0, -1);
    if (line.length > this.maxLineLength) {
      dropped += line.length - this.maxLineLength;
      line = line.slice(0, this.maxLineLength);
    }
    if (dropped > 0) line += ` … [${dropped} more characters]`;
    this.partial = '';
    this.partialDropped = 0;
    this.store(line);
    return line;
  }

  private store(line: string): void {
    this.lines.push(line);
    this.bytes += Buffer.byteLength(line) + 1;
    while (
      this.lines.length > this.maxLines ||
      (this.bytes > this.maxBytes && this.lines.length > 1)
    ) {
      const removed = this.lines.shift() ?? '';
      this.bytes -= Buffer.byteLength(removed) + 1;
    }
  }
}
