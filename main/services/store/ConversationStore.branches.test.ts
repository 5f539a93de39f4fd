import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { branchSql } from './BranchTable';
import type { ConversationStore } from './ConversationStore';
import { messageAttachmentsV2 } from './migrations/messageAttachmentsV2';
import { schemaV1 } from './migrations/schemaV1';
import { runMigrations } from './runMigrations';
import { textContent, TempStoreDir } from './testing/TempStoreDir';

/** The texts of the branch that shows, with "(i/n)" after messages that have versions. */
function shown(store: ConversationStore, id: string): string[] {
  return store.listMessages(id, { limit: 1000 }).messages.map((m) => {
    const text = m.content[0]?.type === 'text' ? m.content[0].text : '';
    return m.branch ? `${text} (${m.branch.index}/${m.branch.count})` : text;
  });
}

function say(store: ConversationStore, id: string, ...texts: string[]): string[] {
  return texts.map(
    (text, i) =>
      store.appendMessage(id, { role: i % 2 ? 'assistant' : 'user', content: textContent(text) })
        .id,
  );
}

/** Edit-and-resend as the conversation service does it. */
function edit(store: ConversationStore, id: string, messageId: string, text: string): void {
  const message = store.getMessage(messageId);
  store.setAsideMessagesFrom(id, message?.ordinal ?? 0);
  store.appendMessage(id, { role: 'user', content: textContent(text) });
}

describe('ConversationStore branches', () => {
  let temp: TempStoreDir;
  beforeEach(() => {
    temp = new TempStoreDir();
  });
  afterEach(() => temp.cleanup());

  it('an edit keeps the old branch; ← → move between versions with what followed each', () => {
    const store = temp.open();
    const { id } = store.createConversation();
    const [, , q2] = say(store, id, 'q1', 'a1', 'q2', 'a2');
    edit(store, id, q2 ?? '', 'q2 edited');
    say(store, id, 'a2 new');
    expect(shown(store, id)).toEqual(['q1', 'a1', 'q2 edited (2/2)', 'a2 new']);

    const current = store.listMessages(id).messages[2]?.id ?? '';
    const back = store.switchBranch(current, -1);
    expect(back.id).toBe(q2);
    expect(shown(store, id)).toEqual(['q1', 'a1', 'q2 (1/2)', 'a2']);
    expect(() => store.switchBranch(back.id, -1)).toThrow(/no other version/);
    store.switchBranch(back.id, 1);
    expect(shown(store, id)).toEqual(['q1', 'a1', 'q2 edited (2/2)', 'a2 new']);
    // Search and the list preview see the branch that shows only.
    expect(store.search('a2 new')).toHaveLength(1);
    expect(store.search('q2')[0]?.snippets.map((s) => s.parts.map((p) => p.text).join(''))).toEqual(
      ['q2 edited'],
    );
    expect(store.listConversations()[0]?.preview).toBe('a2 new');
  });

  it('returning to a branch shows, at each later fork, the version showing when it was left', () => {
    const store = temp.open();
    const { id } = store.createConversation();
    const [q1] = say(store, id, 'q1', 'a1', 'q2', 'a2');
    edit(store, id, q1 ?? '', 'Q1');
    say(store, id, 'A1', 'Q2', 'A2');
    const q2b = store.listMessages(id).messages[2]?.id ?? '';
    edit(store, id, q2b, 'Q2 other');
    say(store, id, 'A2 other');
    expect(shown(store, id)).toEqual(['Q1 (2/2)', 'A1', 'Q2 other (2/2)', 'A2 other']);

    const first = store.listMessages(id).messages[0]?.id ?? '';
    store.switchBranch(first, -1);
    expect(shown(store, id)).toEqual(['q1 (1/2)', 'a1', 'q2', 'a2']);
    store.switchBranch(store.listMessages(id).messages[0]?.id ?? '', 1);
    expect(shown(store, id)).toEqual(['Q1 (2/2)', 'A1', 'Q2 other (2/2)', 'A2 other']);
    // Pick the older version deeper down, leave, come back: that one shows.
    store.switchBranch(store.listMessages(id).messages[2]?.id ?? '', -1);
    store.switchBranch(store.listMessages(id).messages[0]?.id ?? '', -1);
    store.switchBranch(store.listMessages(id).messages[0]?.id ?? '', 1);
    expect(shown(store, id)).toEqual(['Q1 (2/2)', 'A1', 'Q2 (1/2)', 'A2']);
    // New messages join the branch that shows.
    say(store, id, 'Q3');
    expect(shown(store, id).at(-1)).toBe('Q3');
  });

  it('retry removes the replies after the last message and any branch grown from them', () => {
    const store = temp.open();
    const { id } = store.createConversation();
    const [, a1] = say(store, id, 'q1', 'a1', 'q2', 'a2');
    const q2 = store.listMessages(id).messages[2]?.id ?? '';
    edit(store, id, q2, 'q2 edited');
    const a1Ordinal = store.getMessage(a1 ?? '')?.ordinal ?? 0;
    store.deleteMessagesFrom(id, a1Ordinal);
    expect(shown(store, id)).toEqual(['q1']);
    const db = new DatabaseSync(temp.file, { readOnly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM messages').get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  });

  it('opens a history written before branches as one branch that goes on', () => {
    const v2 = new DatabaseSync(temp.file);
    runMigrations(v2, [schemaV1, messageAttachmentsV2]);
    v2.exec(
      `INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c1', 'old', 1, 1)`,
    );
    for (const [ordinal, text] of ['q1', 'a1'].entries()) {
      v2.exec(`INSERT INTO messages (id, conversation_id, ordinal, role, content, text, status,
          created_at, updated_at)
        VALUES ('m${ordinal}', 'c1', ${ordinal}, '${ordinal ? 'assistant' : 'user'}',
          '[{"type":"text","text":"${text}"}]', '${text}', 'complete', 1, 1)`);
    }
    v2.close();
    const store = temp.open();
    say(store, 'c1', 'q2');
    edit(store, 'c1', 'm0', 'q1 again');
    expect(shown(store, 'c1')).toEqual(['q1 again (2/2)']);
    store.switchBranch(store.listMessages('c1').messages[0]?.id ?? '', -1);
    expect(shown(store, 'c1')).toEqual(['q1 (1/2)', 'a1', 'q2']);
    expect(store.checkIntegrity()).toEqual([]);
  });

  it('finds versions through indexes, never by scanning the messages', () => {
    const store = temp.open();
    const { id } = store.createConversation();
    say(store, id, 'q1');
    store.close();
    const db = new DatabaseSync(temp.file, { readOnly: true });
    try {
      const plans = [
        [branchSql.positions, { ids: '[]' }],
        [branchSql.anyAside, id, 0, 10],
        [branchSql.siblings, { conversationId: id, ordinal: 0, parentId: null, id: 'x' }],
        [branchSql.lastShownChild, 'x'],
        [
          branchSql.setAsideFrom.replace(
            'UPDATE messages SET active = 0',
            'SELECT 1 FROM messages',
          ),
          id,
          0,
        ],
      ] as const;
      for (const [sql, ...params] of plans) {
        const detail = db
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .all(...(params as unknown as SQLInputValue[]))
          .map((row) => String(row.detail))
          .join(' | ');
        expect(detail, sql).not.toMatch(/SCAN (m|s|messages)\b(?! USING)/u);
      }
      // A page without versions set aside costs one probe of the inactive rows' index.
      const aside = db
        .prepare(`EXPLAIN QUERY PLAN ${branchSql.anyAside}`)
        .all(id, 0, 10)
        .map((row) => String(row.detail))
        .join(' | ');
      expect(aside).toContain('messages_inactive');
      // The counter a new message and a branch switch take: one probe of its index (without it
      // SQLite visits every row of the conversation, through both partial indexes).
      const newest = 'SELECT ifnull(max(branch_seen), 0) FROM messages WHERE conversation_id = ?';
      for (const sql of [branchSql.nextSeen, newest]) {
        const detail = db
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .all(id)
          .map((row) => String(row.detail))
          .join(' | ');
        expect(detail, sql).toContain('USING COVERING INDEX messages_by_branch_seen');
      }
    } finally {
      db.close();
    }
  });
});
