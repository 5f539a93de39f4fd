import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  startFakeOpenAi,
  type FakeOpenAi,
  type FakeOpenAiOptions,
} from '../../../../../e2e/fixtures/fakeOpenAi/FakeOpenAi.mjs';
import type { ChatRequestBody } from '../../../../../e2e/fixtures/fakeOpenAi/chatReplies.mjs';
import { OpenAiCompatibleModel } from '../OpenAiCompatibleModel';

export const CHAT_KEY = 'sk-chat-test-key';

export interface FakeChatApi {
  /** The fake shared by the file's tests; its script and log are reset after each test. */
  readonly fake: FakeOpenAi;
  /** A client for the fake as a provider named `DeepSeek` would be. */
  model(options?: { images?: boolean; apiKey?: string }): OpenAiCompatibleModel;
  /** The body of the `index`-th completion request. */
  sent(index: number): ChatRequestBody;
}

/**
 * Per-file hooks: one fake Chat Completions API that accepts `CHAT_KEY`, reset after each test,
 * which must also have consumed every scripted reply.
 */
export function useFakeChatApi(options: FakeOpenAiOptions = {}): FakeChatApi {
  let fake: FakeOpenAi | undefined;
  const current = (): FakeOpenAi => {
    if (!fake) throw new Error('useFakeChatApi: used outside its tests');
    return fake;
  };
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: CHAT_KEY, ...options });
  });
  afterEach(() => {
    expect(current().pending).toBe(0);
    current().reset();
  });
  afterAll(async () => {
    await fake?.close();
  });
  return {
    get fake() {
      return current();
    },
    model: ({ images = false, apiKey = CHAT_KEY } = {}) =>
      new OpenAiCompatibleModel(
        { label: 'DeepSeek', baseURL: current().url, apiKey, needsKey: true },
        { images, maxTokensField: 'max_tokens' },
      ),
    sent: (index) => {
      const body = current().chatRequests[index]?.body;
      if (body === undefined) throw new Error(`no completion request #${index}`);
      return body as ChatRequestBody;
    },
  };
}
