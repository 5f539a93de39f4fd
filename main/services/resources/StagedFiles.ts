import { randomUUID } from 'node:crypto';
import { MAX_ATTACHMENT_BYTES } from '../../../shared/domain/attachments';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';

/** A file from the person's computer, whole, waiting to be sent with a message. */
export interface StagedFile {
  name: string;
  mimeType: string | undefined;
  bytes: Buffer;
}

interface Staging {
  name: string;
  mimeType: string | undefined;
  size: number;
  chunks: Buffer[];
  received: number;
  complete: boolean;
  touchedAt: number;
}

/** One piece of a file as the window sends it. */
export interface FileChunk {
  /** Absent for the first piece: a new staging id is made. */
  stagingId?: string;
  name: string;
  mimeType?: string;
  /** Bytes of the whole file. */
  size: number;
  /** base64 */
  chunk: string;
  last: boolean;
}

export interface StagedFilesOptions {
  /** Bytes staged at once, over all files (a window cannot fill main's memory). */
  maxTotalBytes?: number;
  /** A staged file not sent within this is dropped. */
  ttlMs?: number;
  now?: () => number;
}

/**
 * Files the person attached in the window, received in pieces (a web shell frame carries at
 * most 1 MiB) and kept in memory until their message is sent or they are removed. Bounded in
 * size per file and in total; forgotten after an hour.
 */
export class StagedFiles {
  private readonly files = new Map<string, Staging>();
  private readonly maxTotalBytes: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: StagedFilesOptions = {}) {
    this.maxTotalBytes = options.maxTotalBytes ?? 4 * MAX_ATTACHMENT_BYTES;
    this.ttlMs = options.ttlMs ?? 60 * 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Adds a piece; returns the staging id (new with the first piece). */
  receive(piece: FileChunk): { stagingId: string } {
    this.expire();
    const bytes = Buffer.from(piece.chunk, 'base64');
    let id = piece.stagingId;
    let staging = id === undefined ? undefined : this.files.get(id);
    if (id !== undefined && !staging) {
      throw new AppError(AppErrorCode.NotFound, hostText('files.gone'));
    }
    if (!staging) {
      if (piece.size > MAX_ATTACHMENT_BYTES) {
        throw new AppError(
          AppErrorCode.Validation,
          hostText('files.tooLarge', { name: piece.name }),
          {
            bytes: piece.size,
            maxBytes: MAX_ATTACHMENT_BYTES,
          },
        );
      }
      if (this.totalBytes() + piece.size > this.maxTotalBytes) {
        throw new AppError(AppErrorCode.Validation, hostText('files.tooMany'));
      }
      id = randomUUID();
      staging = {
        name: piece.name,
        mimeType: piece.mimeType,
        size: piece.size,
        chunks: [],
        received: 0,
        complete: false,
        touchedAt: this.now(),
      };
      this.files.set(id, staging);
    }
    if (staging.complete || staging.received + bytes.length > staging.size) {
      this.files.delete(id ?? '');
      throw new AppError(AppErrorCode.Validation, hostText('files.larger', { name: staging.name }));
    }
    staging.chunks.push(bytes);
    staging.received += bytes.length;
    staging.touchedAt = this.now();
    if (piece.last) {
      if (staging.received !== staging.size) {
        this.files.delete(id ?? '');
        throw new AppError(
          AppErrorCode.Validation,
          hostText('files.incomplete', { name: staging.name }),
        );
      }
      staging.complete = true;
    }
    return { stagingId: id ?? '' };
  }

  /** A complete staged file; NOT_FOUND when it is unknown, expired or still arriving. */
  get(stagingId: string): StagedFile {
    this.expire();
    const staging = this.files.get(stagingId);
    if (!staging?.complete) {
      throw new AppError(AppErrorCode.NotFound, hostText('files.gone'));
    }
    return { name: staging.name, mimeType: staging.mimeType, bytes: Buffer.concat(staging.chunks) };
  }

  /** Forgets files (sent with a message, or removed from the composer). */
  release(stagingIds: readonly string[]): void {
    for (const id of stagingIds) this.files.delete(id);
  }

  private totalBytes(): number {
    let total = 0;
    for (const staging of this.files.values()) total += staging.size;
    return total;
  }

  private expire(): void {
    const cutoff = this.now() - this.ttlMs;
    for (const [id, staging] of this.files) if (staging.touchedAt < cutoff) this.files.delete(id);
  }
}
