import { readFile, rename } from 'node:fs/promises';
import type { z } from 'zod';
import type { Logger } from '../../platform/Logger';
import { writeFileAtomic } from '../../platform/writeFileAtomic';

/**
 * One small JSON document in the data dir, validated on read and written atomically. Writes are
 * queued so two changes cannot overwrite each other. A file that does not parse is moved aside
 * (never overwritten) and the fallback is used.
 */
export class JsonDocumentFile<T> {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly schema: z.ZodType<T>,
    private readonly fallback: () => T,
    private readonly log?: Logger,
  ) {}

  async read(): Promise<T> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return this.fallback();
      throw error;
    }
    try {
      return this.schema.parse(JSON.parse(text));
    } catch (error) {
      const aside = `${this.file}.corrupt-${Date.now()}`;
      this.log?.warn('unreadable file moved aside', { file: this.file, aside, error });
      await rename(this.file, aside).catch(() => {});
      return this.fallback();
    }
  }

  write(value: T): Promise<void> {
    const next = this.queue.then(() =>
      writeFileAtomic(this.file, `${JSON.stringify(value, null, 2)}\n`, 0o600),
    );
    this.queue = next.catch(() => {});
    return next;
  }
}
