import type { ContentBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { AttachmentView } from '../../../shared/domain/attachments';
import type { ReasoningBlock } from '../../../shared/domain/conversationMessage';
import type { RequestTools } from '../../../shared/domain/toolSearch';
import type { HostText } from '../../../shared/text/hostText';

/** Who wrote a message. Tool results travel in `user` messages, as the Messages API wants. */
export type MessageRole = 'user' | 'assistant';

/**
 * Where a message is in its life. `streaming` only exists while a process is writing it; on the
 * next open a leftover `streaming` message becomes `interrupted` (the UI offers "continue").
 */
export type MessageStatus = 'complete' | 'streaming' | 'interrupted' | 'failed' | 'stopped';

/** The statuses a streaming message can end in. */
export type FinalMessageStatus = Exclude<MessageStatus, 'streaming'>;

/**
 * One content block, stored in the Anthropic `MessageParam` block shape, or readable reasoning
 * (our own block; see shared/domain/conversationMessage.ts).
 */
export type StoredContentBlock = ContentBlockParam | ReasoningBlock;

/** Tokens spent by one model call (one assistant message). */
export interface TokenUsage {
  input: number;
  output: number;
  /** Input tokens served from the prompt cache. */
  cacheRead: number;
  /** Input tokens written to the prompt cache. */
  cacheWrite: number;
  /** The tool definitions the request carried (kept in the message's usage JSON only). */
  tools?: RequestTools;
}

/** Why a message failed, in the app's error vocabulary. */
export interface MessageError {
  code: string;
  message: string;
  /** The message as a key and values, when it was one of main's. */
  text?: HostText;
}

/** A stored message. */
export interface MessageRecord {
  id: string;
  conversationId: string;
  /** Position in the conversation: 0, 1, 2… with no reuse; the paging key. */
  ordinal: number;
  role: MessageRole;
  content: StoredContentBlock[];
  status: MessageStatus;
  /** Groups the messages of one user turn (the tool loop makes several model calls). */
  turnId: string | null;
  /** The provider of the model that wrote it (assistant messages), e.g. `anthropic`, `deepseek`. */
  provider: string | null;
  model: string | null;
  stopReason: string | null;
  error: MessageError | null;
  usage: TokenUsage | null;
  createdAt: number;
  updatedAt: number;
  /** What the person attached (origin, not bytes); absent when nothing was. */
  attachments?: AttachmentView[];
  /** Which version of its place this is, when an edit made others (pages only). */
  branch?: { index: number; count: number };
}

/** Input of `appendMessage`. */
export interface AppendMessageInput {
  role: MessageRole;
  content: StoredContentBlock[];
  /** Defaults to `complete`; `streaming` is only reachable through `beginAssistantMessage`. */
  status?: FinalMessageStatus;
  id?: string;
  turnId?: string;
  provider?: string;
  model?: string;
  stopReason?: string;
  usage?: TokenUsage;
  error?: MessageError;
  attachments?: AttachmentView[];
}

/** Input of `beginAssistantMessage`. */
export interface BeginAssistantMessageInput {
  id?: string;
  turnId?: string;
  provider?: string;
  model?: string;
  /** Blocks already known when the stream starts (rare; normally empty). */
  content?: StoredContentBlock[];
}

/** Input of `finishMessage`. */
export interface FinishMessageInput {
  status: FinalMessageStatus;
  usage?: TokenUsage;
  error?: MessageError;
  stopReason?: string;
  /** The authoritative final blocks (e.g. the SDK's final message); replaces the streamed ones. */
  content?: StoredContentBlock[];
}

/** Token totals, e.g. for a conversation. */
export interface UsageTotals extends TokenUsage {
  /** Number of model calls that reported usage. */
  calls: number;
}
