import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import { textContent, TempStoreDir } from './testing/TempStoreDir';

describe('ConversationStore conversations', () => {
  let temp: TempStoreDir;
  let clock: number;
  const now = (): number => clock;

  beforeEach(() => {
    temp = new TempStoreDir();
    clock = 1_000;
  });
  afterEach(() => temp.cleanup());

  it('creates, reads, renames, updates and deletes conversations', () => {
    const store = temp.open({ now });
    const created = store.createConversation({
      title: 'First',
      model: 'claude-x',
      systemPrompt: 'Be brief.',
    });
    expect(created).toMatchObject({
      title: 'First',
      model: 'claude-x',
      systemPrompt: 'Be brief.',
      archived: false,
      createdAt: 1_000,
      updatedAt: 1_000,
    });
    expect(store.findConversation(created.id)).toEqual(created);

    clock = 2_000;
    expect(store.renameConversation(created.id, 'Renamed')).toMatchObject({
      title: 'Renamed',
      updatedAt: 2_000,
    });
    expect(
      store.updateConversation(created.id, { model: null, systemPrompt: null, archived: true }),
    ).toMatchObject({ title: 'Renamed', model: null, systemPrompt: null, archived: true });

    expect(store.deleteConversation(created.id)).toBe(true);
    expect(store.findConversation(created.id)).toBeUndefined();
    expect(store.deleteConversation(created.id)).toBe(false);
  });

  it('throws NOT_FOUND for unknown conversations', () => {
    const store = temp.open();
    expect(() => store.renameConversation('nope', 'x')).toThrow(
      expect.objectContaining({ code: AppErrorCode.NotFound }),
    );
    expect(() => store.getConversation('nope')).toThrow(
      expect.objectContaining({ code: AppErrorCode.NotFound }),
    );
    expect(() => store.appendMessage('nope', { role: 'user', content: [] })).toThrow(
      expect.objectContaining({ code: AppErrorCode.NotFound }),
    );
  });

  it('lists by last update with a preview of the newest message that has text', () => {
    const store = temp.open({ now });
    const a = store.createConversation({ title: 'A' });
    clock = 2_000;
    const b = store.createConversation({ title: 'B' });
    clock = 3_000;
    store.appendMessage(a.id, { role: 'user', content: textContent('hello from a') });
    clock = 4_000;
    // A message without text (a tool result) does not replace the preview.
    store.appendMessage(a.id, {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'result text' }],
    });

    const list = store.listConversations();
    expect(list.map((c) => [c.title, c.preview, c.updatedAt])).toEqual([
      ['A', 'hello from a', 4_000],
      ['B', '', 2_000],
    ]);
    expect(store.listConversations({ limit: 1 }).map((c) => c.id)).toEqual([a.id]);
    expect(store.listConversations({ beforeUpdatedAt: 4_000 }).map((c) => c.id)).toEqual([b.id]);

    store.updateConversation(b.id, { archived: true });
    expect(store.listConversations().map((c) => c.id)).toEqual([a.id]);
    expect(store.listConversations({ archived: true }).map((c) => c.id)).toEqual([b.id]);
    expect(store.listConversations({ archived: 'all' })).toHaveLength(2);
  });

  it('deleting a conversation removes everything that belongs to it', () => {
    const store = temp.open();
    const keep = store.createConversation();
    const doomed = store.createConversation();
    const message = store.appendMessage(doomed.id, {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_del', name: 'files__read', input: {} }],
      usage: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 },
    });
    store.recordToolCall({
      id: 'toolu_del',
      messageId: message.id,
      server: 'files',
      toolName: 'read',
      modelName: 'files__read',
      arguments: {},
    });
    store.recordApproval({
      toolCallId: 'toolu_del',
      decision: 'allow',
      scope: 'once',
      decidedBy: 'person',
    });
    store.beginAssistantMessage(doomed.id);

    store.deleteConversation(doomed.id);
    expect(store.getMessage(message.id)).toBeUndefined();
    expect(store.getToolCall('toolu_del')).toBeUndefined();
    expect(store.listApprovals('toolu_del')).toEqual([]);
    expect(store.getUsage(doomed.id).calls).toBe(0);
    expect(store.findConversation(keep.id)).toBeDefined();
    expect(store.checkIntegrity()).toEqual([]);
    // The live stream of the deleted conversation is gone too: closing has nothing to finish.
    expect(() => store.close()).not.toThrow();
  });
});
