import { describe, expect, it } from 'vitest';
import { chat, toolCall } from '../../../e2e/fixtures/fakeOpenAi/chatReplies.mjs';
import { CHAT_KEY, useFakeChatApi } from '../models/openaiCompatible/testing/useFakeChatApi';
import { useTestHosts } from '../testing/useTestHosts';
import {
  interactionsFixture,
  startInteractionHost,
  type InteractionHost,
} from './testing/startInteractionHost';

const chatApi = useFakeChatApi();
const fixture = useTestHosts(startInteractionHost);

async function start(): Promise<InteractionHost> {
  return fixture.start(
    { v2: interactionsFixture('modern') },
    { env: { OPENAI_API_KEY: CHAT_KEY, OPENAI_BASE_URL: chatApi.fake.url } },
  );
}

describe('sampling through an OpenAI-compatible provider', () => {
  it('offers every provider’s models and generates with the one the person picked', async () => {
    const h = await start();
    chatApi.fake.script(chat('A limerick from DeepSeek.'));
    const answer = h.call('v2', 'sample', { prompt: 'Write a haiku' });
    const review = await h.next('sampling');
    // The hint `haiku` matches Claude's model; DeepSeek's are there to pick from.
    expect(review.suggestedModel).toBe('anthropic/claude-haiku-5-5');
    const refs = await h.core.models.registry.refs();
    expect(refs).toEqual(
      expect.arrayContaining(['anthropic/claude-haiku-5-5', 'openai/deepseek-chat']),
    );
    h.core.interactions.broker.respondSampling(review.id, {
      action: 'approve-request',
      model: 'openai/deepseek-chat',
      maxTokens: 100,
      texts: [{ message: 0, block: 0, text: 'Write a limerick' }],
    });
    await expect
      .poll(() => h.core.interactions.broker.pending().find((i) => i.id === review.id))
      .toMatchObject({
        stage: 'review-result',
        result: { model: 'deepseek-chat', stopReason: 'endTurn' },
      });
    const sent = chatApi.sent(0);
    expect(sent).toMatchObject({ model: 'deepseek-chat', max_tokens: 100 });
    expect(sent.messages).toEqual([
      { role: 'system', content: 'You are the fixture server.' },
      { role: 'user', content: 'Write a limerick' },
    ]);
    h.core.interactions.broker.respondSampling(review.id, { action: 'approve-result', texts: [] });
    expect(await answer).toBe('Sampled (deepseek-chat): A limerick from DeepSeek.');
    expect(fixture.fake.messageRequests).toEqual([]);
  });

  it('sampling with tools: the server’s tools go out as functions, the call comes back in MCP’s shape', async () => {
    const h = await start();
    chatApi.fake.script(chat({ toolCalls: [toolCall('lookup', { word: 'host' })] }));
    const answer = h.call('v2', 'sample-with-tools', { prompt: 'Define host' });
    const review = await h.next('sampling');
    h.core.interactions.broker.respondSampling(review.id, {
      action: 'approve-request',
      model: 'openai/deepseek-chat',
      maxTokens: 200,
      texts: [],
    });
    await expect
      .poll(() => h.core.interactions.broker.pending().find((i) => i.id === review.id))
      .toMatchObject({ stage: 'review-result', result: { stopReason: 'toolUse' } });
    expect(chatApi.sent(0)).toMatchObject({
      tool_choice: 'required',
      tools: [{ type: 'function', function: { name: 'lookup' } }],
    });
    h.core.interactions.broker.respondSampling(review.id, { action: 'approve-result', texts: [] });
    expect(await answer).toBe('stop=toolUse uses=lookup {"word":"host"}');
  });
});
