import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allMigrations } from './migrations/allMigrations';
import { messageProviderV5 } from './migrations/messageProviderV5';
import { runMigrations } from './runMigrations';
import { TempStoreDir } from './testing/TempStoreDir';

describe('ConversationStore providers', () => {
  let temp: TempStoreDir;
  beforeEach(() => {
    temp = new TempStoreDir();
  });
  afterEach(() => temp.cleanup());

  it('marks the replies written before providers existed as Claude’s', () => {
    // A file from the build before providers: every migration up to this one.
    const before = allMigrations.slice(0, allMigrations.indexOf(messageProviderV5));
    const old = new DatabaseSync(temp.file);
    runMigrations(old, before);
    old.exec(`INSERT INTO conversations (id, title, model, created_at, updated_at)
      VALUES ('c1', 'old', 'claude-sonnet-5-5', 1, 1)`);
    old.exec(`INSERT INTO messages (id, conversation_id, ordinal, role, content, text, status,
        model, created_at, updated_at)
      VALUES ('m1', 'c1', 0, 'user', '[{"type":"text","text":"hi"}]', 'hi', 'complete', NULL, 1, 1),
        ('m2', 'c1', 1, 'assistant', '[{"type":"text","text":"hello"}]', 'hello', 'complete',
         'claude-sonnet-5-5', 1, 1)`);
    old.close();

    const store = temp.open();
    expect(store.migration.from).toBe(messageProviderV5.version - 1);
    expect(store.migration.applied).toEqual(
      allMigrations.slice(before.length).map((m) => m.version),
    );
    expect(store.migration.applied[0]).toBe(messageProviderV5.version);
    const [user, reply] = store.getConversation('c1').messages;
    expect(user).toMatchObject({ provider: null, model: null });
    expect(reply).toMatchObject({ provider: 'anthropic', model: 'claude-sonnet-5-5' });
    expect(store.checkIntegrity()).toEqual([]);
  });

  it('records which provider and model wrote each reply, reasoning streamed included', () => {
    const store = temp.open();
    const { id } = store.createConversation({});
    const draft = store.beginAssistantMessage(id, {
      provider: 'deepseek',
      model: 'deepseek-reasoner',
    });
    store.appendDelta(draft.id, 0, 'Let me think', 'reasoning');
    store.appendDelta(draft.id, 0, '…');
    store.appendDelta(draft.id, 1, 'Four.');
    store.flush();
    store.close();

    const reopened = temp.open();
    const [reply] = reopened.getConversation(id).messages;
    // Reopened mid-stream: interrupted, with what had streamed, reasoning as its own block.
    expect(reply).toMatchObject({
      provider: 'deepseek',
      model: 'deepseek-reasoner',
      status: 'interrupted',
      content: [
        { type: 'reasoning', text: 'Let me think…' },
        { type: 'text', text: 'Four.' },
      ],
    });
  });
});
