import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import {
  startFakeAnthropic,
  type MessagesRequestBody,
} from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { message } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import type { BenchContext } from '../BenchContext';
import { atMost, type Goal } from '../Goal';
import { round, summarize, type Summary } from '../summarize';
import { bareFirstToken } from './bareFirstToken';
import { createChatHost } from './createChatHost';
import type { FirstTokenTiming } from './FirstTokenTiming';
import { hostFirstToken } from './hostFirstToken';
import { once } from './once';

const WARMUP_TURNS = 5;
const TURNS = 30;
const LIMIT = 1.2;
const PROMPT = 'Give me a short overview of what an MCP server does.';
/** ~500 characters in 8-character deltas (the fake's default): ~65 text deltas. */
const REPLY =
  'An MCP server exposes **tools**, resources and prompts to a host over JSON-RPC. ' +
  'The host starts it (stdio) or connects to it (HTTP), asks what it offers, and lets the ' +
  'model call its tools, with a person approving each call.\n\n' +
  '- Tools are functions the model may call.\n' +
  '- Resources are data the host can read.\n' +
  '- Prompts are templates a person can pick.\n\n' +
  'Each server runs in its own process, so a crash in one never takes the host down.';

/** Time to first token of one side, whole and split at the request's arrival at the fake. */
export interface FirstTokenSide {
  /** Start → first text delta: the goal's measure. */
  ms: Summary;
  /** Start → the fake has the whole request (parsed and validated) and picks its reply. */
  toRequestMs: Summary;
  /** From there → first text delta: the response's way back through the client. */
  fromRequestMs: Summary;
}

/** Goal 1 of the chat issue: time to first token, host vs bare SDK, against the same fake. */
export interface ChatFirstTokenReport {
  /** What the host sent: no MCP servers, so no tools and no system prompt; bare sends the same. */
  request: { tools: number; system: boolean; messages: number; bodyBytes: number };
  replyChars: number;
  warmupTurns: number;
  turns: number;
  host: FirstTokenSide;
  bare: FirstTokenSide;
  /** Median host minus median bare. */
  hostOverheadMs: number;
  ratio: { median: number; p99: number };
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

      const host = new SideSamples(
        () => hostFirstToken(core, PROMPT),
        () => arrivedAt,
      );
      const bare = new SideSamples(
        () => bareFirstToken(client, params),
        () => arrivedAt,
      );
      for (let i = 0; i < WARMUP_TURNS; i++) {
        await host.run(false);
        await bare.run(false);
      }
      for (let i = 0; i < TURNS; i++) {
        const [first, second] = i % 2 === 0 ? [host, bare] : [bare, host];
        await first.run(true);
        await second.run(true);
      }
      const hostSide = host.summary();
      const bareSide = bare.summary();
      const ratio = {
        median: round(hostSide.ms.median / bareSide.ms.median),
        p99: round(hostSide.ms.p99 / bareSide.ms.p99),
      };
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
        host: hostSide,
        bare: bareSide,
        hostOverheadMs: round(hostSide.ms.median - bareSide.ms.median),
        ratio,
        goals: [
          atMost(
            'chatFirstToken.median',
            'time to first token, host (send → first textDelta event) / bare SDK, median',
            ratio.median,
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

/** One side's samples: whole time to first token and its split at the request's arrival. */
class SideSamples {
  private readonly whole: number[] = [];
  private readonly toRequest: number[] = [];
  private readonly fromRequest: number[] = [];

  constructor(
    private readonly turn: () => Promise<FirstTokenTiming>,
    private readonly arrivedAt: () => number,
  ) {}

  async run(keep: boolean): Promise<void> {
    const timing = await this.turn();
    if (!keep) return;
    const arrived = this.arrivedAt();
    if (arrived < timing.started || arrived > timing.firstToken) {
      throw new Error('the request arrived outside its own turn');
    }
    this.whole.push(timing.firstToken - timing.started);
    this.toRequest.push(arrived - timing.started);
    this.fromRequest.push(timing.firstToken - arrived);
  }

  summary(): FirstTokenSide {
    return {
      ms: summarize(this.whole),
      toRequestMs: summarize(this.toRequest),
      fromRequestMs: summarize(this.fromRequest),
    };
  }
}
