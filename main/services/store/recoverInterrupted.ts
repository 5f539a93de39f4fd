import { extractText } from './extractText';
import type { MessageTable } from './MessageTable';
import type { ToolCallTable } from './ToolCallTable';

/** What opening the store repaired after an unclean exit. */
export interface RecoveryReport {
  /** Messages found `streaming` and marked `interrupted`. */
  interruptedMessages: string[];
  /** Tool calls found `pending`/`running` and marked `cancelled`. */
  cancelledToolCalls: string[];
}

/**
 * Repairs what a killed writer left behind. A message still `streaming` keeps the content that
 * was flushed before the kill and becomes `interrupted`, with its text indexed for search. Every
 * pending or running tool call is cancelled: nothing runs it any more (calls run after their
 * assistant message completes, so this is not limited to interrupted messages).
 * Runs inside the caller's transaction.
 */
export function recoverInterrupted(
  messages: MessageTable,
  toolCalls: ToolCallTable,
  at: number,
): RecoveryReport {
  const interruptedMessages: string[] = [];
  for (const message of messages.listStreaming()) {
    messages.writeOutcome(message.id, {
      status: 'interrupted',
      content: message.content,
      text: extractText(message.content),
      stopReason: message.stopReason,
      error: message.error,
      usage: message.usage,
      at,
    });
    interruptedMessages.push(message.id);
  }
  const cancelledToolCalls = toolCalls.cancelActive(
    at,
    'CANCELLED',
    'The app stopped before this tool call finished.',
  );
  return { interruptedMessages, cancelledToolCalls };
}
