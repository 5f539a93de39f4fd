import { describe, expect, it } from 'vitest';
import {
  assistantMessage,
  page,
  recordedTurn,
  toolCall,
  userMessage,
} from '../testing/chatFixtures';
import {
  chatOpened,
  editStarted,
  isRunning,
  messageSent,
  olderPageArrived,
  pageOpened,
  pageRefreshed,
  retryStarted,
  sendAccepted,
  sendFailed,
  type ChatModel,
} from './chatModel';
import { chatRows } from './chatRows';
import { turnEventArrived } from './turnReducer';

const ordinals = (model: ChatModel): number[] => model.messages.map((m) => m.ordinal);
const history = [userMessage(0, 'hi'), assistantMessage(1, 'hello'), userMessage(2, 'again')];

describe('chat model: pages', () => {
  it('opens the newest page and prepends older ones without overlap', () => {
    let model = pageOpened(chatOpened('c1'), page('c1', history.slice(1), { hasMore: true }));
    expect(ordinals(model)).toEqual([1, 2]);
    model = olderPageArrived(model, page('c1', history.slice(0, 2), { hasMore: false }));
    expect(ordinals(model)).toEqual([0, 1, 2]);
    expect(model.hasMore).toBe(false);
  });

  it('ignores pages of another conversation', () => {
    const model = chatOpened('c1');
    expect(pageOpened(model, page('c2', history))).toBe(model);
  });

  it('reads the turn back after it finished: stored ids replace local ones', () => {
    let model = pageOpened(chatOpened('c1'), page('c1', history.slice(0, 2)));
    model = messageSent(model, 'hello', 5);
    model = recordedTurn('oneToolCall').reduce(turnEventArrived, model);
    const stored = [
      ...history.slice(0, 2),
      userMessage(2, 'hello'),
      assistantMessage(3, 'Let me call the tool.'),
      assistantMessage(5, 'The tool said: hello'),
    ];
    const toolUseId = Object.keys(model.toolCalls)[0] ?? '';
    const next = pageRefreshed(
      model,
      page('c1', stored, { toolCalls: [toolCall(toolUseId, { durationMs: 99 })] }),
    );
    expect(next.live).toBeNull();
    expect(ordinals(next)).toEqual([0, 1, 2, 3, 5]);
    // Main's view of the call wins, the streamed result preview stays.
    expect(next.toolCalls[toolUseId]?.durationMs).toBe(99);
    expect(next.toolCalls[toolUseId]?.outcome).toBeDefined();
    const rows = chatRows(next);
    expect(rows.filter((r) => r.kind === 'message' && r.editable).length).toBe(2);
  });

  it('keeps the row of a reply that called a tool when the turn is read back (its App stays)', () => {
    let model = pageOpened(chatOpened('c1'), page('c1', history.slice(0, 2)));
    model = messageSent(model, 'hello', 5);
    model = recordedTurn('oneToolCall').reduce(turnEventArrived, model);
    const toolUseId = Object.keys(model.toolCalls)[0] ?? '';
    const callingRow = (m: ChatModel) =>
      chatRows(m).find(
        (r) =>
          r.kind === 'message' &&
          r.message.content.some((b) => b.type === 'tool_use' && b.id === toolUseId),
      );
    const live = callingRow(model);
    expect(live?.kind === 'message' && live.message.id).toMatch(/^live:/);
    const calling = assistantMessage(3, 'Let me call the tool.', {
      content: [
        { type: 'text', text: 'Let me call the tool.' },
        { type: 'tool_use', id: toolUseId, name: 'echo-server__echo', input: {} },
      ],
    });
    const next = pageRefreshed(
      model,
      page('c1', [...history.slice(0, 2), userMessage(2, 'hello'), calling], {
        toolCalls: [toolCall(toolUseId)],
      }),
    );
    const stored = callingRow(next);
    expect(stored?.kind === 'message' && stored.message.id).toBe('m3');
    // The same key: React keeps the row, its tool card and the App frame in it.
    expect(stored?.key).toBe(live?.key);
    const keys = chatRows(next).map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives each row its own key even when two replies name the same call', () => {
    const twice = (ordinal: number) =>
      assistantMessage(ordinal, '', {
        content: [{ type: 'tool_use', id: 'toolu_same', name: 's__t', input: {} }],
      });
    const model = pageOpened(chatOpened('c1'), page('c1', [twice(0), twice(1)]));
    expect(chatRows(model).map((r) => r.key)).toEqual(['call:toolu_same', 'm1']);
  });

  it('does not read back in the middle of another turn', () => {
    const sending = messageSent(chatOpened('c1'), 'x', 1);
    const model = sendAccepted(sending, sending.outgoing?.id ?? '', 't2');
    expect(isRunning(model)).toBe(true);
    expect(pageRefreshed(model, page('c1', history))).toBe(model);
  });
});

describe('chat model: sending, editing, retrying', () => {
  it('shows the message at once and takes it back when main refuses it', () => {
    const model = messageSent(chatOpened('c1'), 'hello', 1);
    expect(isRunning(model)).toBe(true);
    const id = model.outgoing?.id ?? '';
    expect(sendFailed(model, id).outgoing).toBeNull();
    const accepted = sendAccepted(model, id, 'turn-1');
    expect(accepted.live?.added.map((m) => m.id)).toEqual([id]);
  });

  it('edits a message: it and everything after it make way for the new text', () => {
    const model = pageOpened(chatOpened('c1'), page('c1', history));
    const edited = editStarted(model, 'm2', 'once more', 9);
    expect(ordinals(edited)).toEqual([0, 1]);
    expect(edited.outgoing?.content).toEqual([{ type: 'text', text: 'once more' }]);
    const earlier = editStarted(model, 'm0', 'hey', 9);
    expect(ordinals(earlier)).toEqual([]);
  });

  it('retries: the reply that failed makes way, a complete one stays', () => {
    const failed = pageOpened(
      chatOpened('c1'),
      page('c1', [...history, assistantMessage(3, 'par', { status: 'failed' })]),
    );
    expect(ordinals(retryStarted(failed))).toEqual([0, 1, 2]);
    const complete = pageOpened(chatOpened('c1'), page('c1', history.slice(0, 2)));
    expect(ordinals(retryStarted(complete))).toEqual([0, 1]);
  });
});
