import type { DatabaseSync } from 'node:sqlite';
import type { Logger } from '../../platform/Logger';
import { withTransaction } from './withTransaction';

/**
 * How search runs: `fts5` = FTS5 with the trigram tokenizer (substring matching that works for
 * Chinese, which has no spaces for a word tokenizer to split on); `like` = a LIKE scan, used
 * when the SQLite build lacks FTS5 or trigram.
 */
export type SearchMode = 'fts5' | 'like';

const triggers = [
  // External-content FTS: the index stores no copy of the text; triggers keep it in step.
  `CREATE TRIGGER IF NOT EXISTS messages_fts_insert AFTER INSERT ON messages BEGIN
     INSERT INTO messages_fts (rowid, text) VALUES (new.seq, new.text);
   END`,
  `CREATE TRIGGER IF NOT EXISTS messages_fts_delete AFTER DELETE ON messages BEGIN
     INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.seq, old.text);
   END`,
  // Only `text` changes reach the index; streaming flushes write `content` and skip it.
  `CREATE TRIGGER IF NOT EXISTS messages_fts_update AFTER UPDATE OF text ON messages BEGIN
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

const triggerNames = [
  'messages_fts_insert',
  'messages_fts_delete',
  'messages_fts_update',
  'conversations_fts_insert',
  'conversations_fts_delete',
  'conversations_fts_update',
];

/**
 * Sets up full-text search outside the versioned migrations, because it depends on the SQLite
 * build at hand, not on the schema version: the same file may be opened by Node and by
 * Electron's Node. The index is derived data, so it can always be rebuilt from the tables.
 * - FTS5 + trigram present: create the index tables and triggers if missing; when the triggers
 *   were missing (new file, or the file was last written without FTS5) rebuild the index.
 * - Absent: drop the triggers, so writes never need a module this build lacks; search uses LIKE.
 */
export function ensureSearchIndex(db: DatabaseSync, log?: Logger): SearchMode {
  if (!hasTrigramFts5(db)) {
    log?.warn('SQLite has no FTS5 trigram tokenizer; search falls back to LIKE scans');
    withTransaction(db, () => {
      for (const name of triggerNames) db.exec(`DROP TRIGGER IF EXISTS ${name}`);
    });
    return 'like';
  }
  withTransaction(db, () => {
    const present = db
      .prepare(
        `SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger'
         AND name IN (SELECT value FROM json_each(?))`,
      )
      .get(JSON.stringify(triggerNames))?.n;
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS messages_fts USING fts5(
      text, content = 'messages', content_rowid = 'seq', tokenize = 'trigram')`);
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS conversations_fts USING fts5(
      title, content = 'conversations', content_rowid = 'seq', tokenize = 'trigram')`);
    for (const sql of triggers) db.exec(sql);
    if (present !== triggerNames.length) {
      log?.info('building the search index');
      db.exec(`INSERT INTO messages_fts (messages_fts) VALUES ('rebuild')`);
      db.exec(`INSERT INTO conversations_fts (conversations_fts) VALUES ('rebuild')`);
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
