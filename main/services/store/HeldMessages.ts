import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { ConversationRecord } from './ConversationRecord';
import type { ConversationTable } from './ConversationTable';
import type { AppendMessageInput, MessageRecord } from './MessageRecord';
import { MessageOutbox, type HeldMessage } from './MessageOutbox';
import type { MessageTable } from './MessageTable';
import type { MessageWriter } from './MessageWriter';
import { throwNotFound } from './notFound';
import { withTransaction } from './withTransaction';

/** What `HeldMessages` works with. */
export interface HeldMessagesOptions {
  db: DatabaseSync;
  conversations: ConversationTable;
  messages: MessageTable;
  writer: MessageWriter;
  now: () => number;
  /** Called after held messages were committed (they wait for the search index). */
  onCommitted: () => void;
  /** The store's file (':memory:' keeps nothing on disk). */
  file: string;
  /** fsync each write to the outbox (the store's `FULL` mode). */
  sync: boolean;
  /** False: a second process, which leaves what the app holds to the app. */
  recover: boolean;
}

/**
 * The person's messages between their send and their SQLite commit (see `MessageOutbox`):
 * `hold` keeps one durably without a SQLite transaction, `settle` commits what is held. The
 * store settles before everything it does with messages or conversations.
 */
export class HeldMessages {
  private readonly outbox: MessageOutbox;

  constructor(private readonly options: HeldMessagesOptions) {
    const file = options.file === ':memory:' ? undefined : `${options.file}-outbox`;
    this.outbox =
      file !== undefined && options.recover
        ? MessageOutbox.reopen(file, options.sync)
        : new MessageOutbox(file, options.sync);
  }

  /**
   * Holds `input` as the conversation's next message. Returns it as it will be stored and the
   * conversation as that commit leaves it. Throws NOT_FOUND, or if the outbox cannot be written
   * (then nothing is held).
   */
  hold(
    conversationId: string,
    input: AppendMessageInput,
    model?: string,
  ): { message: MessageRecord; conversation: ConversationRecord } {
    this.settle();
    const { conversations, writer } = this.options;
    const found =
      conversations.getWithNewest(conversationId) ?? throwNotFound('conversation', conversationId);
    const at = this.options.now();
    const changesModel = model !== undefined && model !== found.conversation.model;
    const held: HeldMessage = {
      conversationId,
      input: { ...input, id: input.id ?? randomUUID() },
      at,
      ...(changesModel ? { model } : {}),
    };
    this.outbox.hold(held);
    return {
      message: writer.recordOf(conversationId, held.input, found.newest + 1, at),
      conversation: { ...found.conversation, ...(changesModel ? { model } : {}), updatedAt: at },
    };
  }

  /** Commits what is held (a no-op when nothing is). Throws if the commit fails: kept then. */
  settle(): void {
    if (!this.outbox.pending) return;
    const { db, conversations, messages, writer } = this.options;
    this.outbox.drain((held) => {
      withTransaction(db, () => {
        for (const { conversationId, input, at, model } of held) {
          // Already in (committed by an earlier open), or its conversation is gone.
          if (messages.get(input.id) || !conversations.get(conversationId)) continue;
          writer.insert(conversationId, { ...input, status: input.status ?? 'complete' }, at);
          if (model !== undefined) conversations.update(conversationId, { model }, at);
        }
      });
    });
    this.options.onCommitted();
  }

  /** Commits what is held and lets go of the outbox file (kept for the next open on failure). */
  close(): void {
    try {
      this.settle();
    } finally {
      this.outbox.close();
    }
  }
}
