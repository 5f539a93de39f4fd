import type { MessageBlock } from '../../../shared/domain/conversationMessage';

/**
 * The person's message as blocks: attachments first, the person's words last (the model reads
 * long context best before the question).
 */
export function userContent(
  text: string,
  attachmentBlocks: readonly MessageBlock[],
): MessageBlock[] {
  const words = text.trim().length > 0 ? [{ type: 'text' as const, text }] : [];
  return [...attachmentBlocks, ...words];
}

/** Notes written for attachments that were not sent as content (see toAttachmentBlocks). */
const attachmentNote = /^\[Attached .*— (binary content not sent|empty)\]$/su;

/**
 * The attachment blocks of a stored message of the person: everything but the trailing text
 * block of their own words (a trailing note is an attachment's, not theirs).
 */
export function keptAttachmentBlocks(content: readonly unknown[]): MessageBlock[] {
  const blocks = content as MessageBlock[];
  const last = blocks.at(-1);
  const ownWords = last?.type === 'text' && !attachmentNote.test(last.text);
  return ownWords ? blocks.slice(0, -1) : [...blocks];
}
