import { describe, expect, it } from 'vitest';
import type { ConversationEvent } from '../../../shared/domain/conversationEvents';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { ExecuteTool } from './ExecuteTool';
import { runTurn, type RunTurnOptions } from './runTurn';
import { ScriptedModel, scriptedMessage, type ScriptedResponse } from './testing/ScriptedModel';
import { FAST_RETRY, TEST_TOOLS, simpleExecutor } from './testing/turnHarness';

async function run(responses: ScriptedResponse[], overrides: Partial<RunTurnOptions> = {}) {
  const client = new ScriptedModel(responses);
  const events: ConversationEvent[] = [];
  const result = await runTurn({
    conversationId: 'c',
    turnId: 't',
    client,
    model: 'scripted',
    messages: [{ role: 'user', content: 'go' }],
    tools: TEST_TOOLS,
    executeTool: simpleExecutor,
    retryPolicy: FAST_RETRY,
    ...overrides,
    onEvent: (event) => {
      events.push(event);
      overrides.onEvent?.(event);
    },
  });
  return { result, events, client };
}

describe('runTurn with a scripted model', () => {
  it('stops promptly even when the client ignores the abort signal', async () => {
    const controller = new AbortController();
    const head = scriptedMessage([{ type: 'text', text: 'partial' }]).slice(0, 3);
    setTimeout(() => controller.abort(), 50);
    const { result } = await run([{ events: head, hang: true }], { signal: controller.signal });

    expect(result.stop).toEqual({ reason: 'stopped' });
    expect(result.messages).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'partial' }] },
    ]);
  });

  it('ends a silent client with the watchdog and does not retry a stall', async () => {
    const { result, client } = await run([{ events: [], hang: true }], { idleTimeoutMs: 100 });
    expect(result.stop).toMatchObject({
      reason: 'failed',
      error: { code: AppErrorCode.LlmStalled },
    });
    expect(client.requests).toHaveLength(1);
  });

  it('retries a response that ended early before any content', async () => {
    const startOnly = scriptedMessage([{ type: 'text', text: 'x' }]).slice(0, 1);
    const { result, events } = await run([
      { events: startOnly },
      { events: scriptedMessage([{ type: 'text', text: 'whole' }]) },
    ]);
    expect(events.filter((e) => e.type === 'retrying')).toMatchObject([
      { reason: { code: AppErrorCode.LlmNetwork } },
    ]);
    expect(result.messages).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'whole' }] },
    ]);
  });

  it('answers unknown tools and unreadable input without calling the executor', async () => {
    let calls = 0;
    const executeTool: ExecuteTool = () => {
      calls++;
      return Promise.resolve({ content: [] });
    };
    const { result, client } = await run(
      [
        {
          events: scriptedMessage([
            { type: 'tool_use', id: 'toolu_a', name: 'nope', json: '{}' },
            { type: 'tool_use', id: 'toolu_b', name: 'echo', json: '{"text": ' },
          ]),
        },
        { events: scriptedMessage([{ type: 'text', text: 'sorry' }]) },
      ],
      { executeTool },
    );

    expect(calls).toBe(0);
    expect(result.messages[0]?.content).toEqual([
      { type: 'tool_use', id: 'toolu_a', name: 'nope', input: {} },
      { type: 'tool_use', id: 'toolu_b', name: 'echo', input: {} },
    ]);
    const results = JSON.stringify(result.messages[1]);
    expect(results).toContain('Unknown tool \\"nope\\"');
    expect(results).toContain('not valid JSON');
    expect(client.requests[1]?.messages).toHaveLength(3);
  });

  it('drops tool calls from a response that did not stop for tools', async () => {
    const { result } = await run([
      {
        events: scriptedMessage(
          [
            { type: 'text', text: 'I ran out of' },
            { type: 'tool_use', id: 'toolu_x', name: 'echo', json: '{"text":"a"}' },
          ],
          'max_tokens',
        ),
      },
    ]);
    expect(result.stop).toEqual({ reason: 'end_turn', modelStopReason: 'max_tokens' });
    expect(result.messages).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'I ran out of' }] },
    ]);
  });

  it('survives a listener that throws', async () => {
    const { result } = await run([{ events: scriptedMessage([{ type: 'text', text: 'fine' }]) }], {
      onEvent: () => {
        throw new Error('listener bug');
      },
    });
    expect(result.stop.reason).toBe('end_turn');
  });

  it('stops waiting for an executor that ignores the abort', async () => {
    const controller = new AbortController();
    const { result, events } = await run(
      [
        {
          events: scriptedMessage([{ type: 'tool_use', id: 'toolu_s', name: 'slow', json: '{}' }]),
        },
      ],
      {
        signal: controller.signal,
        executeTool: () => {
          setTimeout(() => controller.abort(), 20);
          return new Promise(() => undefined);
        },
      },
    );
    expect(result.stop).toEqual({ reason: 'stopped' });
    expect(events.find((e) => e.type === 'toolResult')).toMatchObject({ status: 'cancelled' });
  });

  it('stops during a retry delay', async () => {
    const controller = new AbortController();
    const overloaded = new AppError(AppErrorCode.LlmOverloaded, 'overloaded');
    const started = Date.now();
    const { result, events } = await run([{ events: [], error: overloaded }], {
      signal: controller.signal,
      retryPolicy: { ...FAST_RETRY, baseDelayMs: 10_000, maxDelayMs: 10_000 },
      onEvent: (event) => {
        if (event.type === 'retrying') setTimeout(() => controller.abort(), 20);
      },
    });
    expect(events.filter((e) => e.type === 'retrying')).toMatchObject([{ delayMs: 10_000 }]);
    expect(result.stop).toEqual({ reason: 'stopped' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
