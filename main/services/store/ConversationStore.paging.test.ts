import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationListSql } from './ConversationTable';
import { messageSql } from './MessageTable';
import { textContent, TempStoreDir } from './testing/TempStoreDir';
import { toolCallsByMessagesSql } from './ToolCallTable';

/** The plan's detail lines, e.g. "SEARCH messages USING INDEX … (conversation_id=? AND ordinal<?)". */
function plan(
  db: DatabaseSync,
  sql: string,
  ...params: (string | number)[] | [Record<string, string | number>]
): string[] {
  return db
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...(params as (string | number)[]))
    .map((row) => String(row.detail));
}

describe('ConversationStore with a 5000-message conversation', () => {
  const temp = new TempStoreDir();
  let conversationId = '';
  let insertMs = 0;

  beforeAll(() => {
    const store = temp.open();
    // Other conversations around it, so a scan would show.
    for (let c = 0; c < 20; c += 1) {
      const other = store.createConversation().id;
      for (let i = 0; i < 50; i += 1) {
        store.appendMessage(other, { role: 'user', content: textContent(`other ${c}/${i}`) });
      }
    }
    conversationId = store.createConversation({ title: 'long' }).id;
    const started = performance.now();
    for (let i = 0; i < 5000; i += 1) {
      store.appendMessage(conversationId, {
        role: i % 2 ? 'assistant' : 'user',
        content: textContent(`message ${i}: ${'lorem ipsum '.repeat(10)}`),
      });
    }
    insertMs = performance.now() - started;
    store.close();
  });
  afterAll(() => temp.cleanup());

  it('appends each message in its own commit quickly', () => {
    // ~5000 commits; generous bound for slow CI disks (NORMAL sync: no fsync per commit).
    expect(insertMs).toBeLessThan(20_000);
  });

  it('serves every page from the (conversation_id, ordinal) index', () => {
    const db = new DatabaseSync(temp.file, { readOnly: true });
    try {
      const byIndex =
        /SEARCH m(essages)? USING (COVERING )?INDEX messages_by_conversation_ordinal/u;
      for (const [sql, params] of [
        [messageSql.tail, [conversationId, 101]],
        [messageSql.before, [conversationId, 2500, 101]],
        [messageSql.after, [conversationId, 2500, 101]],
        [messageSql.contentAfter, [conversationId, 2500, 101]],
        [messageSql.viewTail, [conversationId, 101]],
        [messageSql.viewBefore, [conversationId, 2500, 101]],
        [messageSql.viewAfter, [conversationId, 2500, 101]],
      ] as const) {
        const lines = plan(db, sql, ...params);
        expect(lines.join(' | ')).toMatch(byIndex);
        // No sort step and no full scan.
        expect(lines.join(' | ')).not.toMatch(/TEMP B-TREE|SCAN messages/u);
      }
      // The ordinal for a new message is one index probe.
      const insertPlan = plan(
        db,
        `SELECT ordinal + 1 FROM messages WHERE conversation_id = ? AND active = 1
         ORDER BY ordinal DESC LIMIT 1`,
        conversationId,
      );
      expect(insertPlan.join(' | ')).toMatch(byIndex);
      expect(plan(db, toolCallsByMessagesSql, '[]').join(' | ')).toMatch(
        /SEARCH tool_calls USING INDEX tool_calls_by_message/u,
      );
      const listPlan = plan(db, conversationListSql, { archived: 0, before: 1e15, limit: 10 }).join(
        ' | ',
      );
      expect(listPlan).toMatch(/SEARCH c USING INDEX conversations_by_updated/u);
      expect(listPlan).toMatch(byIndex);
      expect(listPlan).not.toMatch(/TEMP B-TREE/u);
    } finally {
      db.close();
    }
  });

  it('opens the conversation and pages through it quickly', () => {
    const store = temp.open();
    let started = performance.now();
    const first = store.getConversation(conversationId, { limit: 100 });
    const openMs = performance.now() - started;
    expect(first.messages).toHaveLength(100);
    expect(first.messages[0]?.ordinal).toBe(4900);
    expect(first.hasMore).toBe(true);

    started = performance.now();
    let cursor = first.messages[0]?.ordinal ?? 0;
    let seen = first.messages.length;
    for (;;) {
      const page = store.listMessages(conversationId, { beforeOrdinal: cursor, limit: 100 });
      seen += page.messages.length;
      if (!page.hasMore) break;
      cursor = page.messages[0]?.ordinal ?? 0;
    }
    const allPagesMs = performance.now() - started;
    expect(seen).toBe(5000);
    expect(openMs).toBeLessThan(100);
    expect(allPagesMs).toBeLessThan(2000);
  });
});
