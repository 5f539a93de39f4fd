import type {
  FakeAnthropic,
  MessagesRequestBody,
} from '../../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import {
  conversationEventSchema,
  type ConversationEvent,
  type ConversationEventOf,
  type ConversationEventType,
} from '../../../../shared/domain/conversationEvents';
import { AnthropicModel } from '../../models/anthropic/AnthropicModel';
import type { ExecuteTool } from '../ExecuteTool';
import type { ModelClient, ModelTool } from '../../models/ModelClient';
import type { RetryPolicy } from '../retryPolicy';
import { runTurn, type RunTurnOptions, type TurnResult } from '../runTurn';

export const API_KEY = 'sk-ant-api03-test-key';

/** Retries quickly and without jitter, so delays can be asserted exactly. */
export const FAST_RETRY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 20,
  maxDelayMs: 100,
  maxRetryAfterMs: 5_000,
  jitter: 0,
};

export const TEST_TOOLS: ModelTool[] = [
  {
    modelName: 'echo',
    description: 'Returns the text it was given.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  { modelName: 'fail', description: 'Always fails.', inputSchema: { type: 'object' } },
  { modelName: 'slow', description: 'Takes its time.', inputSchema: { type: 'object' } },
];

/** `echo` returns its `text`; `fail` reports an error; anything else returns "ok". */
export const simpleExecutor: ExecuteTool = (call) => {
  const input = (call.input ?? {}) as { text?: string };
  if (call.modelName === 'fail') {
    return Promise.resolve({ content: [{ type: 'text', text: 'boom' }], isError: true });
  }
  const text = call.modelName === 'echo' ? (input.text ?? '') : 'ok';
  return Promise.resolve({ content: [{ type: 'text', text }] });
};

/**
 * An executor that echoes `text` after 100 ms and logs when each call starts and ends, so a
 * test can see that calls overlapped.
 */
export function overlapLog(): { log: string[]; executeTool: ExecuteTool } {
  const log: string[] = [];
  const executeTool: ExecuteTool = async (call) => {
    const input = call.input as { text: string };
    log.push(`start ${input.text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    log.push(`end ${input.text}`);
    return { content: [{ type: 'text', text: input.text }] };
  };
  return { log, executeTool };
}

/** A finished turn with its events (each one validated against the shared schema). */
export interface TurnRun {
  result: TurnResult;
  events: ConversationEvent[];
  elapsedMs: number;
  of<T extends ConversationEventType>(type: T): Array<ConversationEventOf<T>>;
  /** All text deltas joined. */
  streamedText(): string;
}

/** Runs one turn through the real SDK adapter against `fake`. */
export function runWithFake(
  fake: FakeAnthropic,
  overrides: Partial<RunTurnOptions> = {},
): Promise<TurnRun> {
  return runWithClient(new AnthropicModel({ apiKey: API_KEY, baseURL: fake.url }), {
    model: 'claude-sonnet-5-5',
    ...overrides,
  });
}

/** Runs one turn through `client`, with the test tools and a fast retry policy. */
export async function runWithClient(
  client: ModelClient,
  overrides: Partial<RunTurnOptions> = {},
): Promise<TurnRun> {
  const events: ConversationEvent[] = [];
  const started = Date.now();
  const result = await runTurn({
    conversationId: 'conv-1',
    turnId: 'turn-1',
    client,
    model: 'test-model',
    system: 'You are a test assistant.',
    messages: [{ role: 'user', content: 'hello' }],
    tools: TEST_TOOLS,
    executeTool: simpleExecutor,
    retryPolicy: FAST_RETRY,
    ...overrides,
    onEvent: (event) => {
      events.push(conversationEventSchema.parse(event));
      overrides.onEvent?.(event);
    },
  });
  const of = <T extends ConversationEventType>(type: T): Array<ConversationEventOf<T>> =>
    events.filter((event): event is ConversationEventOf<T> => event.type === type);
  return {
    result,
    events,
    elapsedMs: Date.now() - started,
    of,
    streamedText: () =>
      of('textDelta')
        .map((event) => event.text)
        .join(''),
  };
}

/** The body of the `index`-th message request the fake received. */
export function sentBody(fake: FakeAnthropic, index: number): MessagesRequestBody {
  const body = fake.messageRequests[index]?.body;
  if (body === undefined) throw new Error(`no message request #${index}`);
  return body as MessagesRequestBody;
}
