import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { ConversationStore } from './ConversationStore';

function fileIn(): string {
  return join(mkdtempSync(join(tmpdir(), 'held-')), 'history.sqlite');
}

/** Messages in the file as another connection sees them (what is committed). */
function committedIds(file: string): string[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare('SELECT id FROM messages ORDER BY seq').all() as { id: string }[]).map(
      (row) => row.id,
    );
  } finally {
    db.close();
  }
}

const hello = [{ type: 'text' as const, text: 'hello' }];

/** The conversation's model as another connection sees it (what is committed). */
function committedModel(file: string, id: string): string | null | undefined {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const row = db.prepare('SELECT model FROM conversations WHERE id = ?').get(id) as
      { model: string | null } | undefined;
    return row?.model;
  } finally {
    db.close();
  }
}

describe('ConversationStore.holdMessage', () => {
  it('is not committed at once, yet every read of the store sees it', () => {
    const file = fileIn();
    let clock = 1000;
    const store = ConversationStore.open({ file, now: () => clock });
    try {
      const older = store.createConversation({ title: 'older' });
      const c = store.createConversation({ title: 'c' });
      store.appendMessage(older.id, { role: 'user', content: hello });
      const first = store.appendMessage(c.id, { role: 'user', content: hello });
      clock = 2000;
      const { message, conversation } = store.holdMessage(c.id, {
        role: 'user',
        content: hello,
        turnId: 't1',
      });
      expect(message).toMatchObject({ ordinal: first.ordinal + 1, createdAt: 2000, turnId: 't1' });
      expect(conversation).toMatchObject({ id: c.id, title: 'c', updatedAt: 2000 });
      expect(committedIds(file)).not.toContain(message.id);

      // Any read commits it first, exactly as returned.
      expect(store.getMessage(message.id)).toMatchObject({
        ordinal: message.ordinal,
        createdAt: 2000,
        status: 'complete',
      });
      expect(committedIds(file)).toContain(message.id);
      expect(store.listConversations()[0]).toMatchObject({ id: c.id, updatedAt: 2000 });
    } finally {
      store.close();
    }
  });

  it('the reply’s first write commits it before the reply, in order', () => {
    const store = ConversationStore.open({ file: fileIn() });
    try {
      const c = store.createConversation();
      const { message } = store.holdMessage(c.id, { role: 'user', content: hello });
      const reply = store.beginAssistantMessage(c.id, { turnId: 't' });
      expect(reply.ordinal).toBe(message.ordinal + 1);
      expect(store.listMessages(c.id).messages.map((m) => m.id)).toEqual([message.id, reply.id]);
    } finally {
      store.close();
    }
  });

  it('after a crash the next open commits it; a second process leaves it alone', () => {
    const file = fileIn();
    const crashed = ConversationStore.open({ file });
    const c = crashed.createConversation();
    const { message } = crashed.holdMessage(c.id, { role: 'user', content: hello });
    // `crashed` is never closed: the process died with the message only in the outbox.

    const cli = ConversationStore.open({ file, recover: false });
    expect(cli.getMessage(message.id)).toBeUndefined();
    cli.close();

    const reopened = ConversationStore.open({ file });
    try {
      expect(reopened.getMessage(message.id)).toMatchObject({ role: 'user', content: hello });
      // Committed once, even if the dead process's memory still held it.
      expect(committedIds(file).filter((id) => id === message.id)).toHaveLength(1);
    } finally {
      reopened.close();
    }
  });

  it('a message whose conversation was deleted meanwhile is dropped, not retried forever', () => {
    const file = fileIn();
    const crashed = ConversationStore.open({ file });
    const c = crashed.createConversation();
    crashed.holdMessage(c.id, { role: 'user', content: hello });
    const other = ConversationStore.open({ file, recover: false });
    other.deleteConversation(c.id);
    other.close();
    const reopened = ConversationStore.open({ file });
    try {
      expect(reopened.listConversations()).toEqual([]);
      expect(committedIds(file)).toEqual([]);
    } finally {
      reopened.close();
    }
  });

  it('a model it was sent to is held with it and committed in the same transaction', () => {
    const file = fileIn();
    const store = ConversationStore.open({ file });
    try {
      const c = store.createConversation({ model: 'anthropic/claude-a' });
      const { message, conversation } = store.holdMessage(
        c.id,
        { role: 'user', content: hello },
        'openai/gpt-b',
      );
      expect(conversation.model).toBe('openai/gpt-b');
      // Nothing written to SQLite yet: neither the message nor the model.
      expect(committedIds(file)).not.toContain(message.id);
      expect(committedModel(file, c.id)).toBe('anthropic/claude-a');
      expect(store.findConversation(c.id)?.model).toBe('openai/gpt-b');
      expect(committedIds(file)).toContain(message.id);
      expect(committedModel(file, c.id)).toBe('openai/gpt-b');
    } finally {
      store.close();
    }
  });

  it('the same model as the conversation’s changes nothing', () => {
    const store = ConversationStore.open({ file: fileIn() });
    try {
      const c = store.createConversation({ model: 'anthropic/claude-a' });
      const { conversation } = store.holdMessage(
        c.id,
        { role: 'user', content: hello },
        'anthropic/claude-a',
      );
      expect(conversation).toMatchObject({ model: 'anthropic/claude-a' });
      expect(store.findConversation(c.id)?.model).toBe('anthropic/claude-a');
    } finally {
      store.close();
    }
  });

  it('after a crash the next open commits the model with the message', () => {
    const file = fileIn();
    const crashed = ConversationStore.open({ file });
    const c = crashed.createConversation();
    const { message } = crashed.holdMessage(c.id, { role: 'user', content: hello }, 'openai/x');
    // `crashed` is never closed: the model, like the message, is only in the outbox.
    expect(committedModel(file, c.id)).toBeNull();

    const reopened = ConversationStore.open({ file });
    try {
      expect(reopened.getMessage(message.id)).toMatchObject({ role: 'user' });
      expect(reopened.findConversation(c.id)?.model).toBe('openai/x');
    } finally {
      reopened.close();
    }
  });

  it('NOT_FOUND for an unknown conversation, and nothing is held', () => {
    const store = ConversationStore.open({ file: ':memory:' });
    try {
      expect(() => store.holdMessage('nope', { role: 'user', content: hello })).toThrow(
        /no conversation/,
      );
      const c = store.createConversation();
      expect(store.listMessages(c.id).messages).toEqual([]);
    } finally {
      store.close();
    }
  });
});
