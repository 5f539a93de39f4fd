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
import {
  FIRST_TOKEN_TURNS,
  runFirstTokenBench,
  type FirstTokenComparison,
} from './runFirstTokenBench';
import { createChatHost } from './createChatHost';
import { FIRST_TOKEN_PROMPT as PROMPT, FIRST_TOKEN_REPLY as REPLY } from './firstTokenPrompt';
import { hostFirstToken } from './hostFirstToken';

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
  const { compared, sent } = await runFirstTokenBench(ctx, {
    startFake: (arrived) =>
      startFakeAnthropic({
        fallback: () => {
          arrived();
          return message(REPLY);
        },
      }),
    startHost: (fake) => createChatHost(ctx.root, fake.url),
    hostTurn: (core) => hostFirstToken(core, PROMPT),
    firstBody: (fake) => fake.messageRequests[0]?.body as MessagesRequestBody | undefined,
    bareTurn: (fake, body) => {
      const client = new Anthropic({ baseURL: fake.url, apiKey: 'sk-bench', maxRetries: 0 });
      const params = body as unknown as MessageCreateParamsStreaming;
      return () => bareFirstToken(client, params);
    },
  });
  return {
    request: {
      tools: sent.tools?.length ?? 0,
      system: sent.system !== undefined,
      messages: sent.messages.length,
      bodyBytes: JSON.stringify(sent).length,
    },
    replyChars: REPLY.length,
    ...FIRST_TOKEN_TURNS,
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
}
