import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import type { ConversationTable } from './ConversationTable';
import { extractText } from './extractText';
import type {
  AppendMessageInput,
  BeginAssistantMessageInput,
  FinishMessageInput,
  MessageRecord,
  StoredContentBlock,
} from './MessageRecord';
import type { MessageTable } from './MessageTable';
import { throwNotFound } from './notFound';
import { StreamingWriter, type StreamingWriterOptions } from './StreamingWriter';
import type { UsageTable } from './UsageTable';
import { withTransaction } from './withTransaction';

/** Tables and settings `MessageWriter` works with. */
export interface MessageWriterOptions {
  db: DatabaseSync;
  conversations: ConversationTable;
  messages: MessageTable;
  usage: UsageTable;
  now: () => number;
  streaming: Pick<StreamingWriterOptions, 'flushIntervalMs' | 'onFlushed' | 'onError'>;
}

type NewMessage = Omit<AppendMessageInput, 'status'> & { status: MessageRecord['status'] };

/**
 * Every write that adds to or ends a message. Whole messages commit at once; streaming ones go
 * through `StreamingWriter` and commit their outcome together with the last buffered text.
 */
export class MessageWriter {
  private readonly streaming: StreamingWriter;

  constructor(private readonly options: MessageWriterOptions) {
    const { db, messages } = options;
    this.streaming = new StreamingWriter({
      ...options.streaming,
      persist: (batch) =>
        withTransaction(db, () => {
          const at = options.now();
          for (const entry of batch) messages.writeStreamingContent(entry.id, entry.content, at);
        }),
    });
  }

  /**
   * Inserts a message at the end of a conversation, which moves to the top of the list. `at`:
   * its time (default now).
   */
  insert(conversationId: string, input: NewMessage, at = this.options.now()): MessageRecord {
    const { db, conversations, messages, usage } = this.options;
    // What was written is known here: the record is not read back.
    const record = this.recordOf(conversationId, input, 0, at);
    withTransaction(db, () => {
      // First, so an unknown conversation is NOT_FOUND rather than a foreign key failure.
      if (!conversations.touch(conversationId, at)) throwNotFound('conversation', conversationId);
      record.ordinal = messages.insert({
        ...record,
        text: input.status === 'streaming' ? '' : extractText(input.content),
      });
      if (input.usage) usage.record(record.id, input.usage, at);
    });
    return record;
  }

  /** The record `insert` writes for `input` at `ordinal`. */
  recordOf(
    conversationId: string,
    input: Omit<NewMessage, 'status'> & { status?: MessageRecord['status'] },
    ordinal: number,
    at: number,
  ): MessageRecord {
    return {
      id: input.id ?? randomUUID(),
      conversationId,
      ordinal,
      role: input.role,
      content: input.content,
      status: input.status ?? 'complete',
      turnId: input.turnId ?? null,
      provider: input.provider ?? null,
      model: input.model ?? null,
      stopReason: input.stopReason ?? null,
      error: input.error ?? null,
      usage: input.usage ?? null,
      createdAt: at,
      updatedAt: at,
      ...(input.attachments ? { attachments: input.attachments } : {}),
    };
  }

  /** Inserts a `streaming` assistant message and starts buffering its deltas. */
  begin(conversationId: string, input: BeginAssistantMessageInput): MessageRecord {
    const message = this.insert(conversationId, {
      ...input,
      role: 'assistant',
      content: input.content ?? [],
      status: 'streaming',
    });
    this.streaming.open(message.id, conversationId, message.content);
    return message;
  }

  appendDelta(
    messageId: string,
    blockIndex: number,
    delta: string,
    kind: 'text' | 'reasoning' = 'text',
  ): void {
    this.streaming.appendDelta(messageId, blockIndex, delta, kind);
  }

  setBlock(messageId: string, blockIndex: number, block: StoredContentBlock): void {
    this.streaming.setBlock(messageId, blockIndex, block);
  }

  /** Writes the outcome and the final content (buffered deltas included) in one transaction. */
  finish(messageId: string, input: FinishMessageInput): MessageRecord {
    const { db, conversations, messages, usage } = this.options;
    // Released only after the commit: if it fails, the text is still here for a retry.
    const live = this.streaming.current(messageId);
    const stored = live ? undefined : messages.get(messageId);
    if (!live && stored?.status !== 'streaming') {
      throw new AppError(
        AppErrorCode.Validation,
        stored
          ? hostText('store.notStreaming', { id: messageId, status: stored.status })
          : hostText('store.noMessage', { id: messageId }),
      );
    }
    const content = input.content ?? live ?? stored?.content ?? [];
    const at = this.options.now();
    withTransaction(db, () => {
      messages.writeOutcome(messageId, {
        status: input.status,
        content,
        text: extractText(content),
        stopReason: input.stopReason ?? null,
        error: input.error ?? null,
        usage: input.usage ?? null,
        at,
      });
      if (input.usage) usage.record(messageId, input.usage, at);
      const conversationId = messages.get(messageId)?.conversationId;
      if (conversationId !== undefined) conversations.touch(conversationId, at);
    });
    this.streaming.release(messageId);
    return this.require(messageId);
  }

  /** Makes an ended assistant message (not `complete`) stream again, for "continue". */
  resume(messageId: string): MessageRecord {
    const message = this.require(messageId);
    if (
      message.role !== 'assistant' ||
      message.status === 'complete' ||
      this.streaming.has(messageId)
    ) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('store.notResumable', {
          id: messageId,
          role: message.role,
          status: message.status,
        }),
      );
    }
    withTransaction(this.options.db, () => {
      this.options.messages.writeOutcome(messageId, {
        ...message,
        status: 'streaming',
        text: '',
        at: this.options.now(),
      });
    });
    this.streaming.open(messageId, message.conversationId, message.content);
    return this.require(messageId);
  }

  /** Deletes the message at `ordinal` and every later one, dropping their live buffers. */
  deleteFrom(conversationId: string, ordinal: number): number {
    const { db, conversations, messages } = this.options;
    return withTransaction(db, () => {
      const doomed = new Set(
        this.streaming.ids().filter((id) => {
          const message = messages.get(id);
          return message?.conversationId === conversationId && message.ordinal >= ordinal;
        }),
      );
      const deleted = messages.deleteFrom(conversationId, ordinal);
      conversations.touch(conversationId, this.options.now());
      this.streaming.discard((id) => doomed.has(id));
      return deleted;
    });
  }

  /** Drops the live buffers of a conversation that is being deleted. */
  forgetConversation(conversationId: string): void {
    this.streaming.discard((_, owner) => owner === conversationId);
  }

  /** Commits buffered deltas now. */
  flush(): void {
    this.streaming.flush();
  }

  /** The message with its newest content if it is streaming here. */
  /** The newest content of a message streaming here, or undefined. */
  liveContent(id: string): StoredContentBlock[] | undefined {
    return this.streaming.snapshot(id);
  }

  withLiveContent(message: MessageRecord): MessageRecord {
    const live = this.streaming.snapshot(message.id);
    return live ? { ...message, content: live } : message;
  }

  /** Ends every message still streaming here as `interrupted` and stops the flush timer. */
  close(): void {
    try {
      for (const id of this.streaming.ids()) this.finish(id, { status: 'interrupted' });
    } finally {
      this.streaming.dispose();
    }
  }

  private require(id: string): MessageRecord {
    const message = this.options.messages.get(id);
    return message ? this.withLiveContent(message) : throwNotFound('message', id);
  }
}
