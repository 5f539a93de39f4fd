import { describe, expect, it } from 'vitest';
import type { FakeAnthropic } from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import {
  oneToolCall,
  twoParallelToolCalls,
} from '../../../e2e/fixtures/fakeAnthropic/scenarios.mjs';
import type { ConversationEvent } from '../../../shared/domain/conversationEvents';
import { useConversationHost } from './testing/useConversationHost';
import { PERSON_CANCELLED_TEXT } from './ToolCallCancels';

const fixture = useConversationHost();
const start = fixture.start;

function streamed(): ConversationEvent[] {
  return fixture
    .events()
    .filter((e) => e.name === 'conversation.streamed')
    .map((e) => (e.payload as { event: ConversationEvent }).event);
}

function lastToolResults(fakeApi: FakeAnthropic): string {
  const body = fakeApi.messageRequests.at(-1)?.body as { messages: { content: unknown }[] };
  return JSON.stringify(body.messages.at(-1)?.content);
}

describe('cancelling one tool call of a chat turn', () => {
  it('cancels the slow call on the server; the other call finishes and the turn goes on', async () => {
    const host = await start({ headless: { policy: 'all' } });
    fixture.fake.script(
      ...twoParallelToolCalls({
        calls: [
          { name: 'echo__slow', input: { steps: 300, delayMs: 100 } },
          { name: 'echo__echo', input: { text: 'the other call' } },
        ],
      }),
    );
    const { id } = host.conversations.create();
    host.conversations.send(id, 'two things please');
    // Cancel once the slow call is really running on the server (it reported progress).
    await expect
      .poll(() => streamed().some((e) => e.type === 'toolProgress'), { timeout: 10_000 })
      .toBe(true);
    const slow = streamed().find(
      (e): e is Extract<ConversationEvent, { type: 'toolUseStarted' }> =>
        e.type === 'toolUseStarted' && e.modelName === 'echo__slow',
    );
    const cancelledAt = Date.now();
    host.conversations.cancelToolCall(id, slow?.toolUseId ?? '');

    const result = await host.conversations.settled(id);
    expect(result?.stop.reason).toBe('end_turn');
    // Far sooner than the 30 s the slow call would have taken.
    expect(Date.now() - cancelledAt).toBeLessThan(5_000);
    expect(lastToolResults(fixture.fake)).toContain(PERSON_CANCELLED_TEXT);
    expect(lastToolResults(fixture.fake)).toContain('the other call');

    const stored = host.conversations.get(id);
    expect(stored.toolCalls.map((c) => [c.tool, c.status])).toEqual(
      expect.arrayContaining([
        ['slow', 'cancelled'],
        ['echo', 'done'],
      ]),
    );
    expect(JSON.stringify(stored.messages.at(-1)?.content)).toContain(
      `Both tools answered: ${PERSON_CANCELLED_TEXT}; the other call`,
    );

    // The server was told: notifications/cancelled for the slow call's request.
    const traffic = host.mcp.supervisor('echo').trafficSince();
    const call = traffic.find(
      (t) => t.direction === 'out' && t.method === 'tools/call' && t.preview.includes('"slow"'),
    );
    expect(call?.id).toBeDefined();
    const notice = traffic.find(
      (t) => t.direction === 'out' && t.method === 'notifications/cancelled',
    );
    expect(notice).toBeDefined();
    expect(JSON.parse(notice?.preview ?? '{}')).toMatchObject({
      params: { requestId: call?.id },
    });
    // …and the server is still there for the next call.
    expect(host.mcp.supervisor('echo').status.kind).toBe('ready');
  }, 30_000);

  it('a call waiting for approval is withdrawn; the dialog is told and the turn goes on', async () => {
    const host = await start();
    fixture.fake.script(...oneToolCall({ name: 'echo__echo', input: { text: 'never run' } }));
    const { id } = host.conversations.create();
    host.conversations.send(id, 'echo please');
    await expect.poll(() => host.broker.pending().length).toBe(1);
    const [request] = host.broker.pending();
    const started = streamed().find((e) => e.type === 'toolUseStarted');
    // The request names the exact call, so windows need not guess by name and arguments.
    expect(request?.toolUseId).toBeDefined();
    expect(request?.toolUseId).toBe(started?.type === 'toolUseStarted' && started.toolUseId);

    host.conversations.cancelToolCall(id, request?.toolUseId ?? '');
    const result = await host.conversations.settled(id);
    expect(result?.stop.reason).toBe('end_turn');
    expect(host.broker.pending()).toEqual([]);
    expect(fixture.events().find((e) => e.name === 'approvals.resolved')?.payload).toMatchObject({
      requestId: request?.id,
      outcome: { kind: 'denied', cancelled: true, reason: PERSON_CANCELLED_TEXT },
    });
    expect(lastToolResults(fixture.fake)).toContain(PERSON_CANCELLED_TEXT);
    const stored = host.conversations.get(id);
    expect(stored.toolCalls[0]?.status).toBe('cancelled');
    // Nothing reached the server.
    const calls = host.mcp
      .supervisor('echo')
      .trafficSince()
      .filter((t) => t.method === 'tools/call');
    expect(calls).toEqual([]);
  });

  it('a cancel after the turn ended does nothing', async () => {
    const host = await start({ headless: { policy: 'all' } });
    fixture.fake.script(...oneToolCall({ name: 'echo__echo', input: { text: 'fine' } }));
    const { id } = host.conversations.create();
    host.conversations.send(id, 'echo please');
    await host.conversations.settled(id);
    const toolUseId = host.conversations.get(id).toolCalls[0]?.toolUseId ?? '';
    expect(() => host.conversations.cancelToolCall(id, toolUseId)).not.toThrow();
    expect(host.conversations.get(id).toolCalls[0]?.status).toBe('done');
  });
});
