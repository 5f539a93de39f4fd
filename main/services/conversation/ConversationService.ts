import type { ConversationToolSearch } from '../../../shared/domain/toolSearch';
import { randomUUID } from 'node:crypto';
import type { ConversationSummary } from '../../../shared/domain/conversationViews';
import { normalizeModelRef } from '../../../shared/domain/modelRef';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { JsonReply, objectJson } from '../../../shared/ipc/JsonReply';
import type { RequestOutput } from '../../../shared/ipc/contract';
import { hostText } from '../../../shared/text/hostText';
import type { AttachmentInput } from '../../../shared/domain/attachments';
import type { ConversationExport } from '../../../shared/domain/conversationExport';
import type { StoredContentBlock } from '../store/MessageRecord';
import { resolveAttachments, type ResolvedAttachments } from '../resources/resolveAttachments';
import { userContent } from '../resources/userContent';
import { exportConversation } from './exportConversation';
import { titleFrom } from './generateTitle';
import { ConversationBranches } from './ConversationBranches';
import type { ConversationServiceOptions } from './ConversationServiceOptions';
import { ConversationTurns } from './ConversationTurns';
import { ModelHistory } from './ModelHistory';
import type { TurnResult } from './runTurn';
import { toMessageView, toSummary, toToolCallView } from './toConversationViews';
import { ToolResultReader, type ToolResultAnswer } from './ToolResultReader';

export type { ConversationServiceOptions } from './ConversationServiceOptions';

/** One page of a conversation, as `conversation.get` answers. */
type ConversationPage = RequestOutput<'conversation.get'>;

/**
 * Conversations end to end: the store, the tool-use loop, tools from the MCP catalogue behind
 * the approval broker, and the events the windows fold into their views. Running turns live in
 * {@link ConversationTurns}, turns from an earlier point in {@link ConversationBranches}.
 */
export class ConversationService {
  private readonly turns: ConversationTurns;
  private readonly branches: ConversationBranches;
  private readonly results: ToolResultReader;
  /** What the model is sent as the history, kept between turns (see ModelHistory). */
  private readonly history: ModelHistory;

  constructor(private readonly options: ConversationServiceOptions) {
    this.results = new ToolResultReader(options.store);
    this.history = new ModelHistory(options.store);
    this.turns = new ConversationTurns(options, this.history);
    this.branches = new ConversationBranches({
      store: options.store,
      turns: this.turns,
      forgetMessages: (id) => this.forgetMessages(id),
      checkedModel: (model) => this.checkedModel(model),
    });
  }

  list(query?: string): ConversationSummary[] {
    const { store } = this.options;
    if (query?.trim()) {
      return store.search(query).map((hit) => {
        const snippet = hit.snippets[0]?.parts.map((p) => p.text).join('') ?? undefined;
        return toSummary(hit.conversation, this.turns.isRunning(hit.conversation.id), snippet);
      });
    }
    return store.listConversations().map((c) => toSummary(c, this.turns.isRunning(c.id)));
  }

  /** A new conversation; `toolSearch` is the choice made in the new chat before it existed. */
  create(title?: string, toolSearch?: ConversationToolSearch): ConversationSummary {
    const record = this.options.store.createConversation(title ? { title } : {});
    if (toolSearch && toolSearch !== 'default') {
      this.options.toolSearch?.setConversationMode(record.id, toolSearch);
    }
    return this.turns.updated(record.id);
  }

  get(id: string, beforeOrdinal?: number, limit = 200): ConversationPage {
    const { conversation, cursor } = this.openPage(id, beforeOrdinal, limit);
    const page = this.options.store.listMessages(id, cursor);
    return {
      conversation,
      messages: page.messages.map(toMessageView),
      toolCalls: page.toolCalls.map(toToolCallView),
      hasMore: page.hasMore,
    };
  }

  /**
   * {@link get} as the JSON sent to a window: the store builds each message's JSON (stored
   * content is never parsed and serialized again), and long tool results come without their
   * bodies (`omitted`), which a card reads with `getToolResult` when it opens.
   */
  getJson(id: string, beforeOrdinal?: number, limit = 200): JsonReply<ConversationPage> {
    const { conversation, cursor } = this.openPage(id, beforeOrdinal, limit);
    const page = this.options.store.listMessageViews(id, cursor);
    const messages = page.messages.map((message) => message.json).join(',');
    return JsonReply.fromText(
      objectJson(
        { conversation, toolCalls: page.toolCalls.map(toToolCallView), hasMore: page.hasMore },
        { messages: `[${messages}]` },
      ),
    );
  }

  /** The conversation's summary and where the page starts; throws NOT_FOUND for an unknown one. */
  private openPage(id: string, beforeOrdinal: number | undefined, limit: number) {
    const conversation = this.options.store.findConversation(id);
    if (!conversation)
      throw new AppError(AppErrorCode.NotFound, hostText('conversation.notFound', { id }));
    // A window opened it: the person may send next, so the model's history gets ready now.
    if (beforeOrdinal === undefined && !this.turns.isRunning(id)) this.history.warm(id);
    return {
      conversation: toSummary(conversation, this.turns.isRunning(id)),
      cursor: { ...(beforeOrdinal !== undefined ? { beforeOrdinal } : {}), limit },
    };
  }

  rename(id: string, title: string): ConversationSummary {
    this.options.store.renameConversation(id, title);
    return this.turns.updated(id);
  }

  async delete(id: string): Promise<void> {
    await this.stop(id);
    this.options.broker.forgetConversation(id);
    this.options.apps?.forget(id);
    this.forgetMessages(id);
    this.options.store.deleteConversation(id);
    this.options.events.emit('conversation.deleted', { id });
  }

  /** Adds the person's message and starts a turn; resolves once it started. */
  send(
    conversationId: string,
    text: string,
    model?: string,
    attached?: ResolvedAttachments,
  ): { turnId: string } {
    this.turns.assertIdle(conversationId);
    const { store } = this.options;
    const chosen = model === undefined ? undefined : this.checkedModel(model);
    const turnId = randomUUID();
    // What Apps left for the model goes with this message, shown on it like attachments.
    const fromApps = this.options.apps?.take(conversationId);
    const blocks = [...(fromApps?.blocks ?? []), ...(attached?.blocks ?? [])];
    const views = [...(fromApps?.views ?? []), ...(attached?.views ?? [])];
    // Held, not committed: the request does not wait for SQLite (see holdMessage), nor does
    // a model chosen for it, which is committed with it.
    const { message, conversation } = store.holdMessage(
      conversationId,
      {
        role: 'user',
        content: userContent(text, blocks),
        turnId,
        ...(views.length ? { attachments: views } : {}),
      },
      chosen,
    );
    this.history.appended(conversationId, message);
    const untitled = !conversation.title || conversation.title === 'New conversation';
    const titleText = text.trim() || attached?.views[0]?.name || '';
    // Known now: the turn does not read it again.
    const known = { conversation, newest: message.ordinal };
    return untitled
      ? this.turns.start(conversationId, turnId, titleFrom(titleText), {
          nameFrom: titleText,
          ...known,
        })
      : this.turns.start(conversationId, turnId, undefined, known);
  }

  /** Like {@link send}, after reading the attached resources (refused above the size limits). */
  async sendWithAttachments(
    conversationId: string,
    text: string,
    attachments: readonly AttachmentInput[],
    model?: string,
  ): Promise<{ turnId: string }> {
    this.turns.assertIdle(conversationId);
    if (!this.options.store.findConversation(conversationId))
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('conversation.notFound', { id: conversationId }),
      );
    const { mcp, files } = this.options;
    const attached = await resolveAttachments(
      attachments,
      async (server, uri) => (await mcp.use(server)).ready().readResource(uri),
      undefined,
      files && ((id) => files.get(id)),
    );
    const started = this.send(conversationId, text, model, attached);
    // Stored with the message now: the staged copies are not needed any more.
    files?.release(attachments.flatMap((a) => (a.kind === 'file' ? [a.stagingId] : [])));
    return started;
  }

  /** Runs the last turn again: what followed the person's last message is replaced. */
  retry(conversationId: string, model?: string): { turnId: string } {
    return this.branches.retry(conversationId, model);
  }

  /** Goes on with the newest reply, which was cut off (see ConversationBranches.continue). */
  continue(conversationId: string, model?: string): { turnId: string } {
    return this.branches.continue(conversationId, model);
  }

  /** Sends a new version of a message of the person's; the old one stays as another branch. */
  edit(conversationId: string, messageId: string, text: string): { turnId: string } {
    return this.branches.edit(conversationId, messageId, text);
  }

  /** Adds `content` on the person's side (a late task result) and runs a turn on it. */
  continueWith(conversationId: string, content: StoredContentBlock[]): { turnId: string } {
    return this.branches.continueWith(conversationId, content);
  }

  /** Shows the previous (-1) or next (1) version of an edited message and what followed it. */
  switchBranch(conversationId: string, messageId: string, step: -1 | 1): ConversationSummary {
    return this.branches.switchBranch(conversationId, messageId, step);
  }

  async stop(conversationId: string): Promise<void> {
    await this.turns.stop(conversationId);
  }

  /**
   * Cancels one tool call of the running turn, waiting for approval or running; the turn goes
   * on. Does nothing when the turn or the call already ended (a late click is no error).
   */
  cancelToolCall(conversationId: string, toolUseId: string): void {
    this.turns.cancelToolCall(conversationId, toolUseId);
  }

  /** Resolves when the conversation's running turn (if any) has finished. */
  async settled(conversationId: string): Promise<TurnResult | undefined> {
    return this.turns.settled(conversationId);
  }

  /** The whole conversation (the branch that shows) as one document, for export. */
  export(conversationId: string): ConversationExport {
    const document = exportConversation(
      this.options.store,
      conversationId,
      this.turns.isRunning(conversationId),
    );
    if (!document)
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('conversation.notFound', { id: conversationId }),
      );
    return document;
  }

  /** Resolves once the titles being written for new conversations are in place. */
  async titlesWritten(): Promise<void> {
    await this.turns.titlesWritten();
  }

  /** A stored result; with `maxTextChars` its long text blocks are cut (see ToolResultReader). */
  getToolResult(toolUseId: string, maxTextChars?: number): ToolResultAnswer {
    return this.results.read(toolUseId, maxTextChars);
  }

  /** A slice of one text block of a stored result. */
  getToolResultText(toolUseId: string, block: number, offset: number, maxChars: number) {
    return this.results.text(toolUseId, block, offset, maxChars);
  }

  async dispose(): Promise<void> {
    await this.turns.dispose();
  }

  /** Messages of the conversation are about to be deleted: nothing kept of them may be used. */
  private forgetMessages(conversationId: string): void {
    this.history.forget(conversationId);
    this.results.forget();
  }

  /** `model` as a ref to store, once its provider is known to exist (NOT_FOUND otherwise). */
  private checkedModel(model: string): string {
    const ref = normalizeModelRef(model);
    this.options.models.resolve(ref);
    return ref;
  }
}
