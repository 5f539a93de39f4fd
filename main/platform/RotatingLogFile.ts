import { appendFile, mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where and how big a {@link RotatingLogFile} is. */
export interface RotatingLogFileOptions {
  /** Directory of the log files; created on first write. */
  dir: string;
  /** Server name; sanitised into the file name (see {@link RotatingLogFile.fileNameFor}). */
  name: string;
  /** Size at which the file rotates. Default 1 MiB. */
  maxBytes?: number;
  /** Files kept, the live one included (`x.log`, `x.log.1`, `x.log.2`). Default 3. */
  generations?: number;
  /** Unwritten text beyond this is dropped (and the drop noted) while the disk catches up. */
  maxPendingBytes?: number;
  /** Told about write failures; the log itself never throws into its caller. */
  onError?: (error: unknown) => void;
}

/**
 * An append-only log file (a server's stderr with timestamps, the host's own log), rotated by
 * size. Writes are queued and done in the background in order; failures (full disk, removed
 * directory) are reported to `onError` and otherwise swallowed, because a logging problem
 * must never take a server connection (or the app) down.
 */
export class RotatingLogFile {
  /** Path of the live file. */
  readonly path: string;
  private readonly dir: string;
  private readonly maxBytes: number;
  private readonly generations: number;
  private readonly maxPendingBytes: number;
  private readonly onError: ((error: unknown) => void) | undefined;
  private queue: string[] = [];
  private queuedBytes = 0;
  private droppedBytes = 0;
  private size: number | undefined;
  private draining: Promise<void> | undefined;

  constructor(options: RotatingLogFileOptions) {
    this.dir = options.dir;
    this.path = path.join(options.dir, RotatingLogFile.fileNameFor(options.name));
    this.maxBytes = options.maxBytes ?? 1024 * 1024;
    this.generations = Math.max(1, options.generations ?? 3);
    this.maxPendingBytes = options.maxPendingBytes ?? 1024 * 1024;
    this.onError = options.onError;
  }

  /** A file name safe on every platform for a server name, e.g. `my server/1` → `my_server_1.log`. */
  static fileNameFor(serverName: string): string {
    const safe = serverName
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(0, 100);
    return `${safe || 'server'}.log`;
  }

  /** Queues text for appending. Never throws. */
  write(text: string): void {
    if (!text) return;
    const bytes = Buffer.byteLength(text);
    if (this.queuedBytes + bytes > this.maxPendingBytes) {
      this.droppedBytes += bytes;
    } else {
      this.queue.push(text);
      this.queuedBytes += bytes;
    }
    this.draining ??= this.drain();
  }

  /** Queues one line (a newline is added). Never throws. */
  appendLine(line: string): void {
    this.write(`${line}\n`);
  }

  /** Resolves when everything queued so far is on disk (or failed). Never rejects. */
  async flush(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0 || this.droppedBytes > 0) {
        let text = this.queue.join('');
        this.queue = [];
        this.queuedBytes = 0;
        if (this.droppedBytes > 0) {
          text += `[log: ${this.droppedBytes} bytes dropped while writing fell behind]\n`;
          this.droppedBytes = 0;
        }
        await this.append(text);
      }
    } finally {
      this.draining = undefined;
    }
  }

  private async append(text: string): Promise<void> {
    try {
      let data = Buffer.from(text);
      // A burst larger than every generation together keeps only its end, the part worth reading.
      const capacity = this.maxBytes * this.generations;
      if (data.length > capacity) data = data.subarray(data.length - capacity);
      if (this.size === undefined) {
        await mkdir(this.dir, { recursive: true });
        this.size = await stat(this.path).then(
          (info) => info.size,
          () => 0,
        );
      }
      // A burst spans as many files as it needs, cut at line ends where it can be.
      while (data.length > 0) {
        let piece = fittingPiece(data, this.maxBytes - this.size);
        if (!piece) {
          if (this.size > 0) {
            await this.rotate();
            continue;
          }
          piece = data.subarray(0, this.maxBytes); // one line longer than a whole file
        }
        await appendFile(this.path, piece, { mode: 0o600 });
        this.size += piece.length;
        data = data.subarray(piece.length);
      }
    } catch (error) {
      // Re-stat next time: the directory may have been removed or the file rotated by hand.
      this.size = undefined;
      this.report(error);
    }
  }

  private async rotate(): Promise<void> {
    for (let generation = this.generations - 1; generation >= 1; generation--) {
      const from = generation === 1 ? this.path : `${this.path}.${generation - 1}`;
      try {
        await rename(from, `${this.path}.${generation}`);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.report(error);
      }
    }
    this.size = 0;
    // With a single generation there is nothing to rotate into: start the file over.
    if (this.generations === 1) await writeFile(this.path, '', { mode: 0o600 });
  }

  private report(error: unknown): void {
    try {
      this.onError?.(error);
    } catch {
      // The error reporter failing is not the caller's problem either.
    }
  }
}

/** The longest start of `data` that fits in `room` bytes and ends a line (or all of it). */
function fittingPiece(data: Buffer, room: number): Buffer | undefined {
  if (data.length <= room) return data;
  if (room <= 0) return undefined;
  const end = data.lastIndexOf(0x0a, room - 1);
  return end >= 0 ? data.subarray(0, end + 1) : undefined;
}
