import type { ConversationMessage, MessageBlock } from '../../../shared/domain/conversationMessage';
import type { ConversationStore } from '../store/ConversationStore';
import type { MessageContent } from '../store/MessageTable';
import { buildHistory } from './buildHistory';

/** Messages read from the store between two turns of the event loop. */
const PAGE = 500;

/** Options of {@link ModelHistory}. */
export interface ModelHistoryOptions {
  /** Conversations kept at once (least recently used go first). Default 8. */
  maxConversations?: number;
  /** Characters kept over all of them (text, attachments, tool data); default 64 Mi. */
  maxChars?: number;
}

interface Kept {
  /** Ordinal of the newest message folded in; -1 before the first. */
  lastOrdinal: number;
  /** The history as the model gets it (see buildHistory); never mutated once handed out. */
  messages: ConversationMessage[];
  /** A rough size, for the memory bound. */
  chars: number;
  /** Reads in progress run one after another. */
  reading: Promise<void>;
  /** Reads started and not finished. */
  busy: number;
  /**
   * The person's message just sent, still held by the store (see `holdMessage`): it goes in
   * after what the store has, so reading the rest does not commit it before the request.
   */
  sent?: MessageContent;
}

/**
 * The model-facing history of conversations, kept in memory and brought up to date
 * incrementally: a turn reads only the messages added since the previous one, so setting a turn
 * up costs the same at 5 messages and at 5,000. A conversation not kept yet is read in pages,
 * yielding to the event loop between them, so a long history never blocks the host; `warm`
 * starts that read when a window opens the conversation, before the person sends anything.
 *
 * It relies on what the service guarantees: messages are only appended (ordinals grow), a read
 * happens between turns (no half-written turn is folded in), and whatever deletes or rewrites
 * messages (retry, edit, delete) calls `forget` first.
 */
export class ModelHistory {
  private readonly kept = new Map<string, Kept>();
  private readonly maxConversations: number;
  private readonly maxChars: number;

  constructor(
    private readonly store: ConversationStore,
    options: ModelHistoryOptions = {},
  ) {
    this.maxConversations = options.maxConversations ?? 8;
    this.maxChars = options.maxChars ?? 64 * 1024 * 1024;
  }

  /**
   * The conversation's history as the model gets it, up to its newest message. `newest`, the
   * ordinal of a message the caller just stored as the conversation's newest, lets a history
   * that already holds it be used without asking the store.
   */
  async read(conversationId: string, newest?: number): Promise<readonly ConversationMessage[]> {
    for (;;) {
      const entry = this.entry(conversationId);
      if (newest !== undefined && entry.busy === 0 && entry.lastOrdinal === newest) {
        return entry.messages;
      }
      await this.catchUp(conversationId, entry);
      // Forgotten meanwhile (a retry or an edit): read it again from the store.
      if (this.kept.get(conversationId) === entry) {
        this.foldSent(conversationId, entry);
        return entry.messages;
      }
    }
  }

  /** Starts reading a conversation in the background, so its next turn finds it ready. */
  warm(conversationId: string): void {
    void this.catchUp(conversationId, this.entry(conversationId)).catch(() => undefined);
  }

  /**
   * The person's message, just sent as the conversation's newest (held by the store, not yet
   * committed): folded in as it was sent, so the turn it starts does not read it back. When the
   * history is not up to the message before it (or a read is under way), the next read brings
   * it up to date from what is committed and folds this one in after.
   */
  appended(conversationId: string, message: MessageContent): void {
    const entry = this.entry(conversationId);
    if (entry.busy > 0 || entry.lastOrdinal !== message.ordinal - 1) {
      // The next read brings the history up to the message before it, then folds it in.
      entry.sent = message;
      return;
    }
    if (answersEarlierCall([message])) return;
    this.fold(conversationId, entry, [message], message.ordinal);
  }

  /** Folds in the message `appended` left for after the read, once the read reached it. */
  private foldSent(conversationId: string, entry: Kept): void {
    const { sent } = entry;
    if (!sent) return;
    entry.sent = undefined;
    // Already read from the store (something committed it meanwhile), or not adjacent.
    if (entry.lastOrdinal !== sent.ordinal - 1 || answersEarlierCall([sent])) return;
    this.fold(conversationId, entry, [sent], sent.ordinal);
  }

  /** Forgets a conversation whose messages were deleted or changed. */
  forget(conversationId: string): void {
    this.kept.delete(conversationId);
  }

  /** Conversations kept (tests). */
  get size(): number {
    return this.kept.size;
  }

  private entry(conversationId: string): Kept {
    const known = this.kept.get(conversationId);
    // Newest last: eviction takes the least recently used first.
    if (known) this.kept.delete(conversationId);
    const entry = known ?? {
      lastOrdinal: -1,
      messages: [],
      chars: 0,
      reading: Promise.resolve(),
      busy: 0,
    };
    this.kept.set(conversationId, entry);
    return entry;
  }

  private catchUp(conversationId: string, entry: Kept): Promise<void> {
    entry.busy++;
    entry.reading = entry.reading
      .catch(() => undefined)
      .then(() => this.pull(conversationId, entry))
      .finally(() => {
        entry.busy--;
      });
    return entry.reading;
  }

  /** Reads what was added since the last read, page by page, and folds it in. */
  private async pull(conversationId: string, entry: Kept): Promise<void> {
    let read = await this.readAfter(conversationId, entry, entry.lastOrdinal);
    if (!read || read.messages.length === 0) return;
    // A turn's tool_use and its tool_result are in the same read (reads happen between turns),
    // so new messages are sanitized on their own — except a result delivered after its turn
    // died (a task that finished after a restart): its call was dropped as unanswered by an
    // earlier read, and only the whole history pairs them again.
    if (entry.lastOrdinal >= 0 && answersEarlierCall(read.messages)) {
      read = await this.readAfter(conversationId, entry, -1);
      if (!read) return;
      entry.messages = [];
      entry.chars = 0;
    }
    this.fold(conversationId, entry, read.messages, read.last);
  }

  /** Adds messages read (or just written) up to ordinal `after` to the kept history. */
  private fold(conversationId: string, entry: Kept, added: MessageContent[], after: number): void {
    const next = buildHistory(added);
    const last = entry.messages.at(-1);
    const first = next[0];
    const messages = [...entry.messages];
    if (last && first && last.role === first.role) {
      // Consecutive messages of one role are one message for the API (a new object: the old
      // one may be in a request still being read).
      messages[messages.length - 1] = {
        role: last.role,
        content: [...blocksOf(last), ...blocksOf(first)],
      };
      messages.push(...next.slice(1));
    } else {
      messages.push(...next);
    }
    entry.messages = messages;
    entry.lastOrdinal = after;
    entry.chars += next.reduce((sum, message) => sum + charsOf(message), 0);
    this.evict(conversationId);
  }

  /** The messages after `after`, page by page; undefined when the entry was forgotten meanwhile. */
  private async readAfter(
    conversationId: string,
    entry: Kept,
    after: number,
  ): Promise<{ messages: MessageContent[]; last: number } | undefined> {
    const messages: MessageContent[] = [];
    let last = after;
    for (;;) {
      if (this.kept.get(conversationId) !== entry) return undefined;
      // With a sent message held, only what is committed (reading must not commit it now).
      const page = entry.sent
        ? this.store.listCommittedContent(conversationId, last, PAGE)
        : this.store.listMessageContent(conversationId, last, PAGE);
      messages.push(...page.messages);
      last = page.messages.at(-1)?.ordinal ?? last;
      if (!page.hasMore) break;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return this.kept.get(conversationId) === entry ? { messages, last } : undefined;
  }

  /** Drops the least recently used conversations beyond the bounds (never `current`). */
  private evict(current: string): void {
    let chars = 0;
    for (const entry of this.kept.values()) chars += entry.chars;
    for (const [id, entry] of this.kept) {
      if (this.kept.size <= this.maxConversations && chars <= this.maxChars) return;
      if (id === current) continue;
      this.kept.delete(id);
      chars -= entry.chars;
    }
  }
}

/** Whether a tool_result among `messages` answers a tool_use that is not among them. */
function answersEarlierCall(messages: readonly MessageContent[]): boolean {
  const calls = new Set<string>();
  for (const message of messages) {
    for (const block of message.content) {
      if (block.type === 'tool_use') calls.add(block.id);
      else if (block.type === 'tool_result' && !calls.has(block.tool_use_id)) return true;
    }
  }
  return false;
}

function blocksOf(message: ConversationMessage): MessageBlock[] {
  return typeof message.content === 'string'
    ? [{ type: 'text', text: message.content }]
    : message.content;
}

/** Characters a message holds, roughly: its texts, tool inputs and attached data. */
function charsOf(message: ConversationMessage): number {
  let chars = 0;
  for (const block of blocksOf(message)) {
    switch (block.type) {
      case 'text':
        chars += block.text.length;
        break;
      case 'image':
      case 'document':
        chars += block.source.data.length;
        break;
      case 'tool_result':
        for (const part of block.content ?? [])
          chars += part.type === 'text' ? part.text.length : part.source.data.length;
        break;
      default:
        // Tool inputs and thinking: small next to the rest; counted as a constant.
        chars += 200;
    }
  }
  return chars;
}
