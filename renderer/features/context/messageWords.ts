import type { ChatMessage } from '../../stores/chatModel';

/** Notes main writes for attachments whose content was not sent (binary, empty). */
const ATTACHMENT_NOTE = /^\[Attached .*— (binary content not sent|empty)\]$/su;

/**
 * The person's own words in a stored message. With attachments, main stores their blocks
 * first and the words as the last text block; the attachments show as chips, not as text.
 */
export function messageWords(message: Pick<ChatMessage, 'content' | 'attachments'>): string {
  if (message.attachments && message.attachments.length > 0) {
    const last = message.content.at(-1);
    return last?.type === 'text' && !ATTACHMENT_NOTE.test(last.text) ? last.text : '';
  }
  return message.content.map((b) => (b.type === 'text' ? b.text : '')).join('\n\n');
}
