import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AttachmentView } from '../../../shared/domain/attachments';
import { schemaV1 } from './migrations/schemaV1';
import { runMigrations } from './runMigrations';
import { textContent, TempStoreDir } from './testing/TempStoreDir';

const attachment: AttachmentView = {
  server: 'fs',
  origin: 'resource',
  uri: 'file:///notes.txt',
  name: 'notes.txt',
  mimeType: 'text/plain',
  size: 5,
  as: 'document',
};

describe('ConversationStore attachments', () => {
  let temp: TempStoreDir;
  beforeEach(() => {
    temp = new TempStoreDir();
  });
  afterEach(() => temp.cleanup());

  it('opens a history written before attachments existed and keeps its messages', () => {
    // A file as the first release wrote it (its store code is gone; plain SQL stands in).
    const v1 = new DatabaseSync(temp.file);
    runMigrations(v1, [schemaV1]);
    v1.exec(`INSERT INTO conversations (id, title, created_at, updated_at)
      VALUES ('c1', 'old', 1, 1)`);
    v1.exec(`INSERT INTO messages (id, conversation_id, ordinal, role, content, text, status,
        created_at, updated_at)
      VALUES ('m1', 'c1', 0, 'user', '[{"type":"text","text":"from an older build"}]',
        'from an older build', 'complete', 1, 1)`);
    v1.close();
    const id = 'c1';

    const current = temp.open();
    expect(current.migration).toMatchObject({ from: 1 });
    expect(current.migration.applied).toContain(2);
    const [old] = current.getConversation(id).messages;
    expect(old?.content).toEqual(textContent('from an older build'));
    expect(old).not.toHaveProperty('attachments');
    expect(current.checkIntegrity()).toEqual([]);
  });

  it('stores what was attached with the message and reads it back after reopening', () => {
    const store = temp.open();
    const { id } = store.createConversation({});
    const content = [
      {
        type: 'document' as const,
        source: { type: 'text' as const, media_type: 'text/plain' as const, data: 'hello' },
        title: 'notes.txt',
      },
      { type: 'text' as const, text: 'Summarize' },
    ];
    const written = store.appendMessage(id, {
      role: 'user',
      content,
      attachments: [attachment],
    });
    expect(written.attachments).toEqual([attachment]);
    store.appendMessage(id, { role: 'user', content: textContent('no attachments') });
    store.close();

    const reopened = temp.open();
    const [first, second] = reopened.getConversation(id).messages;
    expect(first?.content).toEqual(content);
    expect(first?.attachments).toEqual([attachment]);
    expect(second).not.toHaveProperty('attachments');
    // The person's words are what search finds, not the attached document.
    expect(reopened.search('Summarize')).toHaveLength(1);
    expect(reopened.search('hello')).toHaveLength(0);
  });
});
