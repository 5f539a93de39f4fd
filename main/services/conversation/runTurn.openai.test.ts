import { describe, expect, it } from 'vitest';
import {
  chat,
  cutMidStream,
  lastToolMessages,
  rateLimited,
  serverError,
  toolCall,
} from '../../../e2e/fixtures/fakeOpenAi/chatReplies.mjs';
import { AppErrorCode } from '../../../shared/errors';
import { useFakeChatApi } from '../models/openaiCompatible/testing/useFakeChatApi';
import { overlapLog, runWithClient } from './testing/turnHarness';

const api = useFakeChatApi();

/** The same turn scenarios as the Anthropic loop, on a Chat Completions provider. */
describe('runTurn on an OpenAI-compatible provider', () => {
  it('streams a plain reply with its usage; the request is the Chat Completions wire', async () => {
    api.fake.script(
      chat('Hello from the compatible API.', {
        usage: { prompt_tokens: 40, cached_tokens: 8, completion_tokens: 7 },
      }),
    );
    const run = await runWithClient(api.model(), { model: 'deepseek-chat' });

    expect(run.result.stop).toEqual({ reason: 'end_turn', modelStopReason: 'end_turn' });
    expect(run.streamedText()).toBe('Hello from the compatible API.');
    // Several deltas, so the text really streamed.
    expect(run.of('textDelta').length).toBeGreaterThan(2);
    expect(run.result.usage).toEqual({
      inputTokens: 32,
      outputTokens: 7,
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: 8,
    });
    const body = api.sent(0);
    expect(body).toMatchObject({
      model: 'deepseek-chat',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 8192,
    });
    expect(body.messages.slice(0, 2)).toEqual([
      { role: 'system', content: 'You are a test assistant.' },
      { role: 'user', content: 'hello' },
    ]);
    expect(body.tools?.map((t) => t.function.name)).toEqual(['echo', 'fail', 'slow']);
    expect(body.tools?.[0]?.function.parameters).toEqual({
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    });
  });

  it('runs an approved tool call and sends its result under the call id, then answers', async () => {
    api.fake.script(
      chat('Let me call it.', { toolCalls: [toolCall('echo', { text: 'from the model' })] }),
      (request) =>
        chat(
          `The tool said: ${lastToolMessages(request)
            .map((m) => m.text)
            .join('; ')}`,
        ),
    );
    const run = await runWithClient(api.model());

    expect(run.result.stop.reason).toBe('end_turn');
    expect(run.result.steps).toBe(2);
    const [call] = run.of('toolUseStarted');
    expect(call).toMatchObject({ modelName: 'echo', input: { text: 'from the model' } });
    expect(call?.toolUseId).toMatch(/^call_[\w-]{24}$/);
    const second = api.sent(1).messages;
    expect(second.at(-2)).toEqual({
      role: 'assistant',
      content: 'Let me call it.',
      tool_calls: [
        {
          id: call?.toolUseId,
          type: 'function',
          function: { name: 'echo', arguments: '{"text":"from the model"}' },
        },
      ],
    });
    expect(second.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: call?.toolUseId,
      content: 'from the model',
    });
    expect(run.result.messages.at(-1)?.content).toEqual([
      { type: 'text', text: 'The tool said: from the model' },
    ]);
  });

  it('runs two parallel calls, their arguments streamed in pieces, concurrently', async () => {
    api.fake.script(
      chat('Both at once.', {
        argChunkChars: 3,
        toolCalls: [toolCall('echo', { text: 'one' }), toolCall('echo', { text: 'two' })],
      }),
      (request) =>
        chat(
          `Both answered: ${lastToolMessages(request)
            .map((m) => m.text)
            .join('; ')}`,
        ),
    );
    const { log, executeTool } = overlapLog();
    const run = await runWithClient(api.model(), { executeTool });

    expect(log.slice(0, 2).sort()).toEqual(['start one', 'start two']);
    const ids = run.of('toolUseStarted').map((e) => e.toolUseId);
    expect(new Set(ids).size).toBe(2);
    const second = api.fake.chatRequests[1];
    if (!second) throw new Error('no second request');
    expect(lastToolMessages(second)).toEqual([
      { toolCallId: ids[0], text: 'one' },
      { toolCallId: ids[1], text: 'two' },
    ]);
    expect(run.result.messages.at(-1)?.content).toEqual([
      { type: 'text', text: 'Both answered: one; two' },
    ]);
  });

  it('a tool error reaches the model marked as one', async () => {
    api.fake.script(chat({ toolCalls: [toolCall('fail')] }), chat('It failed.'));
    await runWithClient(api.model());
    expect(api.sent(1).messages.at(-1)).toMatchObject({ role: 'tool', content: 'Error: boom' });
  });

  it('shows reasoning as it streams, keeps it with the reply, and never sends it back', async () => {
    api.fake.script(
      chat('Checking.', {
        reasoning: 'The person said hello; echo it.',
        toolCalls: [toolCall('echo', { text: 'hi' })],
      }),
      chat('Done.'),
    );
    const run = await runWithClient(api.model(), { model: 'deepseek-reasoner' });

    expect(run.result.stop.reason).toBe('end_turn');
    expect(
      run
        .of('reasoningDelta')
        .map((e) => e.text)
        .join(''),
    ).toBe('The person said hello; echo it.');
    expect(run.result.messages[0]?.content).toEqual([
      { type: 'reasoning', text: 'The person said hello; echo it.' },
      { type: 'text', text: 'Checking.' },
      expect.objectContaining({ type: 'tool_use', name: 'echo' }),
    ]);
    // The fake refuses reasoning_content in a request, as DeepSeek does: this one went through.
    expect(JSON.stringify(api.sent(1))).not.toContain('The person said hello');
  });

  it('stop mid-stream keeps the text that arrived', async () => {
    api.fake.script(
      chat('A long answer that will be stopped part of the way through.', {
        chunkChars: 4,
        eventDelayMs: 30,
      }),
    );
    const controller = new AbortController();
    const run = await runWithClient(api.model(), {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'textDelta') controller.abort();
      },
    });
    expect(run.result.stop).toEqual({ reason: 'stopped' });
    expect(run.result.messages).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'A lo' }] },
    ]);
    expect(run.of('messageAdded')[0]?.partial).toBe(true);
  });

  it('a cut stream fails the turn and keeps the partial text', async () => {
    api.fake.script(cutMidStream('This answer is cut off in the middle of it.', 12));
    const run = await runWithClient(api.model());

    expect(run.result.stop).toMatchObject({
      reason: 'failed',
      error: { code: AppErrorCode.LlmNetwork },
    });
    const kept = run.result.messages[0]?.content;
    expect(Array.isArray(kept) && kept[0]?.type === 'text' && kept[0].text).toMatch(
      /^This answer i/,
    );
    // Something streamed: the failure was not retried.
    expect(run.of('retrying')).toEqual([]);
  });

  it('retries a 429 after its retry-after, and a 500 with backoff', async () => {
    api.fake.script(rateLimited('0.3'), serverError(), chat('Finally.'));
    const run = await runWithClient(api.model());

    expect(run.result.stop.reason).toBe('end_turn');
    expect(run.of('retrying')).toMatchObject([
      { attempt: 2, delayMs: 300, reason: { code: AppErrorCode.LlmRateLimited } },
      { attempt: 3, reason: { code: AppErrorCode.LlmServer } },
    ]);
    const [first, second] = api.fake.chatRequests;
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(290);
    expect(run.of('retrying')[0]?.reason.message).toContain('The DeepSeek API is rate limiting');
  });

  it('a rejected key fails at once with the plain message', async () => {
    const run = await runWithClient(api.model({ apiKey: 'sk-wrong' }));
    expect(run.result.stop).toEqual({
      reason: 'failed',
      error: {
        code: AppErrorCode.LlmAuth,
        message:
          'DeepSeek rejected the API key: Incorrect API key provided (401 invalid_request_error). Check the API key in Settings.',
        text: {
          key: 'model.rejectedKey',
          params: {
            provider: 'DeepSeek',
            detail: 'Incorrect API key provided (401 invalid_request_error)',
          },
        },
      },
    });
    expect(api.fake.chatRequests).toHaveLength(1);
  });
});
