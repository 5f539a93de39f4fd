import { describe, expect, it } from 'vitest';
import { message, text, toolUse } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import {
  oneToolCall,
  plainText,
  toolError,
  twoParallelToolCalls,
} from '../../../e2e/fixtures/fakeAnthropic/scenarios.mjs';
import { API_KEY, overlapLog, runWithFake, sentBody, simpleExecutor } from './testing/turnHarness';
import { useFakeMessagesApi } from './testing/useFakeMessagesApi';

const api = useFakeMessagesApi({ expectDrained: true });

describe('runTurn against the api.fake Messages API', () => {
  it('streams a plain text answer and ends the turn', async () => {
    api.fake.script(plainText('Hello there, how can I help?'));
    const run = await runWithFake(api.fake);

    expect(run.result.stop).toEqual({ reason: 'end_turn', modelStopReason: 'end_turn' });
    expect(run.result.messages).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'Hello there, how can I help?' }] },
    ]);
    expect(run.streamedText()).toBe('Hello there, how can I help?');
    expect(run.of('textDelta').length).toBeGreaterThan(1);
    expect(run.events.map((event) => event.seq)).toEqual(run.events.map((_, index) => index));
    expect(run.events[0]?.type).toBe('turnStarted');
    expect(run.events.at(-1)).toMatchObject({
      type: 'turnFinished',
      conversationId: 'conv-1',
      turnId: 'turn-1',
      steps: 1,
    });
    expect(run.of('usage')).toHaveLength(1);
    expect(run.result.usage.outputTokens).toBeGreaterThan(0);
    expect(run.result.usage.cacheCreationInputTokens).toBeGreaterThan(0);
  });

  it('sends the stable prefix with cache breakpoints, the version header and the API key', async () => {
    api.fake.script(plainText());
    await runWithFake(api.fake);

    const [request] = api.fake.messageRequests;
    expect(request?.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const key = request?.headers['x-api-key'] ?? request?.headers.authorization;
    expect(key).toContain(API_KEY);
    const body = sentBody(api.fake, 0);
    expect(body.stream).toBe(true);
    expect(body.system).toEqual([
      { type: 'text', text: 'You are a test assistant.', cache_control: { type: 'ephemeral' } },
    ]);
    expect(body.tools?.map((tool) => tool.name)).toEqual(['echo', 'fail', 'slow']);
    expect(body.tools?.map((tool) => tool.cache_control)).toEqual([
      undefined,
      undefined,
      { type: 'ephemeral' },
    ]);
  });

  it('runs one tool call and sends the result back', async () => {
    api.fake.script(oneToolCall({ name: 'echo', input: { text: 'ping' } }));
    const calls: unknown[] = [];
    const run = await runWithFake(api.fake, {
      executeTool: (call, signal, progress) => {
        calls.push(call);
        return simpleExecutor(call, signal, progress);
      },
    });

    expect(run.result.stop.reason).toBe('end_turn');
    expect(run.result.steps).toBe(2);
    const toolUseId = run.of('toolUseStarted')[0]?.toolUseId ?? '';
    expect(toolUseId).toMatch(/^toolu_/);
    expect(calls).toEqual([{ toolUseId, modelName: 'echo', input: { text: 'ping' } }]);
    expect(run.result.messages).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me call the tool.' },
          { type: 'tool_use', id: toolUseId, name: 'echo', input: { text: 'ping' } },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: toolUseId,
            content: [{ type: 'text', text: 'ping' }],
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'The tool said: ping' }] },
    ]);
    expect(run.of('messageAdded').map((event) => event.message.role)).toEqual([
      'assistant',
      'user',
      'assistant',
    ]);
    expect(run.of('toolResult')[0]).toMatchObject({ status: 'ok', truncated: false });
    // The second request reuses the cached prefix.
    expect(run.of('usage')[1]?.usage.cacheReadInputTokens).toBeGreaterThan(0);
    expect(sentBody(api.fake, 1).messages).toHaveLength(3);
  });

  it("reports a tool call's input while the model writes it, a few times a second at most", async () => {
    const input = { text: 'a long input '.repeat(20) };
    api.fake.script(
      message([toolUse('echo', input)], { eventDelayMs: 60 }),
      message([text('done')]),
      message([toolUse('echo', input)]),
      message([text('done')]),
    );
    const slow = await runWithFake(api.fake);
    const deltas = slow.of('toolInputDelta');
    const started = slow.of('toolUseStarted')[0];
    expect(deltas[0]).toMatchObject({ json: '', modelName: 'echo', toolUseId: started?.toolUseId });
    expect(deltas.map((d) => d.json).join('')).toBe(JSON.stringify(input));
    expect(Math.max(...deltas.map((d) => slow.events.indexOf(d)))).toBeLessThan(
      slow.events.findIndex((e) => e.type === 'toolUseStarted'),
    );
    // Streamed fast, the pieces are batched: the card appears, the rest comes with the call.
    const fast = await runWithFake(api.fake);
    expect(fast.of('toolInputDelta').map((d) => d.json)).toEqual(['']);
  });

  it('runs parallel tool calls concurrently and answers each in order', async () => {
    api.fake.script(twoParallelToolCalls());
    const { log, executeTool } = overlapLog();
    const run = await runWithFake(api.fake, { executeTool });

    // Both started before either finished: they overlapped.
    expect(log.slice(0, 2).sort()).toEqual(['start one', 'start two']);
    const results = run.result.messages[1]?.content;
    expect(Array.isArray(results) && results.map((b) => b.type)).toEqual([
      'tool_result',
      'tool_result',
    ]);
    expect(run.result.messages.at(-1)?.content).toEqual([
      { type: 'text', text: 'Both tools answered: one; two' },
    ]);
  });

  it('reports a tool error to the model, which reflects it', async () => {
    api.fake.script(toolError({ name: 'fail' }));
    const run = await runWithFake(api.fake);

    expect(run.of('toolResult')[0]).toMatchObject({
      status: 'error',
      sent: { is_error: true, content: [{ type: 'text', text: 'boom' }] },
    });
    expect(run.result.messages.at(-1)?.content).toEqual([
      { type: 'text', text: 'The tool failed: boom' },
    ]);
  });

  it('turns a throwing executor into an error result', async () => {
    api.fake.script(toolError({ name: 'echo', input: { text: 'x' } }));
    const run = await runWithFake(api.fake, {
      executeTool: () => Promise.reject(new Error('server went away')),
    });
    expect(run.result.messages.at(-1)?.content).toEqual([
      { type: 'text', text: 'The tool failed: The tool call failed: server went away' },
    ]);
  });

  it('forwards tool progress as events', async () => {
    api.fake.script(oneToolCall({ name: 'slow', input: {} }));
    const run = await runWithFake(api.fake, {
      executeTool: (_call, _signal, reportProgress) => {
        reportProgress({ progress: 1, total: 2, message: 'half' });
        reportProgress({ progress: 2, total: 2 });
        return Promise.resolve({ content: [{ type: 'text', text: 'done' }] });
      },
    });
    expect(
      run.of('toolProgress').map(({ progress, total, message }) => ({ progress, total, message })),
    ).toEqual([
      { progress: 1, total: 2, message: 'half' },
      { progress: 2, total: 2, message: undefined },
    ]);
  });

  it('truncates a large result for the model and keeps the full one in the event', async () => {
    api.fake.script(oneToolCall({ name: 'echo', input: { text: 'big' } }));
    const big = 'x'.repeat(1_000);
    const run = await runWithFake(api.fake, {
      resultBudgetChars: 100,
      executeTool: () => Promise.resolve({ content: [{ type: 'text', text: big }] }),
    });

    const result = run.of('toolResult')[0];
    expect(result).toMatchObject({ truncated: true, totalChars: 1_000, sentChars: 100 });
    expect(result?.outcome.content).toEqual([{ type: 'text', text: big }]);
    const note = '[truncated: 100 of 1000 characters; the full result is kept in the app]';
    expect(result?.sent.content).toEqual([
      { type: 'text', text: 'x'.repeat(100) },
      { type: 'text', text: note },
    ]);
    const sentToApi = JSON.stringify(sentBody(api.fake, 1).messages[2]);
    expect(sentToApi).toContain(note);
    expect(sentToApi).not.toContain('x'.repeat(101));
  });

  it('maps images, resources and structured content into the tool_result', async () => {
    api.fake.script(oneToolCall({ name: 'echo', input: { text: 'rich' } }));
    await runWithFake(api.fake, {
      executeTool: () =>
        Promise.resolve({
          content: [
            { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
            { type: 'resource', resource: { uri: 'file:///a.txt', text: 'file text' } },
          ],
          structuredContent: { answer: 42 },
        }),
    });
    const block = sentBody(api.fake, 1).messages[2]?.content[0];
    expect(block).toMatchObject({
      type: 'tool_result',
      content: [
        {
          type: 'image',
          source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' },
        },
        { type: 'text', text: 'file text' },
        { type: 'text', text: '{"answer":42}' },
      ],
    });
  });

  it('stops at the step limit without running the last tool calls', async () => {
    api.fake.script(message([text('Calling.'), toolUse('echo', { text: 'never' })]));
    let executed = 0;
    const run = await runWithFake(api.fake, {
      maxSteps: 1,
      executeTool: () => {
        executed++;
        return Promise.resolve({ content: [] });
      },
    });

    expect(executed).toBe(0);
    expect(run.result.stop).toEqual({ reason: 'max_steps', maxSteps: 1 });
    expect(run.of('toolResult')[0]?.status).toBe('skipped');
    // The history stays valid: every tool_use has its tool_result.
    expect(run.result.messages.map((m) => m.role)).toEqual(['assistant', 'user']);
    expect(JSON.stringify(run.result.messages[1])).toContain('limit of 1 model requests');
  });
});
