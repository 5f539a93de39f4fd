import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeAnthropic,
  type FakeAnthropic,
} from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { message } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import { AppErrorCode } from '../../../shared/errors';
import { AnthropicModel } from './AnthropicModel';
import { listModels } from './listModels';
import type { ModelStreamEvent } from './ModelClient';
import { API_KEY } from './testing/turnHarness';

let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic({ apiKey: API_KEY });
});
afterEach(() => {
  fake.reset();
});
afterAll(async () => {
  await fake.close();
});

describe('AnthropicModel', () => {
  it('yields the raw stream events, pings included', async () => {
    fake.script(message('hi'));
    const model = new AnthropicModel({ apiKey: API_KEY, baseURL: fake.url });
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
    const body = fake.messageRequests[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('tools');
    expect(body).not.toHaveProperty('system');
    expect(body).toMatchObject({ model: 'claude-sonnet-5-5', max_tokens: 64, stream: true });
  });
});

describe('listModels', () => {
  it('lists the models with their display names', async () => {
    const models = await listModels({ apiKey: API_KEY, baseURL: fake.url });
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
    await expect(listModels({ apiKey: 'sk-ant-wrong', baseURL: fake.url })).rejects.toMatchObject({
      code: AppErrorCode.LlmAuth,
    });
    await expect(listModels({ apiKey: undefined, baseURL: fake.url })).rejects.toMatchObject({
      code: AppErrorCode.LlmAuth,
    });
  });
});
