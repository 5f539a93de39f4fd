import type Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import type { FirstTokenTiming } from './FirstTokenTiming';

/**
 * One streamed request through the bare SDK, timed from `messages.create` to the first
 * `text_delta`. The stream is read to its end, as the host reads it, so the connection goes
 * back to the pool in the same state for the next request.
 */
export async function bareFirstToken(
  client: Anthropic,
  params: MessageCreateParamsStreaming,
): Promise<FirstTokenTiming> {
  const started = performance.now();
  const stream = await client.messages.create(params);
  let firstAt: number | undefined;
  let stopReason: string | null | undefined;
  for await (const event of stream) {
    if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
      firstAt ??= performance.now();
    } else if (event.type === 'message_delta') {
      stopReason = event.delta.stop_reason;
    }
  }
  if (firstAt === undefined) throw new Error('bare request streamed no text');
  if (stopReason !== 'end_turn') throw new Error(`bare stream ended with ${String(stopReason)}`);
  return { started, firstToken: firstAt };
}
