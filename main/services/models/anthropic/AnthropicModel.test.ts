import { describe, expect, it } from 'vitest';
import { message, text, toolUse } from '../../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import { AppErrorCode } from '../../../../shared/errors';
import { API_KEY } from '../../conversation/testing/turnHarness';
import { useFakeMessagesApi } from '../../conversation/testing/useFakeMessagesApi';
import type { ModelStreamEvent } from '../ModelClient';
import { AnthropicModel } from './AnthropicModel';
import { listAnthropicModels } from './listAnthropicModels';

const api = useFakeMessagesApi({ expectDrained: false });

describe('AnthropicModel', () => {
  it('yields the stream as neutral events, pings included', async () => {
    api.fake.script(message('hi'));
    const model = new AnthropicModel({ apiKey: API_KEY, baseURL: api.fake.url });
    const events: ModelStreamEvent[] = [];
    const request = { model: 'claude-sonnet-5-5', maxTokens: 64, tools: [], messages: [] };
    for await (const event of model.stream(
      { ...request, messages: [{ role: 'user', content: 'hello' }] },
      new AbortController().signal,
    )) {
      events.push(event);
    }
    expect(events.map((event) => event.type)).toEqual([
      'messageStart',
      'blockStart',
      'ping',
      'blockDelta',
      'blockStop',
      'messageDelta',
      'messageStop',
    ]);
    expect(events[3]).toEqual({
      type: 'blockDelta',
      index: 0,
      delta: { type: 'text', text: 'hi' },
    });
    // No tools and no system prompt: nothing to mark for caching.
    const body = api.fake.messageRequests[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('tools');
    expect(body).not.toHaveProperty('system');
    expect(body).toMatchObject({ model: 'claude-sonnet-5-5', max_tokens: 64, stream: true });
  });

  it('sends ids and names another provider wrote in this API’s alphabet, and no reasoning', async () => {
    // The model calls the tool by the name it was sent.
    api.fake.script((request) => {
      const sent = (request.body as { tools: Array<{ name: string }> }).tools[0]?.name ?? '';
      return message([text('ok'), toolUse(sent, {}, 'toolu_x')]);
    });
    const model = new AnthropicModel({ apiKey: API_KEY, baseURL: api.fake.url });
    const tools = [{ modelName: 'odd name', description: 'd', inputSchema: { type: 'object' } }];
    const events: ModelStreamEvent[] = [];
    const history = [
      { role: 'user' as const, content: 'go' },
      {
        role: 'assistant' as const,
        content: [
          { type: 'reasoning' as const, text: 'thinking aloud' },
          { type: 'tool_use' as const, id: 'functions.odd:0', name: 'odd name', input: {} },
        ],
      },
      {
        role: 'user' as const,
        content: [{ type: 'tool_result' as const, tool_use_id: 'functions.odd:0' }],
      },
    ];
    for await (const event of model.stream(
      { model: 'claude-sonnet-5-5', maxTokens: 64, tools, messages: history },
      new AbortController().signal,
    )) {
      events.push(event);
    }
    const body = api.fake.messageRequests[0]?.body as {
      tools: Array<{ name: string }>;
      messages: Array<{ content: Array<Record<string, unknown>> }>;
    };
    const wireName = body.tools[0]?.name ?? '';
    expect(wireName).toMatch(/^odd_name_[0-9a-f]{8}$/);
    const [call] = body.messages[1]?.content ?? [];
    expect(body.messages[1]?.content).toHaveLength(1);
    expect(call).toMatchObject({ type: 'tool_use', name: wireName });
    expect(call?.id).toMatch(/^[a-zA-Z0-9_-]+$/);
    expect(body.messages[2]?.content[0]).toMatchObject({ tool_use_id: call?.id });
    // A call back under the wire name reads as the tool's own name.
    const started = events.find((e) => e.type === 'blockStart' && e.block.type === 'toolUse');
    expect(started).toMatchObject({ block: { type: 'toolUse', name: 'odd name' } });
  });
});

describe('listAnthropicModels', () => {
  it('lists the models with their display names', async () => {
    const models = await listAnthropicModels({ apiKey: API_KEY, baseURL: api.fake.url });
    expect(models.map((m) => m.id)).toEqual([
      'claude-opus-5-5',
      'claude-sonnet-5-5',
      'claude-haiku-5-5',
      'claude-sonnet-4-5',
    ]);
    expect(models[1]).toEqual({
      id: 'claude-sonnet-5-5',
      displayName: 'Claude Sonnet 5.5',
      createdAt: '2026-10-20T00:00:00Z',
    });
  });

  it('fails with LLM_AUTH for a rejected or missing key', async () => {
    await expect(
      listAnthropicModels({ apiKey: 'sk-ant-wrong', baseURL: api.fake.url }),
    ).rejects.toMatchObject({
      code: AppErrorCode.LlmAuth,
    });
    await expect(
      listAnthropicModels({ apiKey: undefined, baseURL: api.fake.url }),
    ).rejects.toMatchObject({
      code: AppErrorCode.LlmAuth,
    });
  });
});
