import { join } from 'node:path';
import { ConversationStore } from '../../../main/services/store/ConversationStore';
import type { BenchContext } from '../BenchContext';
import { BenchShell } from '../BenchShell';
import { ratioGoal, type Goal } from '../Goal';
import { round } from '../summarize';
import { FIRST_TOKEN_PROMPT as PROMPT, FIRST_TOKEN_REPLY as REPLY } from './firstTokenPrompt';
import {
  startProviderFake,
  type ProviderFake,
  type FirstTokenProviderName,
  type RequestBody,
} from './firstTokenProviders';
import { once } from './once';
import {
  compareFirstToken,
  FIRST_TOKEN_TURNS,
  type FirstTokenComparison,
} from './runFirstTokenBench';
import { seedConversation, type SeededConversation } from './seedConversation';
import { socketFirstToken } from './socketFirstToken';

const SIZES = [0, 1000, 5000] as const;
const LIMIT = 1.15;
/**
 * Turns of the empty-history row. Its turns take 2–4 ms, and after FIRST_TOKEN_TURNS' 5 warm-up
 * turns the shell (a new process for this benchmark) was still getting faster: over 200 turns
 * its first token went from 3.8 to 1.9 ms. The bare side runs in this process, which the
 * benchmarks before had warmed (after chatFirstToken's 390 turns, the openai row's bare turn was
 * 2.2 ms against 2.6 ms alone). More turns, for both sides, time the turns of a host in use;
 * at 0 messages they cost seconds.
 */
const EMPTY_HISTORY_TURNS = { warmupTurns: 30, turns: 200 };
/** Bare turns whose request is compared byte for byte with the host's. */
const CHECKED_TURNS = 3;

/** One history size. */
export interface FirstTokenRow extends FirstTokenComparison {
  /** Messages in the conversation before the first measured turn (it grows by 2 a turn). */
  priorMessages: number;
  /** Untimed turns per side before the timed ones. */
  warmupTurns: number;
  /** Timed turns per side. */
  turns: number;
  toolCalls: number;
  /** The host's first turn in the conversation, before anything of it was kept: ms. */
  firstTurnMs: number;
  /** What the host sent on its last turn: no servers, so no tools and no system prompt. */
  request: { messages: number; bodyBytes: number };
}

/** Time to first token with 0, 1000 and 5000 prior messages, host vs bare SDK. */
export interface ChatFirstTokenReport {
  provider: FirstTokenProviderName;
  replyChars: number;
  rows: FirstTokenRow[];
  goals: Goal[];
}

/** `chatFirstToken`: the Anthropic Messages API. */
export function benchChatFirstToken(ctx: BenchContext): Promise<ChatFirstTokenReport> {
  return runChatFirstToken(ctx, 'anthropic');
}

/**
 * Times turns through the web shell's socket against a provider's fake API in this process.
 * Host: the built web shell as its own process, no MCP servers (so no tools and no system
 * prompt), over a history store seeded with conversations of 1000 and 5000 messages with tool
 * calls among them; `conversation.send` → first `textDelta` event frame on the socket. With 0
 * messages each turn is a new conversation; otherwise turns continue the seeded one. Bare: the
 * provider's SDK (`maxRetries: 0`) in this process sending the body of the host's latest
 * request, checked to be the same bytes, → first text delta. Host and bare alternate (see
 * {@link compareFirstToken}).
 */
export async function runChatFirstToken(
  ctx: BenchContext,
  provider: FirstTokenProviderName,
): Promise<ChatFirstTokenReport> {
  let arrivedAt = 0;
  const fake = await startProviderFake(provider, REPLY, () => {
    arrivedAt = performance.now();
  });
  const closeFake = once(() => fake.close());
  ctx.janitor.onCleanup(closeFake);
  try {
    const seeded = new Map<number, SeededConversation>();
    const shell = await BenchShell.start(
      ctx,
      {},
      {
        env: fake.env,
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
      },
    );
    const stopShell = once(() => shell.stop());
    ctx.janitor.onCleanup(stopShell);
    try {
      const rows: FirstTokenRow[] = [];
      let titles = 0;
      for (const size of SIZES) {
        const conversation = seeded.get(size);
        let lastBody: RequestBody | undefined;
        let bareTurns = 0;
        // The fake forgets every request once it is taken: 5000-message bodies add up.
        const hostTurn = async () => {
          // A new conversation is named after its first exchange: a title the turn waits for.
          const title = `First-token turn ${String(++titles)}`;
          if (!conversation) fake.scriptTitle(title);
          const timing = await socketFirstToken(shell.socket, PROMPT, {
            ...(conversation ? { conversationId: conversation.id } : { title }),
            ...(fake.model ? { model: fake.model } : {}),
          });
          const body = fake.lastBody();
          if (body?.stream !== true) throw new Error('no streamed request from the host');
          lastBody = body;
          fake.reset();
          return timing;
        };
        const bareTurnWith = (send: ProviderFake['bare']) => async () => {
          if (!lastBody) throw new Error('the host has not sent a request yet');
          const timing = await send(lastBody);
          // The same bytes: what the bare SDK sent re-serializes exactly as the host's did.
          // Checked on the first turns only: two more 5 MB strings per turn would leave garbage
          // for whichever side runs next to collect.
          if (
            bareTurns++ < CHECKED_TURNS &&
            JSON.stringify(fake.lastBody()) !== JSON.stringify(lastBody)
          )
            throw new Error('the bare request differs from the host’s');
          fake.reset();
          return timing;
        };
        const bareTurn = bareTurnWith((body) => fake.bare(body));
        const bareHostFetchTurn = bareTurnWith((body) => fake.bareHostFetch(body));
        const first = await hostTurn();
        const counts = size === 0 ? EMPTY_HISTORY_TURNS : FIRST_TOKEN_TURNS;
        const compared = await compareFirstToken({
          host: hostTurn,
          bare: bareTurn,
          bareHostFetch: bareHostFetchTurn,
          arrivedAt: () => arrivedAt,
          ...counts,
        });
        rows.push({
          priorMessages: size,
          ...counts,
          toolCalls: conversation?.toolCalls ?? 0,
          firstTurnMs: round(first.firstToken - first.started),
          request: {
            messages: (lastBody?.messages as unknown[] | undefined)?.length ?? 0,
            bodyBytes: Buffer.byteLength(JSON.stringify(lastBody)),
          },
          ...compared,
        });
      }
      return {
        provider,
        replyChars: REPLY.length,
        rows,
        goals: rows.map((row) =>
          ratioGoal({
            id: `chatFirstToken.${provider}.${String(row.priorMessages)}`,
            text: `time to first token with ${String(row.priorMessages)} prior messages, ${provider}, web shell socket (conversation.send → first textDelta event frame) / bare SDK, median`,
            measured: row.host.ms,
            baseline: row.bare.ms,
            baselineWhat: `the ${provider === 'anthropic' ? 'Anthropic' : 'openai'} SDK sending the host’s request bytes to the same fake`,
            limit: LIMIT,
          }),
        ),
      };
    } finally {
      await stopShell();
    }
  } finally {
    await closeFake();
  }
}
