import { describe, expect, it } from 'vitest';
import { approvalRequest, recordedTurn, until } from '../testing/chatFixtures';
import { approvalRequested, approvalResolved, canonicalJson } from './approvalLinks';
import { chatOpened, messageSent, type ChatModel } from './chatModel';
import { turnEventArrived } from './turnReducer';

const turn = recordedTurn('oneToolCall');
const started: ChatModel = until(turn, (e) => e.type === 'toolUseStarted').reduce(
  turnEventArrived,
  messageSent(chatOpened('c1'), 'hello', 1),
);
const card = (model: ChatModel) => Object.values(model.toolCalls)[0];

describe('approval links', () => {
  it('compares arguments whatever their key order', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(
      canonicalJson({ a: [{ x: 1, y: 2 }], b: 1 }),
    );
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });

  it('puts the matching card on hold, then runs it once allowed', () => {
    const waiting = approvalRequested(started, approvalRequest('r1'));
    expect(card(waiting)).toMatchObject({ status: 'awaiting-approval', requestId: 'r1' });
    const allowed = approvalResolved(waiting, 'r1', {
      kind: 'allowed',
      decidedBy: 'person',
      scope: 'once',
      reason: 'Allowed once',
    });
    expect(card(allowed)?.status).toBe('running');
  });

  it('keeps a denial, with its reason, when the error result follows', () => {
    const waiting = approvalRequested(started, approvalRequest('r1'));
    const denied = approvalResolved(waiting, 'r1', {
      kind: 'denied',
      decidedBy: 'person',
      reason: 'Not on my machine',
    });
    expect(card(denied)?.status).toBe('denied');
    const result = turn.slice(turn.findIndex((p) => p.event.type === 'toolResult')).slice(0, 1);
    const after = result
      .map((p) =>
        p.event.type === 'toolResult'
          ? { ...p, event: { ...p.event, status: 'error' as const } }
          : p,
      )
      .reduce(turnEventArrived, denied);
    expect(card(after)?.status).toBe('denied');
    expect(card(after)?.approval).toMatchObject({ kind: 'denied', reason: 'Not on my machine' });
  });

  it('shows a withdrawn request as cancelled', () => {
    const waiting = approvalRequested(started, approvalRequest('r1'));
    const withdrawn = approvalResolved(waiting, 'r1', {
      kind: 'denied',
      decidedBy: 'person',
      reason: 'Turn stopped',
      cancelled: true,
    });
    expect(card(withdrawn)?.status).toBe('cancelled');
  });

  it('links each request to its own call by toolUseId when the same call is made twice', () => {
    const startedPayload = turn.find((p) => p.event.type === 'toolUseStarted');
    if (startedPayload?.event.type !== 'toolUseStarted') throw new Error('no toolUseStarted');
    const firstId = startedPayload.event.toolUseId;
    // The same tool with the same arguments again, started later (the guess would pick it).
    const twice = turnEventArrived(started, {
      ...startedPayload,
      event: {
        ...startedPayload.event,
        seq: startedPayload.event.seq + 1,
        at: startedPayload.event.at + 10,
        toolUseId: 'toolu_second',
      },
    });
    expect(Object.keys(twice.toolCalls)).toEqual([firstId, 'toolu_second']);

    const firstWaits = approvalRequested(twice, approvalRequest('r1', { toolUseId: firstId }));
    expect(firstWaits.toolCalls[firstId]).toMatchObject({
      status: 'awaiting-approval',
      requestId: 'r1',
    });
    expect(firstWaits.toolCalls.toolu_second?.requestId).toBeUndefined();

    const both = approvalRequested(
      firstWaits,
      approvalRequest('r2', { toolUseId: 'toolu_second' }),
    );
    expect(both.toolCalls.toolu_second).toMatchObject({
      status: 'awaiting-approval',
      requestId: 'r2',
    });
    const firstCancelled = approvalResolved(both, 'r1', {
      kind: 'denied',
      decidedBy: 'person',
      reason: 'The person cancelled this tool call.',
      cancelled: true,
    });
    expect(firstCancelled.toolCalls[firstId]?.status).toBe('cancelled');
    expect(firstCancelled.toolCalls.toolu_second?.status).toBe('awaiting-approval');

    // A named call this window does not show is left alone, not guessed at.
    const unknown = approvalRequest('r3', { toolUseId: 'toolu_elsewhere' });
    expect(approvalRequested(twice, unknown)).toBe(twice);
  });

  it('leaves cards alone for other conversations, other tools and other arguments', () => {
    for (const request of [
      approvalRequest('r1', { conversationId: 'c2' }),
      approvalRequest('r1', { modelName: 'other' }),
      approvalRequest('r1', { arguments: { text: 'bye' } }),
    ]) {
      expect(approvalRequested(started, request)).toBe(started);
    }
  });
});
