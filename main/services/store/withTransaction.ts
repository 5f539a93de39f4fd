import type { DatabaseSync } from 'node:sqlite';

/**
 * Runs `work` in one write transaction: all of it commits or none of it does.
 * BEGIN IMMEDIATE takes the write lock up front, so a second connection waits on the busy
 * timeout at BEGIN instead of failing halfway with SQLITE_BUSY on upgrade from a read lock.
 * Nested calls join the outer transaction.
 */
export function withTransaction<T>(db: DatabaseSync, work: () => T): T {
  if (inTransaction(db)) return work();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    // A failed COMMIT may already have rolled back; never let that hide the first error.
    if (inTransaction(db)) db.exec('ROLLBACK');
    throw error;
  }
}

// A function, so the check after BEGIN is not narrowed away by the one before it.
function inTransaction(db: DatabaseSync): boolean {
  return db.isTransaction;
}
