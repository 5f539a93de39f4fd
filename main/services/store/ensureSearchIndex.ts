import type { DatabaseSync } from 'node:sqlite';
import type { Logger } from '../../platform/Logger';
import { withTransaction } from './withTransaction';

/**
 * How search runs: `fts5` = FTS5 with the trigram tokenizer (substring matching that works for
 * Chinese, which has no spaces for a word tokenizer to split on); `like` = a LIKE scan, used
 * when the SQLite build lacks FTS5 or trigram.
 */
export type SearchMode = 'fts5' | 'like';

/**
 * Messages reach the index later, in batches (see SearchIndexQueue): indexing a message's text
 * costs far more than storing it, and the person's message is stored just before the request
 * to the model goes out. A new message only queues its `seq`; the delete and update triggers
 * touch the index only for messages already in it.
 */
const indexSchema = [
  `CREATE TABLE IF NOT EXISTS search_pending (seq INTEGER PRIMARY KEY)`,
  `CREATE TRIGGER IF NOT EXISTS messages_fts_queue AFTER INSERT ON messages BEGIN
     INSERT OR IGNORE INTO search_pending (seq) VALUES (new.seq);
   END`,
  // One trigger, so the queue is read before its row goes (trigger order is not defined).
  `CREATE TRIGGER IF NOT EXISTS messages_fts_forget AFTER DELETE ON messages BEGIN
     INSERT INTO messages_fts (messages_fts, rowid, text)
       SELECT 'delete', old.seq, old.text
       WHERE NOT EXISTS (SELECT 1 FROM search_pending WHERE seq = old.seq);
     DELETE FROM search_pending WHERE seq = old.seq;
   END`,
  // Only `text` changes reach the index; streaming flushes write `content` and skip it.
  `CREATE TRIGGER IF NOT EXISTS messages_fts_reindex AFTER UPDATE OF text ON messages
   WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE seq = old.seq) BEGIN
     INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.seq, old.text);
     INSERT INTO messages_fts (rowid, text) VALUES (new.seq, new.text);
   END`,
  `CREATE TRIGGER IF NOT EXISTS conversations_fts_insert AFTER INSERT ON conversations BEGIN
     INSERT INTO conversations_fts (rowid, title) VALUES (new.seq, new.title);
   END`,
  `CREATE TRIGGER IF NOT EXISTS conversations_fts_delete AFTER DELETE ON conversations BEGIN
     INSERT INTO conversations_fts (conversations_fts, rowid, title)
       VALUES ('delete', old.seq, old.title);
   END`,
  `CREATE TRIGGER IF NOT EXISTS conversations_fts_update AFTER UPDATE OF title ON conversations BEGIN
     INSERT INTO conversations_fts (conversations_fts, rowid, title)
       VALUES ('delete', old.seq, old.title);
     INSERT INTO conversations_fts (rowid, title) VALUES (new.seq, new.title);
   END`,
];

const conversationTriggers = [
  'conversations_fts_insert',
  'conversations_fts_delete',
  'conversations_fts_update',
];
const triggerNames = [
  'messages_fts_queue',
  'messages_fts_forget',
  'messages_fts_reindex',
  ...conversationTriggers,
];
/** Earlier files indexed every message as it was written, with these triggers. */
const immediateTriggers = ['messages_fts_insert', 'messages_fts_delete', 'messages_fts_update'];

/**
 * Sets up full-text search outside the versioned migrations, because it depends on the SQLite
 * build at hand, not on the schema version: the same file may be opened by Node and by
 * Electron's Node. The index is derived data, so it can always be rebuilt from the tables.
 * - FTS5 + trigram present: create the index tables, the queue and triggers if missing; when
 *   the triggers were missing (new file, or the file was last written without FTS5) rebuild
 *   the index. Queued messages are indexed by `SearchIndexQueue`.
 * - Absent: drop the triggers, so writes never need a module this build lacks; search uses LIKE.
 */
export function ensureSearchIndex(db: DatabaseSync, log?: Logger): SearchMode {
  if (!hasTrigramFts5(db)) {
    log?.warn('SQLite has no FTS5 trigram tokenizer; search falls back to LIKE scans');
    withTransaction(db, () => {
      for (const name of [...triggerNames, ...immediateTriggers])
        db.exec(`DROP TRIGGER IF EXISTS ${name}`);
      db.exec('DROP TABLE IF EXISTS search_pending');
    });
    return 'like';
  }
  withTransaction(db, () => {
    const present = (names: string[]): boolean =>
      db
        .prepare(
          `SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger'
           AND name IN (SELECT value FROM json_each(?))`,
        )
        .get(JSON.stringify(names))?.n === names.length;
    // The index holds every message not queued: it was kept by these triggers or, in a file
    // written before messages were queued, by the immediate ones.
    const complete =
      present(triggerNames) || present([...immediateTriggers, ...conversationTriggers]);
    for (const name of immediateTriggers) db.exec(`DROP TRIGGER IF EXISTS ${name}`);
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS messages_fts USING fts5(
      text, content = 'messages', content_rowid = 'seq', tokenize = 'trigram')`);
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS conversations_fts USING fts5(
      title, content = 'conversations', content_rowid = 'seq', tokenize = 'trigram')`);
    for (const sql of indexSchema) db.exec(sql);
    if (!complete) {
      log?.info('building the search index');
      db.exec(`INSERT INTO messages_fts (messages_fts) VALUES ('rebuild')`);
      db.exec(`INSERT INTO conversations_fts (conversations_fts) VALUES ('rebuild')`);
      // Every message is in the index now; indexing a queued one again would corrupt it.
      db.exec('DELETE FROM search_pending');
    }
  });
  return 'fts5';
}

function hasTrigramFts5(db: DatabaseSync): boolean {
  try {
    db.exec(`CREATE VIRTUAL TABLE temp.fts5_probe USING fts5(x, tokenize = 'trigram')`);
    db.exec('DROP TABLE temp.fts5_probe');
    return true;
  } catch {
    return false;
  }
}
