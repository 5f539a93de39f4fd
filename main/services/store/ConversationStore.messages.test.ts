import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import { textContent, TempStoreDir } from './testing/TempStoreDir';

describe('ConversationStore messages', () => {
  let temp: TempStoreDir;

  beforeEach(() => {
    temp = new TempStoreDir();
  });
  afterEach(() => temp.cleanup());

  it('appends messages with consecutive ordinals and keeps block shapes as given', () => {
    const store = temp.open();
    const { id } = store.createConversation();
    const user = store.appendMessage(id, {
      role: 'user',
      turnId: 'turn-1',
      content: [
        { type: 'text', text: 'What is in this picture?' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0=' } },
      ],
    });
    const assistant = store.appendMessage(id, {
      role: 'assistant',
      turnId: 'turn-1',
      model: 'claude-x',
      stopReason: 'tool_use',
      content: [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'toolu_a', name: 'files__read', input: { path: '/tmp/x' } },
      ],
      usage: { input: 10, output: 5, cacheRead: 3, cacheWrite: 2 },
    });
    const results = store.appendMessage(id, {
      role: 'user',
      turnId: 'turn-1',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_a',
          content: [{ type: 'text', text: 'file body' }],
          is_error: false,
        },
      ],
    });
    expect([user.ordinal, assistant.ordinal, results.ordinal]).toEqual([0, 1, 2]);
    expect(store.getMessage(assistant.id)).toEqual(assistant);
    expect(assistant).toMatchObject({
      status: 'complete',
      model: 'claude-x',
      stopReason: 'tool_use',
      usage: { input: 10, output: 5, cacheRead: 3, cacheWrite: 2 },
      error: null,
    });
    const page = store.getConversation(id);
    expect(page.messages.map((m) => m.content)).toEqual([
      user.content,
      assistant.content,
      results.content,
    ]);
    expect(page.hasMore).toBe(false);
  });

  it('stores failed messages with their error', () => {
    const store = temp.open();
    const { id } = store.createConversation();
    const failed = store.appendMessage(id, {
      role: 'assistant',
      content: [],
      status: 'failed',
      error: { code: 'LLM_RATE_LIMITED', message: 'Slow down' },
    });
    expect(store.getMessage(failed.id)).toMatchObject({
      status: 'failed',
      error: { code: 'LLM_RATE_LIMITED', message: 'Slow down' },
    });
  });

  it('pages backwards and forwards by ordinal', () => {
    const store = temp.open();
    const { id } = store.createConversation();
    for (let i = 0; i < 25; i += 1) {
      store.appendMessage(id, {
        role: i % 2 ? 'assistant' : 'user',
        content: textContent(`m${i}`),
      });
    }
    const tail = store.listMessages(id, { limit: 10 });
    expect(tail.messages.map((m) => m.ordinal)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(tail.hasMore).toBe(true);
    const older = store.listMessages(id, { beforeOrdinal: 15, limit: 10 });
    expect(older.messages.map((m) => m.ordinal)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    const oldest = store.listMessages(id, { beforeOrdinal: 5, limit: 10 });
    expect(oldest.messages.map((m) => m.ordinal)).toEqual([0, 1, 2, 3, 4]);
    expect(oldest.hasMore).toBe(false);
    const newer = store.listMessages(id, { afterOrdinal: 20, limit: 3 });
    expect(newer.messages.map((m) => m.ordinal)).toEqual([21, 22, 23]);
    expect(newer.hasMore).toBe(true);
    expect(store.getConversation(id, { limit: 2 }).messages.map((m) => m.ordinal)).toEqual([
      23, 24,
    ]);
  });

  it('deletes from an ordinal on (edit and resend) and continues numbering after it', () => {
    const store = temp.open();
    const { id } = store.createConversation();
    for (let i = 0; i < 5; i += 1)
      store.appendMessage(id, { role: 'user', content: textContent(`m${i}`) });
    const streaming = store.beginAssistantMessage(id);
    expect(store.deleteMessagesFrom(id, 2)).toBe(4);
    expect(store.listMessages(id).messages.map((m) => m.ordinal)).toEqual([0, 1]);
    expect(store.appendMessage(id, { role: 'user', content: textContent('edited') }).ordinal).toBe(
      2,
    );
    // The deleted streaming message no longer takes deltas.
    expect(() => store.appendDelta(streaming.id, 0, 'x')).toThrow(
      expect.objectContaining({ code: AppErrorCode.Validation }),
    );
  });

  it('sums token usage per conversation and per turn', () => {
    const store = temp.open();
    const { id } = store.createConversation();
    store.appendMessage(id, {
      role: 'assistant',
      turnId: 't1',
      content: textContent('a'),
      usage: { input: 100, output: 10, cacheRead: 50, cacheWrite: 5 },
    });
    const streamed = store.beginAssistantMessage(id, { turnId: 't2', model: 'claude-x' });
    store.finishMessage(streamed.id, {
      status: 'complete',
      usage: { input: 7, output: 3, cacheRead: 1, cacheWrite: 0 },
    });
    expect(store.getUsage(id)).toEqual({
      calls: 2,
      input: 107,
      output: 13,
      cacheRead: 51,
      cacheWrite: 5,
    });
    expect(store.getUsage(id, 't2')).toEqual({
      calls: 1,
      input: 7,
      output: 3,
      cacheRead: 1,
      cacheWrite: 0,
    });
    expect(store.getUsage('other').calls).toBe(0);
  });

  it('reads role and content only, after an ordinal, page by page', () => {
    const store = temp.open();
    const { id } = store.createConversation();
    for (let i = 0; i < 5; i++) {
      store.appendMessage(id, {
        role: i % 2 === 0 ? 'user' : 'assistant',
        content: textContent(`m${i}`),
        model: 'claude-x',
        usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
      });
    }
    const first = store.listMessageContent(id, -1, 3);
    expect(first).toEqual({
      messages: [
        { ordinal: 0, role: 'user', content: textContent('m0') },
        { ordinal: 1, role: 'assistant', content: textContent('m1') },
        { ordinal: 2, role: 'user', content: textContent('m2') },
      ],
      hasMore: true,
    });
    const rest = store.listMessageContent(id, 2, 3);
    expect(rest.messages.map((m) => m.ordinal)).toEqual([3, 4]);
    expect(rest.hasMore).toBe(false);
    expect(store.listMessageContent(id, 4, 3)).toEqual({ messages: [], hasMore: false });
  });
});
