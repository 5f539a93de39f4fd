import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { ChatRequestBody } from '../../../e2e/fixtures/fakeOpenAi/chatReplies.mjs';
import { chat } from '../../../e2e/fixtures/fakeOpenAi/chatReplies.mjs';
import { startFakeOpenAi } from '../../../e2e/fixtures/fakeOpenAi/FakeOpenAi.mjs';
import type { BenchContext } from '../BenchContext';
import { atMost, type Goal } from '../Goal';
import { bareChatFirstToken } from './bareChatFirstToken';
import { compareFirstToken, type FirstTokenComparison } from './compareFirstToken';
import { createChatHost } from './createChatHost';
import { FIRST_TOKEN_PROMPT as PROMPT, FIRST_TOKEN_REPLY as REPLY } from './firstTokenPrompt';
import { hostFirstToken } from './hostFirstToken';
import { once } from './once';

const WARMUP_TURNS = 5;
const TURNS = 30;
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
 * `openai/deepseek-chat`, `send` → first `textDelta` event; bare = `new OpenAI({ baseURL, apiKey, maxRetries: 0 })` sending the
 * very body the host sent → first content delta. Alternating, same fake, same process.
 */
export async function benchChatFirstTokenOpenAi(
  ctx: BenchContext,
): Promise<ChatFirstTokenOpenAiReport> {
  let arrivedAt = 0;
  const fake = await startFakeOpenAi({
    apiKey: KEY,
    fallback: () => {
      arrivedAt = performance.now();
      return chat(REPLY);
    },
  });
  const closeFake = once(() => fake.close());
  ctx.janitor.onCleanup(closeFake);
  try {
    // Claude's endpoint is never asked: the model ref names the `openai` provider.
    const core = await createChatHost(ctx.root, 'http://127.0.0.1:9', {
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: fake.url,
    });
    const disposeCore = once(() => core.dispose());
    ctx.janitor.onCleanup(disposeCore);
    try {
      // As someone who chats on DeepSeek has it: its model is the default.
      await core.settings.update({ defaultModel: MODEL });
      await hostFirstToken(core, PROMPT);
      const sent = fake.chatRequests[0]?.body as ChatRequestBody | undefined;
      if (!sent) throw new Error('the fake saw no request from the host');
      if (sent.stream !== true) throw new Error('the host did not ask for a stream');
      const params = sent as unknown as ChatCompletionCreateParamsStreaming;
      const client = new OpenAI({ baseURL: fake.url, apiKey: KEY, maxRetries: 0 });

      const compared = await compareFirstToken({
        host: () => hostFirstToken(core, PROMPT),
        bare: () => bareChatFirstToken(client, params),
        arrivedAt: () => arrivedAt,
        warmupTurns: WARMUP_TURNS,
        turns: TURNS,
      });
      return {
        request: {
          model: sent.model,
          tools: sent.tools?.length ?? 0,
          messages: sent.messages.length,
          bodyBytes: JSON.stringify(sent).length,
        },
        replyChars: REPLY.length,
        warmupTurns: WARMUP_TURNS,
        turns: TURNS,
        ...compared,
        goals: [
          atMost(
            'chatFirstTokenOpenAi.median',
            'time to first token on an OpenAI-compatible provider, host (send → first textDelta event) / bare openai SDK, median',
            compared.ratio.median,
            LIMIT,
            'ratio',
          ),
        ],
      };
    } finally {
      await disposeCore();
    }
  } finally {
    await closeFake();
  }
}
