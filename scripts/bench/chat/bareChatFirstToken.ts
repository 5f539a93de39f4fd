import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { FirstTokenTiming } from './FirstTokenTiming';

/**
 * One streamed Chat Completions request through the bare `openai` SDK, timed from
 * `chat.completions.create` to the first content delta, and read to its end (usage chunk
 * included) as the host reads it.
 */
export async function bareChatFirstToken(
  client: OpenAI,
  params: ChatCompletionCreateParamsStreaming,
): Promise<FirstTokenTiming> {
  const started = performance.now();
  const stream = await client.chat.completions.create(params);
  let firstAt: number | undefined;
  let finish: string | null | undefined;
  for await (const chunk of stream) {
    const choice = chunk.choices[0];
    if (choice?.delta.content) firstAt ??= performance.now();
    finish ??= choice?.finish_reason;
  }
  if (firstAt === undefined) throw new Error('bare request streamed no text');
  if (finish !== 'stop') throw new Error(`bare stream ended with ${String(finish)}`);
  return { started, firstToken: firstAt };
}
