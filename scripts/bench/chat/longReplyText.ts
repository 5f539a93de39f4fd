import { sampleAssistantText } from './sampleText';
import { seededRandom } from '../../../main/testing/seededRandom';

/**
 * A long Markdown answer of exactly `chars` characters (the same text on every call) that
 * ends with a paragraph holding `marker`. Whole sample answers are put together and the rest
 * is filled with plain words, so no code fence is left open and the marker stays plain text.
 */
export function longReplyText(chars: number, marker: string): string {
  const random = seededRandom(42);
  const tail = `\n\nEnd of reply ${marker}`;
  // Room for "\n\n" and at least one character of filler before the tail.
  const room = chars - tail.length - 3;
  const blocks: string[] = [];
  let length = 0;
  for (;;) {
    const next = sampleAssistantText(random);
    const added = (blocks.length > 0 ? 2 : 0) + next.length;
    if (length + added > room) break;
    blocks.push(next);
    length += added;
  }
  const body = blocks.join('\n\n');
  const fill = chars - tail.length - body.length - (body ? 2 : 0);
  const filler = 'and the answer goes on a little longer '.repeat(Math.ceil(fill / 39) + 1);
  const text = `${body ? `${body}\n\n` : ''}${filler.slice(0, fill)}${tail}`;
  if (text.length !== chars) throw new Error(`longReplyText: ${text.length} ≠ ${chars} chars`);
  return text;
}
