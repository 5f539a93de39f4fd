import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import {
  startFakeAnthropic,
  type MessagesRequestBody,
} from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { message } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import type { BenchContext } from '../BenchContext';
import { atMost, type Goal } from '../Goal';
import { bareFirstToken } from './bareFirstToken';
import { compareFirstToken, type FirstTokenComparison } from './compareFirstToken';
import { createChatHost } from './createChatHost';
import { FIRST_TOKEN_PROMPT as PROMPT, FIRST_TOKEN_REPLY as REPLY } from './firstTokenPrompt';
import { hostFirstToken } from './hostFirstToken';
import { once } from './once';

const WARMUP_TURNS = 5;
const TURNS = 30;
const LIMIT = 1.2;

/** Goal 1 of the chat issue: time to first token, host vs bare SDK, against the same fake. */
export interface ChatFirstTokenReport extends FirstTokenComparison {
  /** What the host sent: no MCP servers, so no tools and no system prompt; bare sends the same. */
  request: { tools: number; system: boolean; messages: number; bodyBytes: number };
  replyChars: number;
  warmupTurns: number;
  turns: number;
  goals: Goal[];
}

/**
 * Times turns against the fake Messages API in this process, host and bare alternating (who
 * goes first swaps every round) so drift in machine load hits both alike. Host: a host core
 * with no servers, `ConversationService.send` → first `textDelta` event. Bare: `new
 * Anthropic({ baseURL, apiKey, maxRetries: 0 })` sending the very body the host sent (taken
 * from the fake's record of the host's first request) → first `text_delta`.
 */
export async function benchChatFirstToken(ctx: BenchContext): Promise<ChatFirstTokenReport> {
  // The reply is picked once the request is in: that moment splits each time in two.
  let arrivedAt = 0;
  const fake = await startFakeAnthropic({
    fallback: () => {
      arrivedAt = performance.now();
      return message(REPLY);
    },
  });
  const closeFake = once(() => fake.close());
  ctx.janitor.onCleanup(closeFake);
  try {
    const core = await createChatHost(ctx.root, fake.url);
    const disposeCore = once(() => core.dispose());
    ctx.janitor.onCleanup(disposeCore);
    try {
      await hostFirstToken(core, PROMPT);
      const sent = fake.messageRequests[0]?.body as MessagesRequestBody | undefined;
      if (!sent) throw new Error('the fake saw no request from the host');
      if (sent.stream !== true) throw new Error('the host did not ask for a stream');
      const params = sent as unknown as MessageCreateParamsStreaming;
      const client = new Anthropic({ baseURL: fake.url, apiKey: 'sk-bench', maxRetries: 0 });

      const compared = await compareFirstToken({
        host: () => hostFirstToken(core, PROMPT),
        bare: () => bareFirstToken(client, params),
        arrivedAt: () => arrivedAt,
        warmupTurns: WARMUP_TURNS,
        turns: TURNS,
      });
      return {
        request: {
          tools: sent.tools?.length ?? 0,
          system: sent.system !== undefined,
          messages: sent.messages.length,
          bodyBytes: JSON.stringify(sent).length,
        },
        replyChars: REPLY.length,
        warmupTurns: WARMUP_TURNS,
        turns: TURNS,
        ...compared,
        goals: [
          atMost(
            'chatFirstToken.median',
            'time to first token, host (send → first textDelta event) / bare SDK, median',
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
