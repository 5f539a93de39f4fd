import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationStore } from './ConversationStore';
import type { NewTaskRecord } from './TaskRecord';
import { TempStoreDir } from './testing/TempStoreDir';

describe('ConversationStore tasks', () => {
  let temp: TempStoreDir;
  let store: ConversationStore;
  let clock: number;
  let conversationId: string;

  beforeEach(() => {
    temp = new TempStoreDir();
    clock = 1_000;
    store = temp.open({ now: () => clock });
    conversationId = store.createConversation().id;
    const messageId = store.appendMessage(conversationId, {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'jobs__research', input: {} }],
    }).id;
    store.recordToolCall({
      id: 'toolu_1',
      messageId,
      server: 'jobs',
      toolName: 'research',
      modelName: 'jobs__research',
      arguments: { topic: 'tides' },
      status: 'running',
    });
  });
  afterEach(() => temp.cleanup());

  const task = (patch: Partial<NewTaskRecord> = {}): NewTaskRecord => ({
    id: 'task-1',
    server: 'jobs',
    taskId: 'srv-1',
    generation: 'v2',
    reference: {
      endpointId: 'e',
      generation: 'v2',
      taskId: 'srv-1',
      originalOperation: 'tools/call',
    },
    toolName: 'research',
    arguments: { topic: 'tides' },
    origin: 'chat',
    conversationId,
    toolCallId: 'toolu_1',
    status: 'working',
    pollIntervalMs: 250,
    ttlMs: 60_000,
    delivery: 'turn',
    ...patch,
  });

  it('stores a task and follows its changes; ended_at is set once, when it ends', () => {
    store.tasks.insert(task());
    clock = 2_000;
    expect(
      store.tasks.update('task-1', { status: 'input_required', statusMessage: 'Which?' }),
    ).toMatchObject({
      status: 'input_required',
      statusMessage: 'Which?',
      pollIntervalMs: 250,
      updatedAt: 2_000,
      endedAt: null,
    });
    clock = 3_000;
    const done = store.tasks.update('task-1', {
      status: 'completed',
      result: { content: [{ type: 'text', text: 'report' }] },
      delivery: 'pending',
    });
    expect(done).toMatchObject({ status: 'completed', statusMessage: 'Which?', endedAt: 3_000 });
    clock = 4_000;
    expect(store.tasks.update('task-1', { delivery: 'delivered' }).endedAt).toBe(3_000);
    expect(store.tasks.find('jobs', 'srv-1')?.result).toEqual({
      content: [{ type: 'text', text: 'report' }],
    });
  });

  it('lists the active, the undelivered and the recent ones', () => {
    store.tasks.insert(task());
    store.tasks.insert(
      task({ id: 'task-2', taskId: 'srv-2', toolCallId: null, origin: 'cli', delivery: 'none' }),
    );
    clock = 5_000;
    store.tasks.update('task-2', { status: 'failed', error: 'boom' });
    expect(store.tasks.active().map((t) => t.id)).toEqual(['task-1']);
    expect(store.tasks.undelivered()).toEqual([]);
    clock = 6_000;
    store.tasks.update('task-1', { status: 'completed', delivery: 'pending' });
    expect(store.tasks.undelivered().map((t) => t.id)).toEqual(['task-1']);
    expect(store.tasks.recent().map((t) => t.id)).toEqual(['task-1', 'task-2']);
  });

  it('an unclean exit keeps the tool call of a live task running (it is followed again)', () => {
    store.tasks.insert(task());
    store.close();
    const reopened = temp.open();
    expect(reopened.recovery.cancelledToolCalls).toEqual([]);
    expect(reopened.getToolCall('toolu_1')?.status).toBe('running');
    reopened.tasks.update('task-1', { status: 'expired' });
    reopened.close();
    expect(temp.open().recovery.cancelledToolCalls).toEqual(['toolu_1']);
  });

  it('a second process can open the store without repairing the first one’s live turn', () => {
    store.beginAssistantMessage(conversationId, {});
    const second = temp.open({ recover: false });
    expect(second.recovery).toEqual({ interruptedMessages: [], cancelledToolCalls: [] });
    expect(second.getToolCall('toolu_1')?.status).toBe('running');
  });

  it('at start, what a dead turn waited for is to be delivered into the conversation', () => {
    store.tasks.insert(task());
    store.tasks.insert(task({ id: 'task-2', taskId: 'srv-2', toolCallId: null, delivery: 'none' }));
    expect(store.tasks.releaseTurns().map((t) => t.id)).toEqual(['task-1']);
    expect(store.tasks.get('task-1')?.delivery).toBe('pending');
    expect(store.tasks.get('task-2')?.delivery).toBe('none');
  });

  it('deleting the conversation keeps the task listed, with nowhere to deliver to', () => {
    store.tasks.insert(task());
    store.deleteConversation(conversationId);
    expect(store.tasks.get('task-1')).toMatchObject({ conversationId: null, toolCallId: null });
  });
});
