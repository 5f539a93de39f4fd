import type { ConversationToolSearch } from '../../../shared/domain/toolSearch';
import { randomUUID } from 'node:crypto';
import type { ConversationSummary } from '../../../shared/domain/conversationViews';
import { normalizeModelRef, parseModelRef } from '../../../shared/domain/modelRef';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { JsonReply, objectJson } from '../../../shared/ipc/JsonReply';
import type { RequestOutput } from '../../../shared/ipc/contract';
import { hostText } from '../../../shared/text/hostText';
import type { AttachmentInput } from '../../../shared/domain/attachments';
import type { ConversationExport } from '../../../shared/domain/conversationExport';
import type { Logger } from '../../platform/Logger';
import type { ConversationApps } from '../apps/ConversationApps';
import type { ApprovalBroker } from '../approvals/ApprovalBroker';
import type { HostEvents } from '../base/HostEvents';
import { RunningToolCalls } from '../interactions/RunningToolCalls';
import type { McpService } from '../mcp/McpService';
import type { ConversationStore } from '../store/ConversationStore';
import type { ConversationRecord } from '../store/ConversationRecord';
import type { MessageRecord, StoredContentBlock } from '../store/MessageRecord';
import { resolveAttachments, type ResolvedAttachments } from '../resources/resolveAttachments';
import type { StagedFiles } from '../resources/StagedFiles';
import { keptAttachmentBlocks, userContent } from '../resources/userContent';
import type { SettingsService } from '../settings/SettingsService';
import { boundForWindow } from './boundForWindow';
import { exportConversation } from './exportConversation';
import { ConversationNamer } from './ConversationNamer';
import { titleFrom } from './generateTitle';
import { cutReply, withContinueInstruction } from './continueReply';
import { buildSystemPrompt } from './buildSystemPrompt';
import type { ChatToolCaller } from './ChatToolCaller';
import type { ExecuteTool } from './ExecuteTool';
import type { HostToolSource } from '../catalog/HostTool';
import type { ToolSearchService, TurnToolPlan } from '../catalog/search/ToolSearchService';
import { toModelTool } from '../mcp/tools/toModelTool';
import { finishUnstartedTurn } from './finishUnstartedTurn';
import { ModelHistory } from './ModelHistory';
import type { ModelRegistry } from '../models/ModelRegistry';
import { runTurn, type TurnResult } from './runTurn';
import { ToolCallCancels } from './ToolCallCancels';
import { toMessageView, toSummary, toToolCallView } from './toConversationViews';
import { toToolOutcome } from './toToolOutcome';
import { ToolResultReader, type ToolResultAnswer } from './ToolResultReader';
import { TurnRecorder } from './TurnRecorder';

/** One page of a conversation, as `conversation.get` answers. */
type ConversationPage = RequestOutput<'conversation.get'>;

export interface ConversationServiceOptions {
  store: ConversationStore;
  mcp: McpService;
  broker: ApprovalBroker;
  settings: SettingsService;
  events: HostEvents;
  /** Every provider's model client, by model ref. */
  models: ModelRegistry;
  log: Logger;
  maxSteps?: number;
  resultBudgetChars?: number;
  /** Where running tool calls are recorded (server requests meanwhile show in the chat). */
  runningTools?: RunningToolCalls;
  /** Deferred loading for large catalogues; without it every request carries every tool. */
  toolSearch?: ToolSearchService;
  /** Runs approved tool calls (the task service); default: the server's `callTool`. */
  callTool?: ChatToolCaller;
  /** MCP Apps: which tools have one, the note the model gets, context for the next turn. */
  apps?: ConversationApps;
  /** Tools the host offers itself next to the servers' (loading skills); tool search adds its own. */
  hostTools?: HostToolSource;
  /** Files the person attached from their computer, staged until their message is sent. */
  files?: StagedFiles;
  /** Name new conversations with the model after their first exchange (default true). */
  generateTitles?: boolean;
}

/** How a turn starts: continuing a cut reply, naming a new conversation, what is known. */
interface TurnStart {
  continuing?: boolean;
  nameFrom?: string;
  /** The conversation as it is now, when the caller just read it. */
  conversation?: ConversationRecord;
  /** Ordinal of the message the caller just stored as the newest (see ModelHistory.read). */
  newest?: number;
}

interface RunningTurn {
  turnId: string;
  abort: AbortController;
  /** Cancels single tool calls of this turn. */
  toolCancels: ToolCallCancels;
  done: Promise<TurnResult>;
}

/**
 * Conversations end to end: the store, the tool-use loop, tools from the MCP catalogue behind
 * the approval broker, and the events the windows fold into their views.
 */
export class ConversationService {
  private readonly running = new Map<string, RunningTurn>();
  private readonly runningTools: RunningToolCalls;
  /** Writes new conversations' titles; absent when titles are not generated (CLI). */
  private readonly namer: ConversationNamer | undefined;
  private readonly results: ToolResultReader;
  /** What the model is sent as the history, kept between turns (see ModelHistory). */
  private readonly history: ModelHistory;

  constructor(private readonly options: ConversationServiceOptions) {
    this.runningTools = options.runningTools ?? new RunningToolCalls();
    this.results = new ToolResultReader(options.store);
    this.history = new ModelHistory(options.store);
    this.namer =
      options.generateTitles === false
        ? undefined
        : new ConversationNamer({
            store: options.store,
            // The conversation's own model (with its provider), as its turns resolve it.
            resolve: (conversationModel) =>
              options.models.resolve(
                normalizeModelRef(conversationModel ?? options.settings.snapshot().defaultModel),
              ),
            renamed: (id) => this.updated(id),
            log: options.log,
          });
  }

  list(query?: string): ConversationSummary[] {
    const { store } = this.options;
    if (query?.trim()) {
      return store.search(query).map((hit) => {
        const snippet = hit.snippets[0]?.parts.map((p) => p.text).join('') ?? undefined;
        return toSummary(hit.conversation, this.running.has(hit.conversation.id), snippet);
      });
    }
    return store.listConversations().map((c) => toSummary(c, this.running.has(c.id)));
  }

  /** A new conversation; `toolSearch` is the choice made in the new chat before it existed. */
  create(title?: string, toolSearch?: ConversationToolSearch): ConversationSummary {
    const record = this.options.store.createConversation(title ? { title } : {});
    if (toolSearch && toolSearch !== 'default') {
      this.options.toolSearch?.setConversationMode(record.id, toolSearch);
    }
    return this.updated(record.id);
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
    if (beforeOrdinal === undefined && !this.running.has(id)) this.history.warm(id);
    return {
      conversation: toSummary(conversation, this.running.has(id)),
      cursor: { ...(beforeOrdinal !== undefined ? { beforeOrdinal } : {}), limit },
    };
  }

  rename(id: string, title: string): ConversationSummary {
    this.options.store.renameConversation(id, title);
    return this.updated(id);
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
    this.assertIdle(conversationId);
    const { store } = this.options;
    const chosen = model === undefined ? undefined : this.checkedModel(model);
    const turnId = randomUUID();
    // What Apps left for the model goes with this message, shown on it like attachments.
    const fromApps = this.options.apps?.take(conversationId);
    const blocks = [...(fromApps?.blocks ?? []), ...(attached?.blocks ?? [])];
    const views = [...(fromApps?.views ?? []), ...(attached?.views ?? [])];
    // Held, not committed: the request does not wait for SQLite (see holdMessage).
    const { message, conversation: held } = store.holdMessage(conversationId, {
      role: 'user',
      content: userContent(text, blocks),
      turnId,
      ...(views.length ? { attachments: views } : {}),
    });
    this.history.appended(conversationId, message);
    const conversation =
      chosen && chosen !== held.model
        ? store.updateConversation(conversationId, { model: chosen })
        : held;
    const untitled = !conversation.title || conversation.title === 'New conversation';
    const titleText = text.trim() || attached?.views[0]?.name || '';
    // Known now: the turn does not read it again.
    const known = { conversation, newest: message.ordinal };
    return untitled
      ? this.start(conversationId, turnId, titleFrom(titleText), { nameFrom: titleText, ...known })
      : this.start(conversationId, turnId, undefined, known);
  }

  /** Like {@link send}, after reading the attached resources (refused above the size limits). */
  async sendWithAttachments(
    conversationId: string,
    text: string,
    attachments: readonly AttachmentInput[],
    model?: string,
  ): Promise<{ turnId: string }> {
    this.assertIdle(conversationId);
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
    this.assertIdle(conversationId);
    const { store } = this.options;
    const lastUser = findLastPersonMessage(store, conversationId);
    if (!lastUser)
      throw new AppError(AppErrorCode.Validation, hostText('conversation.nothingToRetry'));
    const chosen = model === undefined ? undefined : this.checkedModel(model);
    this.forgetMessages(conversationId);
    store.deleteMessagesFrom(conversationId, lastUser.ordinal + 1);
    if (chosen) store.updateConversation(conversationId, { model: chosen });
    return this.start(conversationId, lastUser.turnId ?? randomUUID());
  }

  /**
   * Goes on with the newest reply, which was cut off (a failure, a stop, a crash): it stays as
   * it is, and the model is asked to continue from where it ended (see continueReply).
   */
  continue(conversationId: string, model?: string): { turnId: string } {
    this.assertIdle(conversationId);
    const { store } = this.options;
    // Only the newest message can be a cut reply.
    const partial = cutReply(store.listMessages(conversationId, { limit: 1 }).messages);
    if (!partial) {
      throw new AppError(AppErrorCode.Validation, hostText('conversation.nothingToContinue'));
    }
    const chosen = model === undefined ? undefined : this.checkedModel(model);
    if (chosen) store.updateConversation(conversationId, { model: chosen });
    return this.start(conversationId, partial.turnId ?? randomUUID(), undefined, {
      continuing: true,
    });
  }

  /**
   * Sends a new version of a message of the person's and runs a turn. The old version and
   * everything after it stay as another branch (see `switchBranch`).
   */
  edit(conversationId: string, messageId: string, text: string): { turnId: string } {
    this.assertIdle(conversationId);
    const { store } = this.options;
    const message = store.getMessage(messageId);
    if (!message || message.conversationId !== conversationId || message.role !== 'user') {
      throw new AppError(AppErrorCode.Validation, hostText('conversation.editOwnOnly'));
    }
    this.forgetMessages(conversationId);
    store.setAsideMessagesFrom(conversationId, message.ordinal);
    const turnId = randomUUID();
    // What was attached stays attached; only the person's words change.
    const kept = message.attachments?.length ? keptAttachmentBlocks(message.content) : [];
    store.appendMessage(conversationId, {
      role: 'user',
      content: userContent(text, kept),
      turnId,
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    });
    return this.start(conversationId, turnId);
  }

  /**
   * Adds `content` as the next message on the person's side (a task's result that arrived after
   * its turn ended) and runs a turn on it, so the model goes on with it.
   */
  continueWith(conversationId: string, content: StoredContentBlock[]): { turnId: string } {
    this.assertIdle(conversationId);
    const turnId = randomUUID();
    this.options.store.appendMessage(conversationId, { role: 'user', content, turnId });
    return this.start(conversationId, turnId);
  }

  /** Shows the previous (-1) or next (1) version of an edited message and what followed it. */
  switchBranch(conversationId: string, messageId: string, step: -1 | 1): ConversationSummary {
    this.assertIdle(conversationId);
    const message = this.options.store.getMessage(messageId);
    if (message?.conversationId !== conversationId) {
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('conversation.messageNotFound', { id: messageId }),
      );
    }
    this.forgetMessages(conversationId);
    this.options.store.switchBranch(messageId, step);
    return this.updated(conversationId);
  }

  async stop(conversationId: string): Promise<void> {
    const turn = this.running.get(conversationId);
    if (!turn) return;
    turn.abort.abort();
    await turn.done.catch(() => undefined);
  }

  /**
   * Cancels one tool call of the running turn, waiting for approval or running; the turn goes
   * on. Does nothing when the turn or the call already ended (a late click is no error).
   */
  cancelToolCall(conversationId: string, toolUseId: string): void {
    this.running.get(conversationId)?.toolCancels.cancel(toolUseId);
  }

  /** Resolves when the conversation's running turn (if any) has finished. */
  async settled(conversationId: string): Promise<TurnResult | undefined> {
    return this.running.get(conversationId)?.done;
  }

  /** The whole conversation (the branch that shows) as one document, for export. */
  export(conversationId: string): ConversationExport {
    const document = exportConversation(
      this.options.store,
      conversationId,
      this.running.has(conversationId),
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
    await this.namer?.idle();
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
    await Promise.all([...this.running.keys()].map((id) => this.stop(id)));
    await this.namer?.dispose();
  }

  /** Messages of the conversation are about to be deleted: nothing kept of them may be used. */
  private forgetMessages(conversationId: string): void {
    this.history.forget(conversationId);
    this.results.forget();
  }

  private start(
    conversationId: string,
    turnId: string,
    title?: string,
    how: TurnStart = {},
  ): { turnId: string } {
    const abort = new AbortController();
    const toolCancels = new ToolCallCancels();
    const done = this.runTurn(conversationId, turnId, abort.signal, toolCancels, title, how)
      .catch((error: unknown) => this.turnNotStarted(conversationId, turnId, error, title))
      .then((result) => {
        // The first exchange done: the model names the conversation (its first words did so far).
        if (title !== undefined && how.nameFrom !== undefined && result.stop.reason === 'end_turn')
          this.namer?.name(conversationId, title, how.nameFrom, result);
        return result;
      })
      .finally(() => {
        this.running.delete(conversationId);
        this.updated(conversationId);
      });
    this.running.set(conversationId, { turnId, abort, toolCancels, done });
    this.updated(conversationId, how.conversation);
    return { turnId };
  }

  private async runTurn(
    conversationId: string,
    turnId: string,
    signal: AbortSignal,
    toolCancels: ToolCallCancels,
    pendingTitle?: string,
    how: TurnStart = {},
  ): Promise<TurnResult> {
    let title = pendingTitle;
    const { store, mcp, settings, events } = this.options;
    const conversation = how.conversation ?? store.findConversation(conversationId);
    const modelRef = normalizeModelRef(conversation?.model ?? settings.snapshot().defaultModel);
    // A provider removed since the conversation chose it fails the turn with the reason.
    const { client, model, provider } = this.options.models.resolve(modelRef);
    const catalogue = mcp.catalogEntries();
    const plan = this.toolPlan(
      conversationId,
      catalogue,
      client.supportsToolSearch?.(model) ?? false,
    );
    const hostTools = new Map(plan.hostTools.map((host) => [host.tool.modelName, host]));
    const entries = catalogue.filter((e) => !hostTools.has(e.modelName));
    const byName = new Map(entries.map((e) => [e.modelName, e]));
    const apps = this.options.apps;
    // What a tool card shows: the server's tool (and its App), or what a host tool stands for.
    const where = (
      name: string,
    ): { server: string; tool: string; uiResourceUri?: string } | undefined => {
      const entry = byName.get(name);
      if (!entry) return hostTools.get(name)?.origin;
      const ui = apps?.uiOf(entry.tool);
      return {
        server: entry.server,
        tool: entry.tool.name,
        ...(ui ? { uiResourceUri: ui.resourceUri } : {}),
      };
    };
    const recorder = new TurnRecorder(store, conversationId, turnId, { provider, model }, where);
    const stored = await this.history.read(conversationId, how.newest);
    const history = how.continuing ? withContinueInstruction(stored) : stored;
    const servers = mcp.instructions();
    const system = buildSystemPrompt(settings.snapshot().systemPrompt, servers);
    const executeTool: ExecuteTool = async (call, toolSignal, reportProgress) => {
      const host = hostTools.get(call.modelName);
      if (host) {
        // The person enabled what stands behind a host tool (or it is the host's own search): no
        // per-call approval.
        recorder.toolStarted(call.toolUseId);
        const { toolUseId, input } = call;
        return host.run({ conversationId, toolUseId, input, signal: toolSignal });
      }
      const entry = byName.get(call.modelName);
      if (!entry)
        throw new AppError(
          AppErrorCode.NotFound,
          hostText('conversation.unknownTool', { name: call.modelName }),
        );
      const args = isRecord(call.input) ? call.input : {};
      // A server known by its remembered list starts now (the card says so); the person
      // approves, and the call runs, what it lists once running: a definition that changed
      // since it was remembered asks again.
      const supervisor = await mcp.use(entry.server, toolSignal);
      const tool = supervisor.tools.find((t) => t.name === entry.tool.name);
      if (!tool) {
        throw new AppError(
          AppErrorCode.NotFound,
          hostText('onDemand.toolGone', { server: entry.server, tool: entry.tool.name }),
        );
      }
      const outcome = await this.options.broker.decide(
        {
          conversationId,
          toolUseId: call.toolUseId,
          server: entry.server,
          tool: {
            name: tool.name,
            ...(tool.title ? { title: tool.title } : {}),
            ...(tool.description ? { description: tool.description } : {}),
            inputSchema: tool.inputSchema,
            ...(tool.annotations ? { annotations: tool.annotations } : {}),
          },
          modelName: call.modelName,
          arguments: args,
        },
        toolSignal,
      );
      store.recordApproval({
        toolCallId: call.toolUseId,
        decision: outcome.kind === 'allowed' ? 'allow' : 'deny',
        scope:
          outcome.decidedBy === 'policy'
            ? 'policy'
            : ((outcome.kind === 'allowed' ? outcome.scope : undefined) ?? 'once'),
        reason: outcome.reason,
        decidedBy: outcome.decidedBy === 'readonly-hint' ? 'policy' : outcome.decidedBy,
      });
      if (outcome.kind === 'denied') {
        if (!outcome.cancelled) recorder.denied.add(call.toolUseId);
        // Withdrawn: the loop answers the model with why (turn stopped, or this call cancelled).
        if (outcome.cancelled)
          throw new AppError(AppErrorCode.Cancelled, hostText('foreign', { text: outcome.reason }));
        return { content: [{ type: 'text', text: outcome.reason }], isError: true };
      }
      recorder.toolStarted(call.toolUseId);
      const note = apps?.begin({
        conversationId,
        toolUseId: call.toolUseId,
        server: entry.server,
        tool,
      });
      const running = { conversationId, toolUseId: call.toolUseId, server: entry.server };
      const onProgress = (p: { progress: number; total?: number; message?: string }): void =>
        reportProgress({
          progress: p.progress,
          ...(p.total !== undefined ? { total: p.total } : {}),
          ...(p.message !== undefined ? { message: p.message } : {}),
        });
      const timeoutMs = supervisor.config.timeouts.requestMs;
      const result = await this.runningTools.run(running, () =>
        this.options.callTool
          ? this.options.callTool({
              ...running,
              tool: entry.tool.name,
              args,
              signal: toolSignal,
              turnSignal: signal,
              timeoutMs,
              onProgress,
            })
          : // Used again: a person deciding for long enough lets it stop as idle meanwhile.
            mcp.use(entry.server, toolSignal).then((ready) =>
              ready.callTool(entry.tool.name, args, {
                signal: toolSignal,
                timeoutMs,
                onProgress,
              }),
            ),
      );
      const hostNote = await note?.();
      return hostNote ? { ...toToolOutcome(result), hostNote } : toToolOutcome(result);
    };
    return runTurn({
      conversationId,
      turnId,
      client,
      model,
      modelRef,
      ...(system ? { system } : {}),
      messages: history,
      tools: plan.callable,
      requestTools: plan.request,
      toolLoading: plan.loading,
      onToolsFound: plan.found,
      executeTool,
      signal,
      toolCancels,
      ...(this.options.maxSteps ? { maxSteps: this.options.maxSteps } : {}),
      ...(this.options.resultBudgetChars
        ? { resultBudgetChars: this.options.resultBudgetChars }
        : {}),
      log: this.options.log,
      onEvent: (event) => {
        // Windows first, then the store: a delta reaches the screen without waiting on a write.
        const tool = 'modelName' in event ? where(event.modelName) : undefined;
        if (event.type === 'toolInputDelta' && tool?.uiResourceUri) {
          const entry = byName.get(event.modelName);
          if (entry) {
            apps?.announce({
              conversationId,
              toolUseId: event.toolUseId,
              server: entry.server,
              tool: entry.tool,
            });
          }
        }
        events.emit('conversation.streamed', {
          event: boundForWindow(event),
          ...(tool ? { tool } : {}),
        });
        try {
          recorder.handle(event);
        } catch (error) {
          this.options.log.error('could not save a turn event', { error, type: event.type });
        }
        if (title !== undefined && (event.type === 'textDelta' || event.type === 'turnFinished')) {
          // Named once the reply is under way, so naming costs the first token nothing; a name
          // the person gave meanwhile stays.
          const current = store.findConversation(conversationId)?.title;
          if (!current || current === 'New conversation') {
            store.renameConversation(conversationId, title);
            this.updated(conversationId);
          }
          title = undefined;
        }
      },
    });
  }

  /** How this turn offers tools: tool search decides, or every tool goes (no search service). */
  private toolPlan(
    conversationId: string,
    entries: ReturnType<McpService['catalogEntries']>,
    apiSearchAvailable: boolean,
  ): TurnToolPlan {
    const hostTools = [...(this.options.hostTools?.(conversationId) ?? [])];
    const names = new Set(hostTools.map((host) => host.tool.modelName));
    const catalogue = entries.filter((entry) => !names.has(entry.modelName));
    if (this.options.toolSearch) {
      return this.options.toolSearch.plan({
        conversationId,
        entries: catalogue,
        hostTools,
        apiSearchAvailable,
      });
    }
    const callable = [
      ...hostTools.map((host) => host.tool),
      ...catalogue.map((entry) => toModelTool(entry.modelName, entry.tool)),
    ];
    return {
      loading: 'all',
      reason: catalogue.length === 0 ? 'no-tools' : 'forced-off',
      callable,
      hostTools,
      request: () => ({ tools: callable }),
      found: () => undefined,
    };
  }

  /**
   * The turn threw before its loop ran (runTurn itself never throws): history unreadable, no
   * model client. It still ends with a failed `turnFinished`, seen by windows and kept in the
   * store where the reply would have been.
   */
  private turnNotStarted(
    conversationId: string,
    turnId: string,
    error: unknown,
    title: string | undefined,
  ): TurnResult {
    const { store, events, log, settings } = this.options;
    let model = normalizeModelRef(settings.snapshot().defaultModel);
    try {
      model = normalizeModelRef(store.findConversation(conversationId)?.model ?? model);
    } catch {
      // The store is what failed; the event still names a model.
    }
    const writer = parseModelRef(model);
    const recorder = new TurnRecorder(store, conversationId, turnId, writer, () => undefined);
    return finishUnstartedTurn({
      conversationId,
      turnId,
      model,
      error,
      log,
      onEvent: (event) => {
        events.emit('conversation.streamed', { event });
        try {
          recorder.handle(event);
          if (title !== undefined && event.type === 'turnFinished') {
            store.renameConversation(conversationId, title);
          }
        } catch (storeError) {
          log.error('could not save a turn event', { error: storeError, type: event.type });
        }
      },
    });
  }

  /** `model` as a ref to store, once its provider is known to exist (NOT_FOUND otherwise). */
  private checkedModel(model: string): string {
    const ref = normalizeModelRef(model);
    this.options.models.resolve(ref);
    return ref;
  }

  private assertIdle(conversationId: string): void {
    if (this.running.has(conversationId)) {
      throw new AppError(AppErrorCode.Validation, hostText('conversation.busy'));
    }
  }

  /** Tells windows about the conversation; `known`: it as just written (not read again). */
  private updated(conversationId: string, known?: ConversationRecord): ConversationSummary {
    const record = known ?? this.options.store.findConversation(conversationId);
    if (!record)
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('conversation.notFound', { id: conversationId }),
      );
    const summary = toSummary(record, this.running.has(conversationId));
    this.options.events.emit('conversation.updated', { conversation: summary });
    return summary;
  }
}

/** The person's last own message (not a tool result carrier), read from the newest back. */
function findLastPersonMessage(
  store: ConversationStore,
  conversationId: string,
): MessageRecord | undefined {
  let before: number | undefined;
  for (;;) {
    const page = store.listMessages(conversationId, {
      ...(before !== undefined ? { beforeOrdinal: before } : {}),
      limit: 100,
    });
    const found = page.messages.findLast(
      (m) => m.role === 'user' && m.content.some((b) => b.type !== 'tool_result'),
    );
    if (found) return found;
    const oldest = page.messages[0];
    if (!page.hasMore || !oldest) return undefined;
    before = oldest.ordinal;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
