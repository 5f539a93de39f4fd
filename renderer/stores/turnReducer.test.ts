import { describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../shared/errors';
import {
  assistantMessage,
  recordedTurn,
  until,
  userMessage,
  type RecordingName,
} from '../testing/chatFixtures';
import { chatOpened, messageSent, pageOpened, type ChatModel } from './chatModel';
import { chatRows, type ChatRow } from './chatRows';
import { turnEventArrived, type StreamedPayload } from './turnReducer';

const fold = (model: ChatModel, payloads: StreamedPayload[]): ChatModel =>
  payloads.reduce(turnEventArrived, model);

/** The open conversation with the person's message just sent. */
const sent = (text = 'hello'): ChatModel => messageSent(chatOpened('c1'), text, 1);

const play = (name: RecordingName, model = sent()): ChatModel => fold(model, recordedTurn(name));

const text = (row: ChatRow | undefined): string =>
  row?.kind === 'message'
    ? row.message.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('')
    : `<${row?.footer.kind ?? 'none'}>`;

describe('turnReducer: recorded turns', () => {
  it('streams a plain answer into one reply, then ends the turn', () => {
    const turn = recordedTurn('plainText');
    const before = fold(
      sent(),
      until(turn, (e) => e.type === 'requestStarted'),
    );
    expect(chatRows(before).map(text)).toEqual(['hello', '<thinking>']);

    const midway = fold(
      sent(),
      until(turn, (e) => e.type === 'textDelta'),
    );
    const rows = chatRows(midway);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.kind === 'message' && rows[1].message.status).toBe('streaming');
    expect(text(rows[1]).length).toBeGreaterThan(0);

    const done = play('plainText');
    const final = chatRows(done);
    expect(final.map((r) => r.kind)).toEqual(['message', 'message']);
    expect(text(final[1])).toContain('| a | b |');
    const reply = final[1]?.kind === 'message' ? final[1].message : undefined;
    expect(reply?.status).toBe('complete');
    expect(reply?.usage?.outputTokens).toBeGreaterThan(0);
    expect(final[1]?.kind === 'message' && final[1].lastReply).toBe(true);
    expect(done.live?.stop).toEqual({ reason: 'end_turn', modelStopReason: 'end_turn' });
    expect(done.outgoing).toBeNull();
  });

  it('builds a tool call card from start to result, and hides the tool-result carrier', () => {
    const turn = recordedTurn('oneToolCall');
    const started = fold(
      sent(),
      until(turn, (e) => e.type === 'toolUseStarted'),
    );
    const [card] = Object.values(started.toolCalls);
    expect(card).toMatchObject({
      server: 'echo-server',
      tool: 'echo',
      modelName: 'echo',
      arguments: { text: 'hello' },
      status: 'running',
    });
    // The reply with the tool_use is there; nothing else is awaited from the model yet.
    expect(chatRows(started).map(text)).toEqual(['hello', 'Let me call the tool.[tool_use]']);

    const done = play('oneToolCall');
    const finished = Object.values(done.toolCalls)[0];
    expect(finished?.status).toBe('done');
    expect(finished?.outcome?.content).toEqual([{ type: 'text', text: 'hello' }]);
    // As recorded from the real loop (recordedTurns/oneToolCall).
    expect(finished?.durationMs).toBe(5);
    expect(chatRows(done).map(text)).toEqual([
      'hello',
      'Let me call the tool.[tool_use]',
      'The tool said: hello',
    ]);
  });

  it('marks a tool that reported an error as failed', () => {
    const done = play('toolError');
    expect(Object.values(done.toolCalls).map((c) => c.status)).toEqual(['failed']);
  });

  it('shows a retry notice until the next attempt starts', () => {
    const turn = recordedTurn('rateLimited');
    const waiting = fold(
      sent(),
      until(turn, (e) => e.type === 'retrying'),
    );
    const footer = chatRows(waiting).at(-1);
    expect(footer?.kind === 'footer' && footer.footer).toMatchObject({
      kind: 'retrying',
      notice: { attempt: 2, delayMs: 1000, reason: { code: 'LLM_RATE_LIMITED' } },
    });
    const retried = fold(
      sent(),
      until(turn, (e) => e.type === 'requestStarted' && e.attempt === 2),
    );
    expect(chatRows(retried).at(-1)?.kind === 'footer' && chatRows(retried).at(-1)).toMatchObject({
      footer: { kind: 'thinking' },
    });
    expect(chatRows(play('rateLimited')).map(text)).toEqual(['hello', 'Sorry for the wait.']);
  });

  it('keeps the partial text of a failed turn, with the error on the reply', () => {
    const done = play('overloadMidStream');
    const rows = chatRows(done);
    expect(rows.map(text)).toEqual(['hello', 'This answer will']);
    const reply = rows[1]?.kind === 'message' ? rows[1].message : undefined;
    expect(reply?.status).toBe('failed');
    expect(reply?.error?.code).toBe('LLM_OVERLOADED');
    expect(done.lastStop?.stop.reason).toBe('failed');
  });

  it('follows progress, then shows the cancelled call and the stopped turn', () => {
    const turn = recordedTurn('stoppedDuringTool');
    const progress = fold(
      sent(),
      until(turn, (e) => e.type === 'toolProgress' && e.progress === 2),
    );
    expect(Object.values(progress.toolCalls)[0]?.progress).toEqual({
      progress: 2,
      total: 4,
      message: 'step 2',
    });
    const done = play('stoppedDuringTool');
    expect(Object.values(done.toolCalls)[0]?.status).toBe('cancelled');
    expect(done.live?.stop).toEqual({ reason: 'stopped' });
    expect(chatRows(done).at(-1)?.kind).toBe('message');
  });

  it('ignores repeated events and events of other conversations', () => {
    const once = play('oneToolCall');
    expect(fold(once, recordedTurn('oneToolCall'))).toEqual(once);
    const other = fold(sent(), recordedTurn('plainText', 'c2'));
    // Still waiting for its own turn: the other conversation's reply did not land here.
    expect(chatRows(other).map(text)).toEqual(['hello', '<thinking>']);
  });

  it('says why a turn failed before any text arrived', () => {
    const base = { conversationId: 'c1', turnId: 't9', at: 1 };
    const done = fold(sent(), [
      { event: { ...base, seq: 0, type: 'turnStarted', model: 'm', maxSteps: 25 } },
      { event: { ...base, seq: 1, type: 'requestStarted', step: 1, attempt: 1 } },
      {
        event: {
          ...base,
          seq: 2,
          type: 'turnFinished',
          steps: 1,
          stop: {
            reason: 'failed',
            error: { code: AppErrorCode.LlmAuth, message: 'invalid x-api-key' },
          },
          usage: {
            inputTokens: 0,
            outputTokens: 0,
            cacheCreationInputTokens: 0,
            cacheReadInputTokens: 0,
          },
        },
      },
    ] as StreamedPayload[]);
    expect(chatRows(done).at(-1)).toMatchObject({
      kind: 'footer',
      footer: { kind: 'failed', error: { code: 'LLM_AUTH' } },
    });
  });

  it('continues a reply that was streaming when the conversation was opened', () => {
    const opened = pageOpened(chatOpened('c1'), {
      conversation: { id: 'c1', title: 'x', createdAt: 1, updatedAt: 1, running: true },
      messages: [userMessage(0, 'hello'), assistantMessage(1, 'Here is ', { status: 'streaming' })],
      toolCalls: [],
      hasMore: false,
    });
    const base = { conversationId: 'c1', turnId: 'tx', at: 1 };
    const next = fold(opened, [
      { event: { ...base, seq: 7, type: 'textDelta', step: 1, blockIndex: 0, text: 'more.' } },
    ] as StreamedPayload[]);
    expect(chatRows(next).map(text)).toEqual(['hello', 'Here is more.']);
    const reply = fold(next, [
      {
        event: {
          ...base,
          seq: 8,
          type: 'messageAdded',
          step: 1,
          partial: false,
          message: { role: 'assistant', content: 'Here is more.' },
        },
      },
    ] as StreamedPayload[]);
    expect(chatRows(reply).map(text)).toEqual(['hello', 'Here is more.']);
  });
});

describe('turnReducer: a tool call being written', () => {
  const at = 1000;
  const event = (seq: number, e: Record<string, unknown>): StreamedPayload =>
    ({
      event: { conversationId: 'c1', turnId: 't1', seq, at, ...e },
      tool: { server: 'apps', tool: 'counter', uiResourceUri: 'ui://apps/counter.html' },
    }) as StreamedPayload;
  const delta = (seq: number, json: string) =>
    event(seq, {
      type: 'toolInputDelta',
      step: 1,
      blockIndex: 1,
      toolUseId: 'toolu_1',
      modelName: 'apps__counter',
      json,
    });

  it('shows its card (with its App) while the input streams, then the whole input', () => {
    const writing = fold(sent(), [
      event(0, { type: 'turnStarted', model: 'm', maxSteps: 5 }),
      event(1, { type: 'textDelta', step: 1, blockIndex: 0, text: 'Counting' }),
      delta(2, ''),
      delta(3, '{"label": "cli'),
    ]);
    expect(writing.live?.draft?.content.map((b) => b.type)).toEqual(['text', 'tool_use']);
    expect(writing.toolCalls.toolu_1).toMatchObject({
      server: 'apps',
      tool: 'counter',
      status: 'pending',
      uiResourceUri: 'ui://apps/counter.html',
      partialInput: '{"label": "cli',
      arguments: undefined,
    });
    const started = fold(writing, [
      event(4, {
        type: 'toolUseStarted',
        step: 1,
        toolUseId: 'toolu_1',
        modelName: 'apps__counter',
        input: { label: 'clicks' },
      }),
    ]);
    expect(started.toolCalls.toolu_1).toMatchObject({
      status: 'running',
      arguments: { label: 'clicks' },
    });
  });
});
