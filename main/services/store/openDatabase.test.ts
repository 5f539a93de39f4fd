import { statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './openDatabase';
import { TempStoreDir } from './testing/TempStoreDir';

function pragma(db: ReturnType<typeof openDatabase>, name: string): unknown {
  return Object.values(db.prepare(`PRAGMA ${name}`).get() ?? {})[0];
}

describe('openDatabase', () => {
  let temp: TempStoreDir;

  beforeEach(() => {
    temp = new TempStoreDir();
  });
  afterEach(() => temp.cleanup());

  it('sets WAL, NORMAL sync, foreign keys and a busy timeout', () => {
    const db = openDatabase(temp.file);
    try {
      expect(pragma(db, 'journal_mode')).toBe('wal');
      expect(pragma(db, 'synchronous')).toBe(1); // NORMAL
      expect(pragma(db, 'foreign_keys')).toBe(1);
      expect(pragma(db, 'busy_timeout')).toBe(5000);
    } finally {
      db.close();
    }
  });

  it('can sync every commit (FULL) and take another busy timeout', () => {
    const db = openDatabase(temp.file, { synchronous: 'FULL', busyTimeoutMs: 250 });
    try {
      expect(pragma(db, 'synchronous')).toBe(2);
      expect(pragma(db, 'busy_timeout')).toBe(250);
    } finally {
      db.close();
    }
  });

  it.skipIf(process.platform === 'win32')('creates the file private to the user', () => {
    openDatabase(`${temp.dir}/nested/dir/h.sqlite`).close();
    expect(statSync(`${temp.dir}/nested/dir/h.sqlite`).mode & 0o777).toBe(0o600);
  });
});
