import { randomUUID } from 'node:crypto';
import { appendFile, rm, writeFile } from 'node:fs/promises';
import { isBundleFileName } from '../../../shared/domain/bundleUpload';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import type { BundleStaging } from './BundleStaging';
import { tooLarge } from './BundleStaging';
import { MAX_BUNDLE_BYTES } from '../../../shared/domain/bundleUpload';

/** Uploads that may be open at once; a new one beyond this drops the oldest. */
const MAX_OPEN_UPLOADS = 3;

interface Upload {
  path: string;
  size: number;
  received: number;
  /** The last step queued on this upload: each chunk, the finish and a drop wait for it. */
  tail: Promise<unknown>;
}

/**
 * A bundle dropped onto a window arrives as bytes (a browser page never learns the file's
 * path): chunks in order into a staging file, which is then read like a bundle opened by path.
 * The steps of one upload run one at a time, in the order they arrive: two chunks sent at once
 * cannot both pass the order check before either is written.
 */
export class BundleUploads {
  private readonly open = new Map<string, Upload>();

  constructor(private readonly staging: BundleStaging) {}

  async start(name: string, size: number): Promise<string> {
    if (!isBundleFileName(name)) {
      throw new AppError(AppErrorCode.Validation, hostText('bundles.notMcpbName', { name }));
    }
    if (size > MAX_BUNDLE_BYTES) throw tooLarge(size);
    for (const [id] of [...this.open].slice(0, Math.max(0, this.open.size - MAX_OPEN_UPLOADS + 1)))
      await this.drop(id);
    const id = randomUUID();
    const path = await this.staging.newPath('.mcpb');
    await writeFile(path, new Uint8Array(0), { mode: 0o600 });
    this.open.set(id, { path, size, received: 0, tail: Promise.resolve() });
    return id;
  }

  chunk(id: string, offset: number, base64: string): Promise<number> {
    return this.queue(id, (upload) => this.write(id, upload, offset, base64));
  }

  private async write(id: string, upload: Upload, offset: number, base64: string) {
    if (offset !== upload.received) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('bundles.chunkOrder', { offset, received: upload.received }),
      );
    }
    const bytes = Buffer.from(base64, 'base64');
    if (upload.received + bytes.length > upload.size) {
      // This step is the queue's head: remove directly (drop would wait for this very step).
      this.open.delete(id);
      await rm(upload.path, { force: true });
      throw new AppError(AppErrorCode.Validation, hostText('bundles.tooManyBytes'));
    }
    await appendFile(upload.path, bytes);
    upload.received += bytes.length;
    return upload.received;
  }

  /** The staged file's path once every byte arrived; the upload is closed either way. */
  finish(id: string): Promise<string> {
    return this.queue(id, (upload) => this.close(id, upload));
  }

  private async close(id: string, upload: Upload): Promise<string> {
    this.open.delete(id);
    if (upload.received !== upload.size) {
      await rm(upload.path, { force: true });
      throw new AppError(
        AppErrorCode.Validation,
        hostText('bundles.incomplete', { received: upload.received, size: upload.size }),
      );
    }
    return upload.path;
  }

  /** Runs `step` after every step queued before it on this upload (whatever their outcome). */
  private queue<T>(id: string, step: (upload: Upload) => Promise<T>): Promise<T> {
    const upload = this.open.get(id);
    if (!upload) {
      return Promise.reject(new AppError(AppErrorCode.NotFound, hostText('bundles.uploadClosed')));
    }
    const run = upload.tail.then(() => {
      // Closed or dropped meanwhile (a step before this one finished or failed it).
      if (this.open.get(id) !== upload) {
        throw new AppError(AppErrorCode.NotFound, hostText('bundles.uploadClosed'));
      }
      return step(upload);
    });
    upload.tail = run.catch(() => undefined);
    return run;
  }

  private async drop(id: string): Promise<void> {
    const upload = this.open.get(id);
    this.open.delete(id);
    if (!upload) return;
    // After what is being written now, so no append recreates the removed file.
    await upload.tail;
    await rm(upload.path, { force: true });
  }
}
