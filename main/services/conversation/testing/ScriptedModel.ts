import type { ModelClient, ModelRequest, ModelStreamEvent } from '../../models/ModelClient';

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
  readonly label = 'Scripted';
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
  const events: ModelStreamEvent[] = [
    { type: 'messageStart', usage: { inputTokens: 10, outputTokens: 1 } },
  ];
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      events.push(
        { type: 'blockStart', index, block: { type: 'text' } },
        { type: 'blockDelta', index, delta: { type: 'text', text: block.text } },
      );
    } else {
      events.push(
        { type: 'blockStart', index, block: { type: 'toolUse', id: block.id, name: block.name } },
        { type: 'blockDelta', index, delta: { type: 'toolInput', json: block.json } },
      );
    }
    events.push({ type: 'blockStop', index });
  });
  events.push(
    { type: 'messageDelta', stopReason, usage: { outputTokens: 5 } },
    { type: 'messageStop' },
  );
  return events;
}
