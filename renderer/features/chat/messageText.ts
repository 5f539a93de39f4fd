import type { ChatMessage } from '../../stores/chatModel';

/** A reply's text as the model wrote it (Markdown), its text blocks one after another. */
export function replyMarkdown(message: ChatMessage): string {
  return message.content
    .flatMap((block) => (block.type === 'text' && block.text.trim() ? [block.text.trim()] : []))
    .join('\n\n');
}
