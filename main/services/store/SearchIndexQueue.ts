import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { SearchMode } from './ensureSearchIndex';
import { withTransaction } from './withTransaction';

/** How long a new message may wait for the search index when nothing asks for it sooner. */
export const SEARCH_INDEX_DELAY_MS = 1_000;

/**
 * Indexes queued messages (see ensureSearchIndex) in one transaction: before every search and
 * integrity check, when the store closes or opens, and a while after messages were written —
 * so search always sees every message, and writing one never waits on the index.
 */
export class SearchIndexQueue {
  private readonly indexStatement: StatementSync | undefined;
  private readonly clearStatement: StatementSync | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: DatabaseSync,
    mode: SearchMode,
    /** A timed run failed (the queue stays for the next one). */
    private readonly onError: (error: unknown) => void,
    private readonly delayMs = SEARCH_INDEX_DELAY_MS,
  ) {
    if (mode !== 'fts5') return;
    this.indexStatement = db.prepare(`INSERT INTO messages_fts (rowid, text)
      SELECT m.seq, m.text FROM search_pending p JOIN messages m ON m.seq = p.seq`);
    this.clearStatement = db.prepare('DELETE FROM search_pending');
  }

  /** Indexes the queue a while from now (once, however many writes ask meanwhile). */
  schedule(): void {
    if (!this.indexStatement || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      try {
        this.flush();
      } catch (error) {
        this.onError(error);
      }
    }, this.delayMs);
    // A pending index run never keeps the process alive: the queue survives in the file.
    this.timer.unref();
  }

  /** Indexes every queued message now. */
  flush(): void {
    const { indexStatement, clearStatement } = this;
    if (!indexStatement || !clearStatement) return;
    withTransaction(this.db, () => {
      indexStatement.run();
      clearStatement.run();
    });
  }

  /** Indexes what is queued and stops the timer (the store is closing). */
  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flush();
  }
}
