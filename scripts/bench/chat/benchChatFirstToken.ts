import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import {
  startFakeAnthropic,
  type MessagesRequestBody,
} from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { message } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import { ConversationStore } from '../../../main/services/store/ConversationStore';
import type { BenchContext } from '../BenchContext';
import { createCoreHost } from '../createCoreHost';
import { ratioGoal, type Goal } from '../Goal';
import { round } from '../summarize';
import { bareFirstToken } from './bareFirstToken';
import { FIRST_TOKEN_PROMPT as PROMPT, FIRST_TOKEN_REPLY as REPLY } from './firstTokenPrompt';
import { hostFirstToken } from './hostFirstToken';
import { once } from './once';
import {
  compareFirstToken,
  FIRST_TOKEN_TURNS,
  type FirstTokenComparison,
} from './runFirstTokenBench';
import { seedConversation, type SeededConversation } from './seedConversation';

const SIZES = [0, 1000, 5000] as const;
const LIMIT = 1.15;
/** Bare turns whose request is compared byte for byte with the host's. */
const CHECKED_TURNS = 3;

/** One history size. */
export interface FirstTokenRow extends FirstTokenComparison {
  /** Messages in the conversation before the first measured turn (it grows by 2 a turn). */
  priorMessages: number;
  toolCalls: number;
  /** The host's first turn in the conversation, before anything of it was kept: ms. */
  firstTurnMs: number;
  /** What the host sent on its last turn: no servers, so no tools and no system prompt. */
  request: { messages: number; bodyBytes: number };
}

/** Time to first token with 0, 1000 and 5000 prior messages, host vs bare SDK. */
export interface ChatFirstTokenReport {
  replyChars: number;
  warmupTurns: number;
  turns: number;
  rows: FirstTokenRow[];
  goals: Goal[];
}

/**
 * Times turns against the fake Messages API in this process. Host: the host core as every
 * shell wires it, no MCP servers (so no tools and no system prompt), over a history store
 * seeded with conversations of 1000 and 5000 messages with tool calls among them;
 * `ConversationService.send` → first `textDelta` event. With 0 messages each turn is a new
 * conversation; otherwise turns continue the seeded one. Bare: `new Anthropic({ baseURL,
 * apiKey, maxRetries: 0 })` sending the body of the host's latest request, checked to be the
 * same bytes, → first `text_delta`. Host and bare alternate (see {@link compareFirstToken}).
 */
export async function benchChatFirstToken(ctx: BenchContext): Promise<ChatFirstTokenReport> {
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
    const seeded = new Map<number, SeededConversation>();
    const { core } = await createCoreHost(ctx.root, {
      baseURL: fake.url,
      seed: (dataDir) => {
        const store = ConversationStore.open({ file: join(dataDir, 'history.sqlite') });
        try {
          for (const size of SIZES) {
            if (size > 0) {
              seeded.set(size, seedConversation(store, `History of ${size}`, size, size));
            }
          }
        } finally {
          store.close();
        }
      },
    });
    const disposeCore = once(() => core.dispose());
    ctx.janitor.onCleanup(disposeCore);
    try {
      const client = new Anthropic({ baseURL: fake.url, apiKey: 'sk-bench', maxRetries: 0 });
      const rows: FirstTokenRow[] = [];
      for (const size of SIZES) {
        const conversation = seeded.get(size);
        let lastBody: MessagesRequestBody | undefined;
        let bareTurns = 0;
        // The fake forgets every request once it is taken: 5000-message bodies add up.
        const hostTurn = async () => {
          const timing = await hostFirstToken(core, PROMPT, {
            ...(conversation ? { conversationId: conversation.id } : {}),
          });
          const body = fake.messageRequests.at(-1)?.body as MessagesRequestBody | undefined;
          if (body?.stream !== true) throw new Error('no streamed request from the host');
          lastBody = body;
          fake.reset();
          return timing;
        };
        const bareTurn = async () => {
          if (!lastBody) throw new Error('the host has not sent a request yet');
          const params = lastBody as unknown as MessageCreateParamsStreaming;
          const timing = await bareFirstToken(client, params);
          // The same bytes: what the bare SDK sent re-serializes exactly as the host's did.
          // Checked on the first turns only: two more 5 MB strings per turn would leave garbage
          // for whichever side runs next to collect.
          if (
            bareTurns++ < CHECKED_TURNS &&
            JSON.stringify(fake.messageRequests.at(-1)?.body) !== JSON.stringify(lastBody)
          )
            throw new Error('the bare request differs from the host’s');
          fake.reset();
          return timing;
        };
        const first = await hostTurn();
        const compared = await compareFirstToken({
          host: hostTurn,
          bare: bareTurn,
          arrivedAt: () => arrivedAt,
          ...FIRST_TOKEN_TURNS,
        });
        rows.push({
          priorMessages: size,
          toolCalls: conversation?.toolCalls ?? 0,
          firstTurnMs: round(first.firstToken - first.started),
          request: {
            messages: lastBody?.messages.length ?? 0,
            bodyBytes: Buffer.byteLength(JSON.stringify(lastBody)),
          },
          ...compared,
        });
      }
      return {
        replyChars: REPLY.length,
        ...FIRST_TOKEN_TURNS,
        rows,
        goals: rows.map((row) =>
          ratioGoal({
            id: `chatFirstToken.${row.priorMessages}`,
            text: `time to first token with ${row.priorMessages} prior messages, host (send → first textDelta event) / bare SDK, median`,
            measured: row.host.ms,
            baseline: row.bare.ms,
            baselineWhat: 'the Anthropic SDK sending the host’s request bytes to the same fake',
            limit: LIMIT,
          }),
        ),
      };
    } finally {
      await disposeCore();
    }
  } finally {
    await closeFake();
  }
}
