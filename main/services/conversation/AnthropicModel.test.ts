import { describe, expect, it } from 'vitest';
import { message } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import { AppErrorCode } from '../../../shared/errors';
import { AnthropicModel } from './AnthropicModel';
import { listModels } from './listModels';
import type { ModelStreamEvent } from './ModelClient';
import { API_KEY } from './testing/turnHarness';
import { useFakeMessagesApi } from './testing/useFakeMessagesApi';

const api = useFakeMessagesApi({ expectDrained: false });

describe('AnthropicModel', () => {
  it('yields the raw stream events, pings included', async () => {
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
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    // No tools and no system prompt: nothing to mark for caching.
    const body = api.fake.messageRequests[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('tools');
    expect(body).not.toHaveProperty('system');
    expect(body).toMatchObject({ model: 'claude-sonnet-5-5', max_tokens: 64, stream: true });
  });
});

describe('listModels', () => {
  it('lists the models with their display names', async () => {
    const models = await listModels({ apiKey: API_KEY, baseURL: api.fake.url });
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
      listModels({ apiKey: 'sk-ant-wrong', baseURL: api.fake.url }),
    ).rejects.toMatchObject({
      code: AppErrorCode.LlmAuth,
    });
    await expect(listModels({ apiKey: undefined, baseURL: api.fake.url })).rejects.toMatchObject({
      code: AppErrorCode.LlmAuth,
    });
  });
});
