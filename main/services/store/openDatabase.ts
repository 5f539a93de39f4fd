import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Logger } from '../../platform/Logger';

/**
 * How hard each commit is pushed to disk.
 * - `NORMAL` (default): with WAL, a commit is a write() into the WAL file and no fsync; the data
 *   is in the OS page cache the moment COMMIT returns, so it survives the app being killed
 *   (SIGKILL, crash, force quit). Only an OS crash or power loss can drop the newest commits,
 *   and even then the file stays consistent (WAL frames are checksummed; fsync happens at
 *   checkpoints). This keeps a 50 ms delta flush cheap.
 * - `FULL`: fsync the WAL on every commit; also survives power loss, at a few ms per commit.
 */
export type SynchronousMode = 'NORMAL' | 'FULL';

/** Options of `openDatabase`. */
export interface OpenDatabaseOptions {
  synchronous?: SynchronousMode;
  /** How long a writer waits for another connection's lock before SQLITE_BUSY; default 5 s. */
  busyTimeoutMs?: number;
  log?: Logger;
}

/**
 * Opens (creating if needed) a SQLite file set up for crash safety: WAL journal, the chosen
 * synchronous level, foreign keys enforced, a busy timeout. A new file is created private to
 * the user (0600); SQLite gives its -wal and -shm files the same mode.
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): DatabaseSync {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true });
    // 'a' creates the file if missing and never truncates an existing one.
    closeSync(openSync(file, 'a', 0o600));
  }
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  const db = new DatabaseSync(file, {
    enableForeignKeyConstraints: true,
    timeout: busyTimeoutMs,
  });
  try {
    const mode = db.prepare('PRAGMA journal_mode = WAL').get()?.journal_mode;
    if (mode !== 'wal' && file !== ':memory:') {
      // E.g. a network file system without shared memory. Still correct, just slower.
      options.log?.warn('history database is not in WAL mode', { mode });
    }
    db.exec(`PRAGMA synchronous = ${options.synchronous ?? 'NORMAL'}`);
    db.exec('PRAGMA foreign_keys = ON');
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    // Truncate the WAL back to 64 MiB after checkpoints instead of letting it keep its peak size.
    db.exec('PRAGMA journal_size_limit = 67108864');
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
