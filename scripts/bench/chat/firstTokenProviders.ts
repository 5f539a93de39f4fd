import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { startFakeAnthropic } from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { message } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import { chat } from '../../../e2e/fixtures/fakeOpenAi/chatReplies.mjs';
import { startFakeOpenAi } from '../../../e2e/fixtures/fakeOpenAi/FakeOpenAi.mjs';
import { createModelFetch } from '../../../main/services/models/createModelFetch';
import { bareChatFirstToken } from './bareChatFirstToken';
import { bareFirstToken } from './bareFirstToken';
import type { FirstTokenTiming } from './FirstTokenTiming';

/** The providers the first-token benchmarks measure, by the name their goal ids carry. */
export type FirstTokenProviderName = 'anthropic' | 'openai';

/** A model request as a fake recorded it (JSON), the stream flag included. */
export type RequestBody = Record<string, unknown> & { stream?: unknown };

/**
 * A provider's fake API in this process, uniform for the benchmarks: how the shell reaches
 * it, the host's latest request, and the bare SDK sending a body to it.
 */
export interface ProviderFake {
  name: FirstTokenProviderName;
  url: string;
  /** The shell's environment for this provider (key and base URL). */
  env: Record<string, string>;
  /** `conversation.send`'s model; the default model (Claude's) when absent. */
  model?: string;
  /** The body of the newest chat request (title requests apart). */
  lastBody(): RequestBody | undefined;
  /** Forgets the recorded requests (5,000-message bodies add up). */
  reset(): void;
  /** The title the next title request gets. */
  scriptTitle(title: string): void;
  /** A turn through the provider's bare SDK sending `body`, to its end. */
  bare(body: RequestBody): Promise<FirstTokenTiming>;
  /** The same with the SDK given the fetch the host gives it (`createModelFetch`). */
  bareHostFetch(body: RequestBody): Promise<FirstTokenTiming>;
  close(): Promise<void>;
}

const ANTHROPIC_KEY = 'sk-bench';
const OPENAI_KEY = 'sk-bench-openai';
/** What the host sends as `openai/deepseek-chat` (OPENAI_API_KEY + OPENAI_BASE_URL). */
const OPENAI_MODEL = 'openai/deepseek-chat';

/**
 * Starts the provider's fake answering every chat request with `reply`; `arrived` is called
 * when it has a whole request (parsed and validated) and picks its reply.
 */
export async function startProviderFake(
  name: FirstTokenProviderName,
  reply: string,
  arrived: () => void,
): Promise<ProviderFake> {
  if (name === 'anthropic') {
    const fake = await startFakeAnthropic({
      fallback: () => {
        arrived();
        return message(reply);
      },
    });
    const options = { baseURL: fake.url, apiKey: ANTHROPIC_KEY, maxRetries: 0 };
    const client = new Anthropic(options);
    const hostFetchClient = new Anthropic({ ...options, fetch: createModelFetch() });
    return {
      name,
      url: fake.url,
      env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY, ANTHROPIC_BASE_URL: fake.url },
      lastBody: () => fake.messageRequests.at(-1)?.body as RequestBody | undefined,
      reset: () => void fake.reset(),
      scriptTitle: (title) => void fake.scriptTitle(title),
      bare: (body) => bareFirstToken(client, body as unknown as MessageCreateParamsStreaming),
      bareHostFetch: (body) =>
        bareFirstToken(hostFetchClient, body as unknown as MessageCreateParamsStreaming),
      close: () => fake.close(),
    };
  }
  const fake = await startFakeOpenAi({
    apiKey: OPENAI_KEY,
    fallback: () => {
      arrived();
      return chat(reply);
    },
  });
  const options = { baseURL: fake.url, apiKey: OPENAI_KEY, maxRetries: 0 };
  const client = new OpenAI(options);
  const hostFetchClient = new OpenAI({ ...options, fetch: createModelFetch() });
  return {
    name,
    url: fake.url,
    // Claude's endpoint is never asked: every turn names the `openai` provider's model.
    env: {
      ANTHROPIC_API_KEY: ANTHROPIC_KEY,
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: fake.url,
    },
    model: OPENAI_MODEL,
    lastBody: () => fake.chatRequests.at(-1)?.body as RequestBody | undefined,
    reset: () => void fake.reset(),
    scriptTitle: (title) => void fake.scriptTitle(title),
    bare: (body) =>
      bareChatFirstToken(client, body as unknown as ChatCompletionCreateParamsStreaming),
    bareHostFetch: (body) =>
      bareChatFirstToken(hostFetchClient, body as unknown as ChatCompletionCreateParamsStreaming),
    close: () => fake.close(),
  };
}
