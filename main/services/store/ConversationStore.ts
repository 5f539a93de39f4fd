import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import { BranchTable, type BranchPosition } from './BranchTable';
import { checkIntegrity } from './checkIntegrity';
import type {
  ConversationPatch,
  ConversationRecord,
  ConversationSearchResult,
  ConversationSummary,
  CreateConversationInput,
  ListConversationsOptions,
  SearchOptions,
} from './ConversationRecord';
import type { ConversationStoreOptions } from './ConversationStoreOptions';
import { ConversationTable, clampLimit } from './ConversationTable';
import { ensureSearchIndex, type SearchMode } from './ensureSearchIndex';
import { HeldMessages } from './HeldMessages';
import type {
  AppendMessageInput,
  BeginAssistantMessageInput,
  FinishMessageInput,
  MessageRecord,
  StoredContentBlock,
  TokenUsage,
  UsageTotals,
} from './MessageRecord';
import type {
  ConversationWithMessages,
  ListMessagesOptions,
  MessagePage,
  MessageViewPage,
} from './MessagePage';
import { MessageTable, type MessageContent } from './MessageTable';
import { MessageWriter } from './MessageWriter';
import { allMigrations } from './migrations/allMigrations';
import { notFound, throwNotFound } from './notFound';
import { openDatabase } from './openDatabase';
import { recoverInterrupted, type RecoveryReport } from './recoverInterrupted';
import { runMigrations, type MigrationReport } from './runMigrations';
import { searchConversations } from './searchConversations';
import { SearchIndexQueue } from './SearchIndexQueue';
import type {
  ApprovalRecord,
  FinishToolCallInput,
  RecordApprovalInput,
  RecordToolCallInput,
  ToolCallDetail,
  ToolCallRecord,
} from './ToolCallRecord';
import { TaskTable } from './TaskTable';
import { ToolCallTable } from './ToolCallTable';
import { UsageTable } from './UsageTable';
import { ToolSearchTable, type ConversationToolSearchState } from './ToolSearchTable';
import { withTransaction } from './withTransaction';

/**
 * The crash-safe history store: conversations, messages (streamed incrementally), tool calls,
 * approval decisions and token usage in one SQLite file (grants are kept in grants.json, see
 * JsonGrantRepository). Synchronous: a method returns once its data is committed — except
 * streamed deltas, committed within `flushIntervalMs`.
 * Opening repairs what an unclean exit left behind (streaming → interrupted), so one writer
 * process per file: a second process opening it would mark the first one's live replies.
 */
export class ConversationStore {
  /** How `search` runs on this SQLite build. */
  readonly searchMode: SearchMode;
  /** What opening repaired. */
  readonly recovery: RecoveryReport;
  /** What opening migrated. */
  readonly migration: MigrationReport;
  /** Tool calls running as tasks on their servers (followed again after a restart). */
  readonly tasks: TaskTable;

  private readonly conversations: ConversationTable;
  private readonly messages: MessageTable;
  private readonly branches: BranchTable;
  private readonly toolCalls: ToolCallTable;
  private readonly usage: UsageTable;
  private readonly toolSearch: ToolSearchTable;
  private readonly writer: MessageWriter;
  private readonly searchIndex: SearchIndexQueue;
  private readonly held: HeldMessages;
  private readonly now: () => number;
  private closed = false;

  private constructor(
    private readonly db: DatabaseSync,
    options: ConversationStoreOptions,
  ) {
    const log = options.log;
    this.now = options.now ?? Date.now;
    this.migration = runMigrations(db, options.migrations ?? allMigrations, this.now);
    this.searchMode = ensureSearchIndex(db, log);
    this.searchIndex = new SearchIndexQueue(db, this.searchMode, (error) =>
      log?.error('messages could not be added to the search index; retrying later', { error }),
    );
    // What an unclean exit left queued.
    this.searchIndex.flush();
    this.conversations = new ConversationTable(db);
    this.messages = new MessageTable(db);
    this.branches = new BranchTable(db);
    this.toolCalls = new ToolCallTable(db);
    this.usage = new UsageTable(db);
    this.toolSearch = new ToolSearchTable(db);
    this.tasks = new TaskTable(db, this.now);
    this.recovery =
      options.recover === false
        ? { interruptedMessages: [], cancelledToolCalls: [] }
        : withTransaction(db, () => recoverInterrupted(this.messages, this.toolCalls, this.now()));
    const { interruptedMessages, cancelledToolCalls } = this.recovery;
    if (interruptedMessages.length + cancelledToolCalls.length > 0) {
      log?.warn('history store recovered from an unclean exit', {
        interruptedMessages: interruptedMessages.length,
        cancelledToolCalls: cancelledToolCalls.length,
      });
    }
    this.writer = new MessageWriter({
      db,
      conversations: this.conversations,
      messages: this.messages,
      usage: this.usage,
      now: this.now,
      streaming: {
        flushIntervalMs: options.flushIntervalMs,
        onFlushed: options.onFlushed,
        onError: (error) => log?.error('streamed text could not be saved; retrying', { error }),
      },
    });
    this.held = new HeldMessages({
      db,
      conversations: this.conversations,
      messages: this.messages,
      writer: this.writer,
      now: this.now,
      onCommitted: () => this.searchIndex.schedule(),
      file: options.file,
      sync: options.synchronous === 'FULL',
      recover: options.recover !== false,
    });
    // What a crash left held.
    this.settle();
  }

  /** Opens (creating, migrating and repairing as needed) the store in `options.file`. */
  static open(options: ConversationStoreOptions): ConversationStore {
    const db = openDatabase(options.file, options);
    try {
      return new ConversationStore(db, options);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  // ── Conversations ──────────────────────────────────────────────────────────────────────────

  /** Creates an empty conversation. */
  createConversation(input: CreateConversationInput = {}): ConversationRecord {
    const at = this.now();
    const record: ConversationRecord = {
      id: input.id ?? randomUUID(),
      title: input.title ?? '',
      model: input.model ?? null,
      systemPrompt: input.systemPrompt ?? null,
      archived: false,
      createdAt: at,
      updatedAt: at,
    };
    this.conversations.insert(record);
    this.toolSearch.created(record.id);
    return record;
  }

  /** The conversation, or undefined. */
  findConversation(id: string): ConversationRecord | undefined {
    this.settle();
    return this.conversations.get(id);
  }

  /** Changes title, model, system prompt or archived flag. Throws NOT_FOUND. */
  updateConversation(id: string, patch: ConversationPatch): ConversationRecord {
    this.settle();
    if (!this.conversations.update(id, patch, this.now())) throw notFound('conversation', id);
    return this.requireConversation(id);
  }

  /** Sets the title. Throws NOT_FOUND. */
  renameConversation(id: string, title: string): ConversationRecord {
    return this.updateConversation(id, { title });
  }

  /** The conversation's tool search choice and the tools its searches loaded (oldest first). */
  getToolSearch(conversationId: string): ConversationToolSearchState {
    return this.toolSearch.get(conversationId);
  }

  /** Replaces the conversation's tool search state. Throws NOT_FOUND. */
  setToolSearch(conversationId: string, state: ConversationToolSearchState): void {
    if (!this.toolSearch.set(conversationId, state, this.now())) {
      throw notFound('conversation', conversationId);
    }
  }

  /** Deletes a conversation with its messages, tool calls and decisions. */
  deleteConversation(id: string): boolean {
    this.settle();
    const deleted = withTransaction(this.db, () => this.conversations.delete(id));
    this.writer.forgetConversation(id);
    this.toolSearch.forget(id);
    return deleted;
  }

  /** Newest first, each with a preview of its newest message that has text. */
  listConversations(options?: ListConversationsOptions): ConversationSummary[] {
    this.settle();
    return this.conversations.list(options);
  }

  /** Conversations whose title or messages contain every word of `query` (substring match). */
  search(query: string, options?: SearchOptions): ConversationSearchResult[] {
    this.settle();
    this.searchIndex.flush();
    return searchConversations(this.db, this.searchMode, query, options);
  }

  /** A conversation with its newest page of messages (default 100). Throws NOT_FOUND. */
  getConversation(id: string, options: { limit?: number } = {}): ConversationWithMessages {
    this.settle();
    const conversation = this.requireConversation(id);
    return { conversation, ...this.listMessages(id, { limit: options.limit }) };
  }

  // ── Messages ───────────────────────────────────────────────────────────────────────────────

  /** A page of messages in ascending order, with their tool calls; see `ListMessagesOptions`. */
  listMessages(conversationId: string, options: ListMessagesOptions = {}): MessagePage {
    this.settle();
    return this.pageOf(
      conversationId,
      (limit) => this.messages.page(conversationId, options, limit),
      options,
      (message, branch) => {
        const live = this.writer.withLiveContent(message);
        return branch ? { ...live, branch } : live;
      },
    );
  }

  /**
   * {@link listMessages} as a window gets it: each message its view's JSON, built by SQLite
   * (see messageViewSql), with long tool results' bodies left out.
   */
  listMessageViews(conversationId: string, options: ListMessagesOptions = {}): MessageViewPage {
    this.settle();
    return this.pageOf(
      conversationId,
      (limit) => this.messages.viewPage(conversationId, options, limit),
      options,
      (message, branch) => {
        const live = this.writer.liveContent(message.id);
        return {
          id: message.id,
          json: `${message.head}${branch ? `,"branch":${JSON.stringify(branch)}` : ''},"content":${
            live ? JSON.stringify(live) : message.content
          }}`,
        };
      },
    );
  }

  /** A page's messages with their versions and newest content, and their tool calls. */
  private pageOf<Row extends { id: string; ordinal: number }, T extends { id: string }>(
    conversationId: string,
    read: (limit: number) => { messages: Row[]; hasMore: boolean },
    options: ListMessagesOptions,
    as: (row: Row, branch: BranchPosition | undefined) => T,
  ): { messages: T[]; toolCalls: ToolCallRecord[]; hasMore: boolean } {
    const page = read(clampLimit(options.limit, 100, 1000));
    const positions = this.branches.pagePositions(conversationId, page.messages);
    const messages = page.messages.map((row) => as(row, positions.get(row.id)));
    const toolCalls = this.toolCalls.listForMessages(messages.map((m) => m.id));
    return { messages, toolCalls, hasMore: page.hasMore };
  }

  /**
   * Role and content of up to `limit` (at most 1000) messages after `afterOrdinal`, ascending:
   * the lean read behind the model's history. Streaming messages give their committed content.
   */
  listMessageContent(
    conversationId: string,
    afterOrdinal: number,
    limit: number,
  ): { messages: MessageContent[]; hasMore: boolean } {
    this.settle();
    return this.messages.contentAfter(conversationId, afterOrdinal, clampLimit(limit, 100, 1000));
  }
  /**
   * {@link listMessageContent} of what is committed: a held message (see {@link holdMessage})
   * stays held. For the model's history, which has the held one from the sender.
   */
  listCommittedContent(
    conversationId: string,
    afterOrdinal: number,
    limit: number,
  ): { messages: MessageContent[]; hasMore: boolean } {
    return this.messages.contentAfter(conversationId, afterOrdinal, clampLimit(limit, 100, 1000));
  }

  /** One message (a streaming one with its newest, possibly not yet committed, content). */
  getMessage(id: string): MessageRecord | undefined {
    this.settle();
    const message = this.messages.get(id);
    return message && this.writer.withLiveContent(message);
  }

  /**
   * The person's message, kept durably in the outbox rather than committed now: the request to
   * the model does not wait for a SQLite commit. It is committed before the store next does
   * anything with messages (the reply's first write, a window reading the conversation, close)
   * or, after a crash, when the store opens again. Returns the message as it will be stored
   * (its ordinal is the next one) and the conversation as that commit leaves it. `model`: the
   * model it was sent to, which becomes the conversation's in the same commit. Throws
   * NOT_FOUND, or if the outbox cannot be written (then nothing is kept).
   */
  holdMessage(
    conversationId: string,
    input: AppendMessageInput,
    model?: string,
  ): { message: MessageRecord; conversation: ConversationRecord } {
    return this.held.hold(conversationId, input, model);
  }

  /** Appends a whole message (the person's message, tool results, an imported reply). */
  appendMessage(conversationId: string, input: AppendMessageInput): MessageRecord {
    this.settle();
    const message = this.writer.insert(conversationId, {
      ...input,
      status: input.status ?? 'complete',
    });
    this.searchIndex.schedule();
    return message;
  }

  /** Appends an assistant message in status `streaming`; feed it with `appendDelta`. */
  beginAssistantMessage(
    conversationId: string,
    input: BeginAssistantMessageInput = {},
  ): MessageRecord {
    this.settle();
    const message = this.writer.begin(conversationId, input);
    this.searchIndex.schedule();
    return message;
  }

  /**
   * Adds streamed text to a text, reasoning or thinking block (`blockIndex` = block count starts
   * a new block of `kind`). Memory only; committed within `flushIntervalMs`.
   */
  appendDelta(
    messageId: string,
    blockIndex: number,
    textDelta: string,
    kind: 'text' | 'reasoning' = 'text',
  ): void {
    this.writer.appendDelta(messageId, blockIndex, textDelta, kind);
  }

  /** Sets a whole block of a streaming message (e.g. a tool_use block once its input is known). */
  setBlock(messageId: string, blockIndex: number, block: StoredContentBlock): void {
    this.writer.setBlock(messageId, blockIndex, block);
  }

  /** Ends a streaming message: final content, status, usage and error commit together. */
  finishMessage(messageId: string, input: FinishMessageInput): MessageRecord {
    this.settle();
    const message = this.writer.finish(messageId, input);
    this.searchIndex.schedule();
    return message;
  }

  /** Makes an interrupted, stopped or failed assistant message stream again ("continue"). */
  resumeAssistantMessage(messageId: string): MessageRecord {
    this.settle();
    return this.writer.resume(messageId);
  }

  /** Deletes the message at `ordinal` and all later ones (edit-and-resend, retry). */
  deleteMessagesFrom(conversationId: string, ordinal: number): number {
    this.settle();
    return this.writer.deleteFrom(conversationId, ordinal);
  }

  /**
   * Sets the message at `ordinal` and all later ones aside (edit-and-resend): they stay as
   * another branch, reachable with `switchBranch`, and new messages continue from before them.
   */
  setAsideMessagesFrom(conversationId: string, ordinal: number): number {
    this.settle();
    return withTransaction(this.db, () => {
      const changed = this.branches.setAsideFrom(conversationId, ordinal);
      this.conversations.touch(conversationId, this.now());
      return changed;
    });
  }

  /**
   * Shows the previous (-1) or next (1) version of an active message, with the branch that
   * follows it. Throws NOT_FOUND for an unknown message, VALIDATION when there is no version
   * in that direction. Returns the message now showing at that place.
   */
  switchBranch(messageId: string, step: -1 | 1): MessageRecord {
    this.settle();
    const message = this.getMessage(messageId) ?? throwNotFound('message', messageId);
    const target = withTransaction(this.db, () => {
      const shown = this.branches.switchTo(messageId, step);
      if (shown) this.conversations.touch(message.conversationId, this.now());
      return shown;
    });
    if (!target) {
      throw new AppError(AppErrorCode.Validation, hostText('conversation.noOtherVersion'));
    }
    return this.getMessage(target) ?? throwNotFound('message', target);
  }

  /** Commits buffered deltas now (normally the timer does, within `flushIntervalMs`). */
  flush(): void {
    this.settle();
    this.writer.flush();
  }

  /** The usage of the conversation's newest model call, if any. */
  getLastUsage(conversationId: string): TokenUsage | undefined {
    this.settle();
    return this.usage.last(conversationId);
  }

  /** Token totals of a conversation, or of one turn in it. */
  getUsage(conversationId: string, turnId?: string): UsageTotals {
    this.settle();
    return this.usage.totals(conversationId, turnId);
  }

  // ── Tool calls and approvals ───────────────────────────────────────────────────────────────

  /** Records a tool call the model asked for (default status `pending`). Throws NOT_FOUND. */
  recordToolCall(input: RecordToolCallInput): ToolCallRecord {
    this.settle();
    if (!this.toolCalls.insert(input, this.now())) throw notFound('message', input.messageId);
    return this.requireToolCall(input.id);
  }

  /** pending → running. Throws VALIDATION if the call is not pending. */
  startToolCall(id: string): ToolCallRecord {
    if (!this.toolCalls.start(id, this.now())) {
      const call = this.requireToolCall(id);
      throw new AppError(
        AppErrorCode.Validation,
        hostText('store.notPending', { id, status: call.status }),
      );
    }
    return this.requireToolCall(id);
  }

  /** Ends a tool call with its full result and what the model was given. Throws NOT_FOUND. */
  finishToolCall(id: string, input: FinishToolCallInput): ToolCallRecord {
    if (!this.toolCalls.finish(id, input, this.now())) throw notFound('tool call', id);
    return this.requireToolCall(id);
  }

  /** A tool call with its full result bodies ("show the whole result"). */
  getToolCall(id: string): ToolCallDetail | undefined {
    return this.toolCalls.getDetail(id);
  }

  /** Records who allowed or denied a tool call and how far the decision reaches. */
  recordApproval(input: RecordApprovalInput): ApprovalRecord {
    this.requireToolCall(input.toolCallId);
    return this.toolCalls.insertApproval(input, this.now());
  }

  /** Every decision about a tool call, oldest first. */
  listApprovals(toolCallId: string): ApprovalRecord[] {
    return this.toolCalls.listApprovals(toolCallId);
  }

  // ── Lifecycle ──────────────────────────────────────────────────────────────────────────────

  /**
   * SQLite's integrity check, foreign keys and the search index's check; [] = healthy.
   * Reads the whole file: for diagnostics and tests, not for every start.
   */
  checkIntegrity(): string[] {
    this.settle();
    this.searchIndex.flush();
    return checkIntegrity(this.db, this.searchMode);
  }

  /**
   * Commits buffered deltas, ends messages still streaming as `interrupted` (their writer goes
   * away with the store) and closes the file. Idempotent.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      // If this fails the outbox file keeps them for the next open.
      this.held.close();
      this.writer.close();
      this.searchIndex.close();
    } finally {
      this.db.close();
    }
  }

  /** Commits held messages (see {@link holdMessage}); a no-op when none is. */
  private settle(): void {
    this.held.settle();
  }

  private requireConversation(id: string): ConversationRecord {
    return this.conversations.get(id) ?? throwNotFound('conversation', id);
  }

  private requireToolCall(id: string): ToolCallRecord {
    return this.toolCalls.get(id) ?? throwNotFound('tool call', id);
  }
}
