import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import { allMigrations } from './migrations/allMigrations';
import type { Migration } from './migrations/Migration';
import { readUserVersion, runMigrations } from './runMigrations';
import { textContent, TempStoreDir } from './testing/TempStoreDir';

function tables(db: DatabaseSync): string[] {
  return db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
    .all()
    .map((row) => String(row.name));
}

/** The version the built-in migrations reach; test migrations come after it. */
const LATEST = allMigrations.length;

const addPinned: Migration = {
  version: LATEST + 1,
  name: 'pinned conversations',
  up: `ALTER TABLE conversations ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
       CREATE TABLE pins (conversation_id TEXT NOT NULL) STRICT;`,
};

describe('runMigrations', () => {
  let temp: TempStoreDir;

  beforeEach(() => {
    temp = new TempStoreDir();
  });
  afterEach(() => temp.cleanup());

  it('upgrades a new file from v0 and records each step', () => {
    const store = temp.open({ now: () => 42 });
    expect(store.migration).toEqual({
      from: 0,
      to: LATEST,
      applied: allMigrations.map((m) => m.version),
    });
    store.close();

    const db = new DatabaseSync(temp.file);
    try {
      expect(readUserVersion(db)).toBe(LATEST);
      expect(db.prepare('SELECT version, name, applied_at FROM schema_migrations').all()).toEqual(
        allMigrations.map((m) => ({ version: m.version, name: m.name, applied_at: 42 })),
      );
      expect(allMigrations.map((m) => [m.version, m.name])).toEqual([
        [1, 'initial schema'],
        [2, 'message attachments'],
        [3, 'tasks'],
        [4, 'tool call app'],
        [5, 'message provider'],
        [6, 'conversation tool search'],
        [7, 'message branches'],
        [8, 'message error text'],
        [9, 'message branch seen index'],
      ]);
      expect(tables(db)).toEqual(
        expect.arrayContaining([
          'approval_decisions',
          'conversations',
          'grants',
          'messages',
          'schema_migrations',
          'tasks',
          'token_usage',
          'tool_calls',
        ]),
      );
    } finally {
      db.close();
    }
    expect(temp.open().migration).toEqual({ from: LATEST, to: LATEST, applied: [] });
  });

  it('upgrades to a next version keeping the data', () => {
    const v1 = temp.open();
    const { id } = v1.createConversation({ title: 'kept' });
    v1.appendMessage(id, { role: 'user', content: textContent('still here') });
    v1.close();

    const next = temp.open({ migrations: [...allMigrations, addPinned] });
    expect(next.migration).toEqual({ from: LATEST, to: LATEST + 1, applied: [LATEST + 1] });
    expect(next.getConversation(id).messages[0]?.content).toEqual(textContent('still here'));
    expect(next.search('still')).toHaveLength(1);
    expect(next.checkIntegrity()).toEqual([]);
  });

  it('rolls a failing migration back completely and stays at the previous version', () => {
    temp.open().close();
    const broken: Migration = {
      version: LATEST + 1,
      name: 'broken',
      up: `CREATE TABLE half_done (x INTEGER) STRICT; INSERT INTO no_such_table VALUES (1);`,
    };
    expect(() => temp.open({ migrations: [...allMigrations, broken] })).toThrow(
      expect.objectContaining({ code: AppErrorCode.Internal }),
    );
    expect(() => temp.open({ migrations: [...allMigrations, broken] })).toThrow(
      new RegExp(`migration ${String(LATEST + 1)} \\(broken\\)`, 'u'),
    );
    const db = new DatabaseSync(temp.file);
    try {
      expect(readUserVersion(db)).toBe(LATEST);
      expect(tables(db)).not.toContain('half_done');
      expect(db.prepare('SELECT count(*) AS n FROM schema_migrations').get()).toEqual({
        n: LATEST,
      });
    } finally {
      db.close();
    }
    // The file still opens with the migrations this app knows.
    expect(temp.open().migration.to).toBe(LATEST);
  });

  it('runs function migrations in the same transaction', () => {
    const db = new DatabaseSync(':memory:');
    try {
      const report = runMigrations(db, [
        { version: 1, name: 'sql', up: 'CREATE TABLE t (x INTEGER) STRICT' },
        {
          version: 2,
          name: 'code',
          up: (d) => {
            d.prepare('INSERT INTO t VALUES (?)').run(7);
          },
        },
      ]);
      expect(report).toEqual({ from: 0, to: 2, applied: [1, 2] });
      expect(db.prepare('SELECT x FROM t').get()).toEqual({ x: 7 });
    } finally {
      db.close();
    }
  });

  it('refuses a file written by a newer schema and migration lists with gaps', () => {
    const db = new DatabaseSync(temp.file);
    db.exec('PRAGMA user_version = 99');
    db.close();
    expect(() => temp.open()).toThrow(/newer than this app understands/u);

    const memory = new DatabaseSync(':memory:');
    try {
      expect(() => runMigrations(memory, [{ ...addPinned }])).toThrow(/without gaps/u);
      expect(readUserVersion(memory)).toBe(0);
    } finally {
      memory.close();
    }
  });
});
