import { memo } from 'react';
import type { ToolResultBlock } from '../../../shared/domain/conversationMessage';
import type { ChatMessage } from '../../stores/chatModel';
import { AssistantMessage } from './AssistantMessage';
import { UserMessage } from './UserMessage';

interface MessageRowProps {
  message: ChatMessage;
  lastReply: boolean;
  continued: boolean;
  editable: boolean;
  sentResults: Record<string, ToolResultBlock>;
}

/**
 * One message of the list. Memoized on the message object: a streamed delta makes a new
 * object only for the reply it belongs to, so the other rows do not render again.
 */
export const MessageRow = memo(function MessageRow({
  message,
  lastReply,
  continued,
  editable,
  sentResults,
}: MessageRowProps) {
  return message.role === 'user' ? (
    <UserMessage message={message} editable={editable} />
  ) : (
    <AssistantMessage
      message={message}
      lastReply={lastReply}
      continued={continued}
      sentResults={sentResults}
    />
  );
});

/**
 * Guesses by message object. The list asks again for every row not yet measured whenever its
 * rows change, which is on every streamed delta: with a long history loaded, re-reading every
 * message's text was most of a delta's cost. Messages are immutable (a change makes a new
 * object), so a guess never goes stale.
 */
const estimates = new WeakMap<ChatMessage, number>();

/** Lines of a text, counted without splitting it (thousands of messages are guessed at once). */
function lines(text: string): number {
  let count = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** A first guess at a row's height, close enough that scrolling far up does not jump much. */
export function estimateMessageHeight(message: ChatMessage): number {
  const known = estimates.get(message);
  if (known !== undefined) return known;
  let height = message.role === 'user' ? 56 : 48;
  for (const block of message.content) {
    if (block.type === 'text')
      height += Math.ceil(block.text.length / 90) * 22 + lines(block.text) * 6;
    else if (block.type === 'tool_use') height += 64;
    else if (block.type === 'image') height += 200;
  }
  const estimate = Math.min(height, 4000);
  estimates.set(message, estimate);
  return estimate;
}
