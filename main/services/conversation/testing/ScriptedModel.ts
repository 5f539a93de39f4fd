import type { ModelClient, ModelRequest, ModelStreamEvent } from '../ModelClient';

/** One scripted response: stream events, then optionally a failure or a hang. */
export interface ScriptedResponse {
  events: ModelStreamEvent[];
  /** Thrown after the events. */
  error?: Error;
  /** After the events, wait forever, ignoring the abort signal (a badly behaved client). */
  hang?: boolean;
}

/** Block specs for {@link scriptedMessage}. */
export type ScriptedBlock =
  { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; json: string };

/**
 * A {@link ModelClient} that replays scripted responses in order and records every request.
 * For loop tests that need no HTTP; the end-to-end tests use the fake API instead.
 */
export class ScriptedModel implements ModelClient {
  readonly requests: ModelRequest[] = [];
  private readonly queue: ScriptedResponse[];

  constructor(responses: ScriptedResponse[]) {
    this.queue = [...responses];
  }

  async *stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    this.requests.push(request);
    const response = this.queue.shift();
    if (!response) throw new Error('ScriptedModel: no response left');
    for (const event of response.events) {
      await Promise.resolve();
      yield event;
    }
    if (response.error) throw response.error;
    if (response.hang) await new Promise<never>(() => undefined);
  }
}

/** The full event sequence of one assistant message. */
export function scriptedMessage(
  blocks: ScriptedBlock[],
  stopReason: string = blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn',
): ModelStreamEvent[] {
  const events: unknown[] = [
    {
      type: 'message_start',
      message: {
        id: 'msg_scripted',
        type: 'message',
        role: 'assistant',
        model: 'scripted',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    },
  ];
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      events.push(
        { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } },
      );
    } else {
      events.push(
        {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        },
        {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: block.json },
        },
      );
    }
    events.push({ type: 'content_block_stop', index });
  });
  events.push(
    {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: 5 },
    },
    { type: 'message_stop' },
  );
  // The SDK's event types carry many nullable fields the loop never reads.
  return events as ModelStreamEvent[];
}
