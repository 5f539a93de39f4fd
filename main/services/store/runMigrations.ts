import type { DatabaseSync } from 'node:sqlite';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { Migration } from './migrations/Migration';
import { withTransaction } from './withTransaction';

/** What `runMigrations` did. */
export interface MigrationReport {
  from: number;
  to: number;
  applied: number[];
}

/**
 * Brings the database to the newest schema. The version lives in `PRAGMA user_version` (in the
 * file header, written in the same transaction as the migration, so it can never disagree with
 * the schema); `schema_migrations` keeps a readable history. Each migration is its own
 * transaction: a crash or a failing step leaves the file at the previous version.
 */
export function runMigrations(
  db: DatabaseSync,
  migrations: readonly Migration[],
  now: () => number = Date.now,
): MigrationReport {
  checkSequence(migrations);
  const from = readUserVersion(db);
  const newest = migrations.at(-1)?.version ?? 0;
  if (from > newest) {
    throw new AppError(
      AppErrorCode.Internal,
      `The history database is at schema version ${from}, newer than this app understands (${newest}). ` +
        'It was written by a newer Switchboard; update the app to open it.',
      { schemaVersion: from, supported: newest },
    );
  }
  const applied: number[] = [];
  for (const migration of migrations) {
    if (migration.version <= from) continue;
    try {
      withTransaction(db, () => {
        db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
          version INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          applied_at INTEGER NOT NULL
        ) STRICT`);
        if (typeof migration.up === 'string') db.exec(migration.up);
        else migration.up(db);
        db.prepare(
          'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
        ).run(migration.version, migration.name, now());
        // PRAGMA takes no bound parameters; the version is a checked integer.
        db.exec(`PRAGMA user_version = ${migration.version}`);
      });
    } catch (error) {
      throw new AppError(
        AppErrorCode.Internal,
        `History database migration ${migration.version} (${migration.name}) failed: ${
          error instanceof Error ? error.message : String(error)
        }`,
        { version: migration.version },
      );
    }
    applied.push(migration.version);
  }
  return { from, to: readUserVersion(db), applied };
}

/** The schema version recorded in the file header (0 for a new, empty file). */
export function readUserVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get();
  const version = row?.user_version;
  return typeof version === 'number' ? version : 0;
}

function checkSequence(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1 || !Number.isInteger(migration.version)) {
      throw new AppError(
        AppErrorCode.Internal,
        `Migrations must be numbered 1, 2, 3… without gaps; found ${migration.version} at position ${index + 1}.`,
      );
    }
  });
}
