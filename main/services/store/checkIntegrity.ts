import type { DatabaseSync } from 'node:sqlite';
import type { SearchMode } from './ensureSearchIndex';

/**
 * SQLite's full integrity check plus the FTS5 index's own check (that the index matches the
 * rows it was built from). Returns the problems found; [] means healthy.
 */
export function checkIntegrity(db: DatabaseSync, searchMode: SearchMode): string[] {
  const problems = db
    .prepare('PRAGMA integrity_check')
    .all()
    .map((row) => String(row.integrity_check))
    .filter((line) => line !== 'ok');
  const foreignKeys = db.prepare('PRAGMA foreign_key_check').all();
  if (foreignKeys.length > 0) problems.push(`${foreignKeys.length} foreign key violations`);
  if (searchMode === 'fts5') {
    for (const table of ['messages_fts', 'conversations_fts']) {
      try {
        db.exec(`INSERT INTO ${table} (${table}) VALUES ('integrity-check')`);
      } catch (error) {
        problems.push(`${table}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return problems;
}
