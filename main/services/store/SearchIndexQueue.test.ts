import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationStore } from './ConversationStore';
import { SEARCH_INDEX_DELAY_MS } from './SearchIndexQueue';
import { textContent, TempStoreDir } from './testing/TempStoreDir';

function dbOf(store: ConversationStore): DatabaseSync {
  return (store as unknown as { db: DatabaseSync }).db;
}

function queued(store: ConversationStore): number {
  return Number(dbOf(store).prepare('SELECT count(*) AS n FROM search_pending').get()?.n);
}

/** Closes the file under the store, as a crash would leave it (nothing flushed on the way). */
function abandon(store: ConversationStore): void {
  dbOf(store).close();
  (store as unknown as { closed: boolean }).closed = true;
}

function found(store: ConversationStore, query: string): string[] {
  return store
    .search(query)
    .flatMap((hit) => hit.snippets.map((s) => s.parts.map((p) => p.text).join('')));
}

describe('search index queue', () => {
  let temp: TempStoreDir;
  let store: ConversationStore;

  beforeEach(() => {
    temp = new TempStoreDir();
    store = temp.open();
  });
  afterEach(() => {
    vi.useRealTimers();
    temp.cleanup();
  });

  it('stores a message without indexing it; a search indexes it first', () => {
    const { id } = store.createConversation({ title: 'Trip' });
    store.appendMessage(id, { role: 'user', content: textContent('pack the umbrella') });
    expect(queued(store)).toBe(1);
    expect(found(store, 'umbrella')).toEqual(['pack the umbrella']);
    expect(queued(store)).toBe(0);
    expect(store.checkIntegrity()).toEqual([]);
  });

  it('indexes queued messages a while after they were written', () => {
    vi.useFakeTimers();
    const { id } = store.createConversation();
    store.appendMessage(id, { role: 'user', content: textContent('first words') });
    store.appendMessage(id, { role: 'user', content: textContent('second words') });
    vi.advanceTimersByTime(SEARCH_INDEX_DELAY_MS - 1);
    expect(queued(store)).toBe(2);
    vi.advanceTimersByTime(1);
    expect(queued(store)).toBe(0);
  });

  it('keeps the index exact through deletes, edits and reused row ids', () => {
    const { id } = store.createConversation();
    store.appendMessage(id, { role: 'user', content: textContent('alpha question') });
    const reply = store.beginAssistantMessage(id);
    expect(found(store, 'alpha')).toEqual(['alpha question']);
    // Indexed with no text yet; its final text replaces that in the index.
    store.appendDelta(reply.id, 0, 'beta answer');
    store.finishMessage(reply.id, { status: 'complete' });
    expect(found(store, 'beta')).toEqual(['beta answer']);
    // Deleting the newest (indexed) message frees its row id for the next one.
    store.deleteMessagesFrom(id, 1);
    store.appendMessage(id, { role: 'assistant', content: textContent('gamma answer') });
    // Queued and deleted before it was ever indexed.
    store.appendMessage(id, { role: 'user', content: textContent('delta question') });
    store.deleteMessagesFrom(id, 2);
    expect(found(store, 'beta')).toEqual([]);
    expect(found(store, 'delta')).toEqual([]);
    expect(found(store, 'gamma')).toEqual(['gamma answer']);
    expect(store.checkIntegrity()).toEqual([]);
  });

  it('indexes what a store closed before its timer left queued when the file opens again', () => {
    const { id } = store.createConversation();
    store.appendMessage(id, { role: 'user', content: textContent('kept across a restart') });
    expect(queued(store)).toBe(1);
    // Queued, not indexed: a clean close would have indexed it.
    abandon(store);
    const reopened = temp.open();
    expect(queued(reopened)).toBe(0);
    expect(found(reopened, 'restart')).toEqual(['kept across a restart']);
    expect(reopened.checkIntegrity()).toEqual([]);
  });

  it('takes over a file indexed message by message without rebuilding its index', () => {
    const { id } = store.createConversation();
    store.appendMessage(id, {
      role: 'user',
      content: textContent('written by an earlier version'),
    });
    store.close();
    const earlier = temp.open();
    const db = dbOf(earlier);
    // The triggers files had before messages were queued.
    db.exec(`DROP TRIGGER messages_fts_queue; DROP TRIGGER messages_fts_forget;
      DROP TRIGGER messages_fts_reindex;
      CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
        INSERT INTO messages_fts (rowid, text) VALUES (new.seq, new.text); END;
      CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.seq, old.text); END;
      CREATE TRIGGER messages_fts_update AFTER UPDATE OF text ON messages BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.seq, old.text);
        INSERT INTO messages_fts (rowid, text) VALUES (new.seq, new.text); END;`);
    db.exec(`INSERT INTO messages (id, conversation_id, ordinal, role, content, text, status,
      created_at, updated_at, active, branch_seen)
      VALUES ('m2', '${id}', 1, 'user', '[]', 'indexed at once', 'complete', 1, 1, 1, 0)`);
    abandon(earlier);
    const info = vi.fn();
    const upgraded = temp.open({
      log: { info, warn: vi.fn(), error: vi.fn(), debug: vi.fn(), child: vi.fn() },
    });
    expect(info).not.toHaveBeenCalledWith('building the search index');
    const names = dbOf(upgraded)
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'messages%'`)
      .all()
      .map((row) => row.name);
    expect(names.sort()).toEqual([
      'messages_fts_forget',
      'messages_fts_queue',
      'messages_fts_reindex',
    ]);
    expect(found(upgraded, 'indexed at once')).toEqual(['indexed at once']);
    expect(upgraded.checkIntegrity()).toEqual([]);
  });
});
