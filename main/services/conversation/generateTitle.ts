import { MessageAccumulator } from '../models/MessageAccumulator';
import type { ModelClient } from '../models/ModelClient';

/** How a title request starts; a local fake of the API recognises title requests by it. */
export const TITLE_SYSTEM_PROMPT =
  'You name conversations. Reply with a title for the conversation below: at most six words, ' +
  'in the language the person writes in, no quotes, no trailing punctuation, nothing else.';

/** Characters of each side of the exchange the model reads to name it. */
const EXCERPT_CHARS = 2000;
/** Longest title kept; the list shows less. */
const MAX_TITLE_CHARS = 80;

/**
 * A short title for a conversation from its first exchange, written by the conversation's own
 * model. Undefined when the model gives nothing usable (the caller keeps the title it has).
 */
export async function generateTitle(
  client: ModelClient,
  model: string,
  exchange: { person: string; reply: string },
  signal: AbortSignal,
): Promise<string | undefined> {
  const text =
    `Person: ${exchange.person.slice(0, EXCERPT_CHARS)}\n\n` +
    `Assistant: ${exchange.reply.slice(0, EXCERPT_CHARS)}`;
  const accumulator = new MessageAccumulator();
  const request = {
    model,
    maxTokens: 40,
    system: TITLE_SYSTEM_PROMPT,
    tools: [],
    messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text }] }],
  };
  for await (const event of client.stream(request, signal)) accumulator.apply(event, () => {});
  if (!accumulator.complete) return undefined;
  const written = accumulator
    .content({ partial: false, withToolUses: false })
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('');
  return cleanTitle(written);
}

/** The first line, without quotes, a "Title:" label or trailing punctuation; capped. */
export function cleanTitle(text: string): string | undefined {
  const line = (text.trim().split('\n')[0] ?? '')
    .replace(/^(title|标题)\s*[:：]\s*/iu, '')
    .replace(/^["'“”‘’「『《\s]+/u, '')
    .replace(/["'“”‘’」』》.。!！?？,，;；:：\s]+$/u, '')
    .trim();
  if (!line) return undefined;
  return line.length > MAX_TITLE_CHARS ? `${line.slice(0, MAX_TITLE_CHARS - 1)}…` : line;
}

/** The provisional title: the first line of the person's first message, until the model names it. */
export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 57)}…` : line || 'New conversation';
}
