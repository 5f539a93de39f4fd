import type { ConversationRecord } from './ConversationRecord';
import type { MessageRecord } from './MessageRecord';
import type { ToolCallRecord } from './ToolCallRecord';

/** Options of `listMessages`; give at most one of the two cursors. */
export interface ListMessagesOptions {
  /** Messages with a smaller ordinal (older), newest page first. Omit both cursors for the tail. */
  beforeOrdinal?: number;
  /** Messages with a larger ordinal (newer). */
  afterOrdinal?: number;
  /** Default 100, at most 1000. */
  limit?: number;
}

/** A page of messages in ascending ordinal order, with the tool calls they made. */
export interface MessagePage {
  messages: MessageRecord[];
  toolCalls: ToolCallRecord[];
  /** More messages exist beyond this page in the paging direction. */
  hasMore: boolean;
}

/** {@link MessagePage} as a window gets it: each message its `MessageView` JSON. */
export interface MessageViewPage extends Omit<MessagePage, 'messages'> {
  messages: { id: string; json: string }[];
}

/** A conversation with its newest page of messages. */
export interface ConversationWithMessages extends MessagePage {
  conversation: ConversationRecord;
}
