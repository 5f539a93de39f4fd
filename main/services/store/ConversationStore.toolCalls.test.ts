import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import type { ConversationStore } from './ConversationStore';
import { TempStoreDir } from './testing/TempStoreDir';

describe('ConversationStore tool calls and approvals', () => {
  let temp: TempStoreDir;
  let store: ConversationStore;
  let clock: number;
  let messageId: string;
  let conversationId: string;

  beforeEach(() => {
    temp = new TempStoreDir();
    clock = 10_000;
    store = temp.open({ now: () => clock });
    conversationId = store.createConversation().id;
    messageId = store.appendMessage(conversationId, {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'files__read', input: { path: 'a' } }],
    }).id;
  });
  afterEach(() => temp.cleanup());

  function record(id = 'toolu_1'): void {
    store.recordToolCall({
      id,
      messageId,
      server: 'files',
      toolName: 'read',
      modelName: 'files__read',
      arguments: { path: 'a' },
    });
  }

  it('goes pending → running → done with timings, sizes and both results', () => {
    record();
    expect(store.getToolCall('toolu_1')).toMatchObject({
      status: 'pending',
      conversationId,
      server: 'files',
      toolName: 'read',
      modelName: 'files__read',
      arguments: { path: 'a' },
      startedAt: null,
      resultBytes: null,
      result: null,
      approval: null,
    });
    clock = 10_100;
    expect(store.startToolCall('toolu_1')).toMatchObject({ status: 'running', startedAt: 10_100 });
    expect(() => store.startToolCall('toolu_1')).toThrow(
      expect.objectContaining({ code: AppErrorCode.Validation }),
    );
    clock = 10_350;
    const full = {
      content: [{ type: 'text', text: 'x'.repeat(10_000) }],
      structuredContent: { n: 1 },
    };
    const given = [{ type: 'text', text: `${'x'.repeat(100)}… (truncated)` }];
    const done = store.finishToolCall('toolu_1', {
      status: 'done',
      result: full,
      modelResult: given,
    });
    expect(done).toMatchObject({
      status: 'done',
      isError: false,
      endedAt: 10_350,
      durationMs: 250,
      resultBytes: JSON.stringify(full).length,
    });
    // Lists carry no bodies; the detail has the full result and what the model got.
    expect(done).not.toHaveProperty('result');
    expect(store.getToolCall('toolu_1')).toMatchObject({ result: full, modelResult: given });
    expect(store.listMessages(conversationId).toolCalls.map((c) => c.id)).toEqual(['toolu_1']);
  });

  it('records failures, denials and cancellations', () => {
    record('toolu_1');
    record('toolu_2');
    record('toolu_3');
    store.startToolCall('toolu_1');
    expect(
      store.finishToolCall('toolu_1', {
        status: 'failed',
        isError: true,
        error: { code: 'MCP_TIMEOUT', message: 'no answer in 60 s' },
        modelResult: 'Tool timed out',
      }),
    ).toMatchObject({ status: 'failed', isError: true, error: { code: 'MCP_TIMEOUT' } });
    expect(
      store.finishToolCall('toolu_2', { status: 'denied', modelResult: 'Denied: no' }),
    ).toMatchObject({ status: 'denied', durationMs: null });
    expect(store.finishToolCall('toolu_3', { status: 'cancelled' }).status).toBe('cancelled');
    expect(() => store.finishToolCall('nope', { status: 'done' })).toThrow(
      expect.objectContaining({ code: AppErrorCode.NotFound }),
    );
    expect(() =>
      store.recordToolCall({
        id: 'toolu_x',
        messageId: 'missing',
        server: 's',
        toolName: 't',
        modelName: 's__t',
        arguments: {},
      }),
    ).toThrow(expect.objectContaining({ code: AppErrorCode.NotFound }));
  });

  it('keeps every approval decision and shows the newest on the call', () => {
    record();
    clock = 11_000;
    store.recordApproval({
      toolCallId: 'toolu_1',
      decision: 'deny',
      scope: 'once',
      reason: 'not that file',
      decidedBy: 'person',
    });
    clock = 12_000;
    const allow = store.recordApproval({
      toolCallId: 'toolu_1',
      decision: 'allow',
      scope: 'always',
      decidedBy: 'grant',
    });
    expect(allow).toMatchObject({ decision: 'allow', grantId: null, decidedAt: 12_000 });
    expect(store.listApprovals('toolu_1').map((a) => [a.decision, a.reason])).toEqual([
      ['deny', 'not that file'],
      ['allow', null],
    ]);
    expect(store.getToolCall('toolu_1')?.approval).toEqual(allow);
    expect(store.listMessages(conversationId).toolCalls[0]?.approval).toEqual(allow);

    expect(store.listApprovals('toolu_1')[1]).toMatchObject({ decidedBy: 'grant', grantId: null });
    expect(() =>
      store.recordApproval({
        toolCallId: 'nope',
        decision: 'allow',
        scope: 'policy',
        decidedBy: 'policy',
      }),
    ).toThrow(expect.objectContaining({ code: AppErrorCode.NotFound }));
  });
});
