import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { chat, type ChatRequestBody } from '../../../e2e/fixtures/fakeOpenAi/chatReplies.mjs';
import { startFakeOpenAi } from '../../../e2e/fixtures/fakeOpenAi/FakeOpenAi.mjs';
import type { BenchContext } from '../BenchContext';
import { createCoreHost } from '../createCoreHost';
import { ratioGoal, type Goal } from '../Goal';
import { bareChatFirstToken } from './bareChatFirstToken';
import {
  FIRST_TOKEN_TURNS,
  runFirstTokenBench,
  type FirstTokenComparison,
} from './runFirstTokenBench';
import { FIRST_TOKEN_PROMPT as PROMPT, FIRST_TOKEN_REPLY as REPLY } from './firstTokenPrompt';
import { hostFirstToken } from './hostFirstToken';

const LIMIT = 1.15;
const KEY = 'sk-bench-openai';
const MODEL = 'openai/deepseek-chat';

/** Time to first token on an OpenAI-compatible provider, host vs the bare `openai` SDK. */
export interface ChatFirstTokenOpenAiReport extends FirstTokenComparison {
  /** What the host sent (no servers: no tools, no system message); bare sends the same body. */
  request: { model: string; tools: number; messages: number; bodyBytes: number };
  replyChars: number;
  warmupTurns: number;
  turns: number;
  goals: Goal[];
}

/**
 * As `chatFirstToken`, against the fake Chat Completions API: host = a host core whose
 * `openai` provider comes from OPENAI_API_KEY/OPENAI_BASE_URL and whose default model is
 * `openai/deepseek-chat`, `send` → first `textDelta` event; bare = `new OpenAI({ baseURL,
 * apiKey, maxRetries: 0 })` sending the very body the host sent → first content delta.
 */
export async function benchChatFirstTokenOpenAi(
  ctx: BenchContext,
): Promise<ChatFirstTokenOpenAiReport> {
  const { compared, sent } = await runFirstTokenBench(ctx, {
    startFake: (arrived) =>
      startFakeOpenAi({
        apiKey: KEY,
        fallback: () => {
          arrived();
          return chat(REPLY);
        },
      }),
    startHost: async (fake) => {
      // Claude's endpoint is never asked: the default model is the `openai` provider's.
      const { core } = await createCoreHost(ctx.root, {
        baseURL: 'http://127.0.0.1:9',
        env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: fake.url },
      });
      await core.settings.update({ defaultModel: MODEL });
      return core;
    },
    hostTurn: (core) => hostFirstToken(core, PROMPT),
    firstBody: (fake) => fake.chatRequests[0]?.body as ChatRequestBody | undefined,
    bareTurn: (fake, body) => {
      const client = new OpenAI({ baseURL: fake.url, apiKey: KEY, maxRetries: 0 });
      const params = body as unknown as ChatCompletionCreateParamsStreaming;
      return () => bareChatFirstToken(client, params);
    },
  });
  return {
    request: {
      model: sent.model,
      tools: sent.tools?.length ?? 0,
      messages: sent.messages.length,
      bodyBytes: JSON.stringify(sent).length,
    },
    replyChars: REPLY.length,
    ...FIRST_TOKEN_TURNS,
    ...compared,
    goals: [
      ratioGoal({
        id: 'chatFirstTokenOpenAi.median',
        text: 'time to first token on an OpenAI-compatible provider, host (send → first textDelta event) / bare openai SDK, median',
        measured: compared.host.ms,
        baseline: compared.bare.ms,
        baselineWhat: 'the openai SDK sending the host’s request body to the same fake',
        limit: LIMIT,
      }),
    ],
  };
}
