import type { DatabaseSync } from 'node:sqlite';

/**
 * One schema step. Plain data (SQL text) where possible, so the schema can be read in one place
 * and replayed by anything that speaks SQLite. `up` runs inside a transaction.
 */
export interface Migration {
  /** 1, 2, 3… with no gaps; stored in `PRAGMA user_version` and `schema_migrations`. */
  version: number;
  name: string;
  up: string | ((db: DatabaseSync) => void);
}
