import type { ConversationMessage } from '../../../shared/domain/conversationMessage';
import type { MessageRecord } from '../store/MessageRecord';

/**
 * What the model is told when the person asks it to go on with a reply that was cut off.
 * Recent models refuse a history that ends with the assistant's own words (no prefill), so the
 * request goes as a short instruction after the partial reply; it is not stored, and the
 * stored partial and its continuation join into one reply in later histories.
 */
export const CONTINUE_INSTRUCTION =
  'Your previous reply was cut off before it was finished. Continue it from exactly where it ' +
  'stopped, without repeating anything you already wrote and without commenting on the break.';

/** Statuses of a reply that ended before the model finished it. */
const CUT = new Set(['failed', 'stopped', 'interrupted']);

/** The newest message, when it is a reply that was cut off with some text kept. */
export function cutReply(messages: readonly MessageRecord[]): MessageRecord | undefined {
  const last = messages.at(-1);
  if (!last || last.role !== 'assistant' || !CUT.has(last.status)) return undefined;
  const hasText = last.content.some((b) => b.type === 'text' && b.text.trim() !== '');
  return hasText ? last : undefined;
}

/** The history for a continuation: as stored, then the instruction to go on. */
export function withContinueInstruction(
  history: readonly ConversationMessage[],
): ConversationMessage[] {
  return [...history, { role: 'user', content: [{ type: 'text', text: CONTINUE_INSTRUCTION }] }];
}
