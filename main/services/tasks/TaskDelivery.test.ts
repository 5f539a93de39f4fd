import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/Logger';
import type { ConversationStore } from '../store/ConversationStore';
import type { StoredContentBlock } from '../store/MessageRecord';
import { TempStoreDir } from '../store/testing/TempStoreDir';
import { TaskDelivery } from './TaskDelivery';

describe('TaskDelivery', () => {
  let temp: TempStoreDir;
  let store: ConversationStore;
  let conversationId: string;
  const continued: StoredContentBlock[][] = [];
  const delivered: string[] = [];

  beforeEach(() => {
    temp = new TempStoreDir();
    store = temp.open();
    continued.length = 0;
    delivered.length = 0;
    conversationId = store.createConversation().id;
    store.appendMessage(conversationId, { role: 'user', content: [{ type: 'text', text: 'go' }] });
    const messageId = store.appendMessage(conversationId, {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Starting it.' },
        { type: 'tool_use', id: 'toolu_t', name: 'jobs__research', input: { topic: 'x' } },
      ],
    }).id;
    store.recordToolCall({
      id: 'toolu_t',
      messageId,
      server: 'jobs',
      toolName: 'research',
      modelName: 'jobs__research',
      arguments: { topic: 'x' },
      status: 'running',
    });
    store.tasks.insert({
      id: 'task-1',
      server: 'jobs',
      taskId: 's-1',
      generation: 'v2',
      reference: {},
      toolName: 'research',
      arguments: { topic: 'x' },
      origin: 'chat',
      conversationId,
      toolCallId: 'toolu_t',
      status: 'working',
      pollIntervalMs: null,
      ttlMs: null,
      delivery: 'pending',
    });
  });
  afterEach(() => temp.cleanup());

  const delivery = (): TaskDelivery =>
    new TaskDelivery({
      store,
      conversations: {
        settled: () => Promise.resolve(undefined),
        continueWith: (_id, content) => {
          continued.push(content);
          return { turnId: 't' };
        },
      },
      delivered: (id) => delivered.push(id),
      log: createLogger({ consoleLevel: 'silent' }),
    });

  it('a turn cut off by a kill continues where it was: the result is the tool_use’s tool_result', async () => {
    const record = store.tasks.update('task-1', {
      status: 'completed',
      result: { content: [{ type: 'text', text: 'the report' }] },
    });
    const d = delivery();
    d.deliver(record);
    await d.idle();
    expect(continued).toEqual([
      [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_t',
          content: [{ type: 'text', text: 'the report' }],
        },
      ],
    ]);
    expect(delivered).toEqual(['task-1']);
    expect(store.getToolCall('toolu_t')).toMatchObject({
      status: 'done',
      result: { content: [{ type: 'text', text: 'the report' }] },
    });
  });

  it('a failed task is delivered as an error result the model reads', async () => {
    const record = store.tasks.update('task-1', { status: 'failed', error: 'disk full' });
    const d = delivery();
    d.deliver(record);
    await d.idle();
    expect(continued[0]).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_t',
        content: [{ type: 'text', text: 'The task failed: disk full' }],
        is_error: true,
      },
    ]);
    expect(store.getToolCall('toolu_t')?.status).toBe('failed');
  });
});
