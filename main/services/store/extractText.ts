import type { StoredContentBlock } from './MessageRecord';

/**
 * The readable text of a message — its text blocks — used for search and list previews.
 * Tool inputs, tool results, images and thinking are left out: search finds what people read.
 */
export function extractText(content: readonly StoredContentBlock[]): string {
  const parts: string[] = [];
  for (const block of content) {
    if (block.type === 'text' && block.text !== '') parts.push(block.text);
  }
  return parts.join('\n\n');
}
