import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import type { Logger } from '../../platform/Logger';
import type { ConversationStore } from './ConversationStore';
import { TempStoreDir } from './testing/TempStoreDir';

describe('ConversationStore streaming', () => {
  let temp: TempStoreDir;

  beforeEach(() => {
    temp = new TempStoreDir();
  });
  afterEach(() => temp.cleanup());

  /** What another connection (or the next process) would read: only committed data. */
  function committedContent(messageId: string): unknown {
    const reader = new DatabaseSync(temp.file, { readOnly: true });
    try {
      const row = reader.prepare('SELECT content FROM messages WHERE id = ?').get(messageId);
      return row ? JSON.parse(String(row.content)) : undefined;
    } finally {
      reader.close();
    }
  }

  function begin(store: ConversationStore): { conversationId: string; messageId: string } {
    const { id } = store.createConversation();
    return { conversationId: id, messageId: store.beginAssistantMessage(id, { model: 'm' }).id };
  }

  it('buffers deltas, commits them within the flush interval, and finishes with all of them', async () => {
    const flushed: string[][] = [];
    const store = temp.open({ flushIntervalMs: 20, onFlushed: (ids) => flushed.push([...ids]) });
    const { messageId } = begin(store);
    expect(store.getMessage(messageId)?.status).toBe('streaming');

    store.appendDelta(messageId, 0, 'Hel');
    store.appendDelta(messageId, 0, 'lo');
    // Readers through the store see the newest text at once…
    expect(store.getMessage(messageId)?.content).toEqual([{ type: 'text', text: 'Hello' }]);
    // …other connections only once the batch is committed.
    expect(committedContent(messageId)).toEqual([]);
    await expect.poll(() => committedContent(messageId)).toEqual([{ type: 'text', text: 'Hello' }]);
    expect(flushed).toEqual([[messageId]]);

    store.appendDelta(messageId, 0, ', world');
    store.appendDelta(messageId, 1, 'Second block');
    const done = store.finishMessage(messageId, { status: 'complete', stopReason: 'end_turn' });
    // Finishing commits the buffered deltas with the outcome, without waiting for the timer.
    expect(done).toMatchObject({ status: 'complete', stopReason: 'end_turn' });
    expect(committedContent(messageId)).toEqual([
      { type: 'text', text: 'Hello, world' },
      { type: 'text', text: 'Second block' },
    ]);
    expect(() => store.appendDelta(messageId, 0, 'late')).toThrow(
      expect.objectContaining({ code: AppErrorCode.Validation }),
    );
  });

  it('flushes at once when the buffer grows large', () => {
    const store = temp.open({ flushIntervalMs: 10_000 });
    const { messageId } = begin(store);
    store.appendDelta(messageId, 0, 'x'.repeat(70 * 1024));
    expect(committedContent(messageId)).toEqual([{ type: 'text', text: 'x'.repeat(70 * 1024) }]);
  });

  it('streams thinking and sets whole blocks', () => {
    const store = temp.open();
    const { messageId } = begin(store);
    store.setBlock(messageId, 0, { type: 'thinking', thinking: '', signature: 'sig' });
    store.appendDelta(messageId, 0, 'Let me think');
    store.appendDelta(messageId, 1, 'Answer');
    store.setBlock(messageId, 2, {
      type: 'tool_use',
      id: 'toolu_s',
      name: 'files__read',
      input: { path: 'a' },
    });
    expect(() => store.appendDelta(messageId, 2, 'x')).toThrow(
      expect.objectContaining({ code: AppErrorCode.Validation }),
    );
    expect(() => store.appendDelta(messageId, 9, 'x')).toThrow(
      expect.objectContaining({ code: AppErrorCode.Validation }),
    );
    const done = store.finishMessage(messageId, { status: 'complete', stopReason: 'tool_use' });
    expect(done.content).toEqual([
      { type: 'thinking', thinking: 'Let me think', signature: 'sig' },
      { type: 'text', text: 'Answer' },
      { type: 'tool_use', id: 'toolu_s', name: 'files__read', input: { path: 'a' } },
    ]);
  });

  it('ends a stream as stopped or failed, and final content can replace the streamed one', () => {
    const store = temp.open();
    const { conversationId, messageId } = begin(store);
    store.appendDelta(messageId, 0, 'partial');
    expect(store.finishMessage(messageId, { status: 'stopped' })).toMatchObject({
      status: 'stopped',
      content: [{ type: 'text', text: 'partial' }],
    });
    const second = store.beginAssistantMessage(conversationId).id;
    store.appendDelta(second, 0, 'garbled');
    expect(
      store.finishMessage(second, {
        status: 'failed',
        error: { code: 'LLM_AUTH', message: 'bad key' },
        content: [{ type: 'text', text: 'clean' }],
      }),
    ).toMatchObject({
      status: 'failed',
      error: { code: 'LLM_AUTH', message: 'bad key' },
      content: [{ type: 'text', text: 'clean' }],
    });
    expect(() => store.finishMessage(second, { status: 'complete' })).toThrow(
      expect.objectContaining({ code: AppErrorCode.Validation }),
    );
  });

  it('on reopen, marks leftover streaming messages interrupted and cancels active tool calls', () => {
    const first = temp.open({ flushIntervalMs: 10_000 });
    const { conversationId, messageId } = begin(first);
    first.appendDelta(messageId, 0, 'committed');
    first.flush();
    first.appendDelta(messageId, 0, ' lost');
    const done = first.appendMessage(conversationId, {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_r', name: 'x__y', input: {} }],
    });
    first.recordToolCall({
      id: 'toolu_r',
      messageId: done.id,
      server: 'x',
      toolName: 'y',
      modelName: 'x__y',
      arguments: {},
      status: 'running',
    });
    first.recordToolCall({
      id: 'toolu_p',
      messageId: done.id,
      server: 'x',
      toolName: 'y',
      modelName: 'x__y',
      arguments: {},
    });
    // Simulate a killed process: the file is left as is, nothing is finished or closed.
    const leftover = new DatabaseSync(temp.file);
    leftover.close();

    const second = temp.open();
    expect(second.recovery.interruptedMessages).toEqual([messageId]);
    expect(second.recovery.cancelledToolCalls.sort()).toEqual(['toolu_p', 'toolu_r']);
    expect(second.getMessage(messageId)).toMatchObject({
      status: 'interrupted',
      content: [{ type: 'text', text: 'committed' }],
    });
    expect(second.getToolCall('toolu_r')).toMatchObject({
      status: 'cancelled',
      error: { code: 'CANCELLED' },
    });
    // Interrupted text is searchable.
    expect(second.search('committed')).toHaveLength(1);
    expect(second.checkIntegrity()).toEqual([]);
  });

  it('closing ends live streams as interrupted, and an interrupted message can be resumed', () => {
    const first = temp.open();
    const { messageId } = begin(first);
    first.appendDelta(messageId, 0, 'Half an ans');
    first.close();

    const second = temp.open();
    expect(second.recovery.interruptedMessages).toEqual([]);
    expect(second.getMessage(messageId)).toMatchObject({
      status: 'interrupted',
      content: [{ type: 'text', text: 'Half an ans' }],
    });
    expect(second.resumeAssistantMessage(messageId).status).toBe('streaming');
    second.appendDelta(messageId, 0, 'wer.');
    expect(second.finishMessage(messageId, { status: 'complete' }).content).toEqual([
      { type: 'text', text: 'Half an answer.' },
    ]);
    expect(() => second.resumeAssistantMessage(messageId)).toThrow(
      expect.objectContaining({ code: AppErrorCode.Validation }),
    );
  });

  it('keeps buffered text through a locked database and retries', async () => {
    const errors: string[] = [];
    const log: Logger = {
      debug: () => {},
      info: () => {},
      warn: () => {},
      error: (message) => errors.push(message),
      child: () => log,
    };
    const store = temp.open({ flushIntervalMs: 10, busyTimeoutMs: 20, log });
    const { messageId } = begin(store);
    const other = new DatabaseSync(temp.file);
    other.exec('BEGIN IMMEDIATE');
    store.appendDelta(messageId, 0, 'kept');
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    expect(() => store.finishMessage(messageId, { status: 'complete' })).toThrow(/locked|busy/iu);
    other.exec('ROLLBACK');
    other.close();
    await expect.poll(() => committedContent(messageId)).toEqual([{ type: 'text', text: 'kept' }]);
    store.appendDelta(messageId, 0, ' and finished');
    expect(store.finishMessage(messageId, { status: 'complete' }).content).toEqual([
      { type: 'text', text: 'kept and finished' },
    ]);
  });

  it('keeps appendDelta cheap: 20 000 deltas well under a second', () => {
    const store = temp.open();
    const { messageId } = begin(store);
    const started = performance.now();
    for (let i = 0; i < 20_000; i += 1) store.appendDelta(messageId, 0, 'tok ');
    const elapsed = performance.now() - started;
    store.finishMessage(messageId, { status: 'complete' });
    expect(committedContent(messageId)).toEqual([{ type: 'text', text: 'tok '.repeat(20_000) }]);
    expect(elapsed).toBeLessThan(1000);
  });
});
