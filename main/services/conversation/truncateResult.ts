import type { ToolResultContent } from './mapToolResult';

/** What {@link truncateResult} decided. */
export interface TruncatedResult {
  /** What the model gets. */
  content: ToolResultContent[];
  truncated: boolean;
  /** Characters of text in the full result. */
  totalChars: number;
  /** Characters of the full result's text that the model gets (the note not counted). */
  sentChars: number;
}

/** Default budget of text characters per tool result (roughly 10k tokens). */
export const DEFAULT_RESULT_BUDGET_CHARS = 40_000;

/**
 * Keeps a tool result's text within `budgetChars`: text blocks are kept in order until the
 * budget runs out, the block that crosses it is cut, later text is dropped, and a note tells
 * the model how much it got. Images are kept (they are not measured in characters). The full
 * result is not touched: the caller keeps it for the person.
 */
export function truncateResult(content: ToolResultContent[], budgetChars: number): TruncatedResult {
  const totalChars = content.reduce(
    (sum, block) => sum + (block.type === 'text' ? block.text.length : 0),
    0,
  );
  if (totalChars <= budgetChars) {
    return { content, truncated: false, totalChars, sentChars: totalChars };
  }
  const kept: ToolResultContent[] = [];
  const budget = Math.max(0, budgetChars);
  let remaining = budget;
  for (const block of content) {
    if (block.type !== 'text') {
      kept.push(block);
    } else if (block.text.length <= remaining) {
      kept.push(block);
      remaining -= block.text.length;
    } else if (remaining > 0) {
      const text = cutAt(block.text, remaining);
      if (text) kept.push({ type: 'text', text });
      remaining -= text.length;
    }
  }
  const sentChars = budget - remaining;
  kept.push({
    type: 'text',
    text: `[truncated: ${sentChars} of ${totalChars} characters; the full result is kept in the app]`,
  });
  return { content: kept, truncated: true, totalChars, sentChars };
}

/** The first `length` UTF-16 units, one fewer if that would split a surrogate pair. */
function cutAt(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  const splitsPair = code >= 0xd800 && code <= 0xdbff;
  return text.slice(0, splitsPair ? length - 1 : length);
}
