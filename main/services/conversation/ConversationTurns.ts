import type { ConversationSummary } from '../../../shared/domain/conversationViews';
import { normalizeModelRef, parseModelRef } from '../../../shared/domain/modelRef';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import { RunningToolCalls } from '../interactions/RunningToolCalls';
import type { ConversationRecord } from '../store/ConversationRecord';
import { boundForWindow } from './boundForWindow';
import { buildSystemPrompt } from './buildSystemPrompt';
import { withContinueInstruction } from './continueReply';
import { ConversationNamer } from './ConversationNamer';
import type { ConversationServiceOptions } from './ConversationServiceOptions';
import { createExecuteTool } from './createExecuteTool';
import { finishUnstartedTurn } from './finishUnstartedTurn';
import type { ModelHistory } from './ModelHistory';
import { runTurn, type TurnResult } from './runTurn';
import { ToolCallCancels } from './ToolCallCancels';
import { toSummary } from './toConversationViews';
import { TurnRecorder } from './TurnRecorder';
import { TurnTools } from './TurnTools';

/** How a turn starts: continuing a cut reply, naming a new conversation, what is known. */
export interface TurnStart {
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
 * The turns of every conversation: one at most runs per conversation. A turn is set up (model,
 * history, tools), runs the tool-use loop, and its events reach the windows and the store; a new
 * conversation is named once its first exchange is done.
 */
export class ConversationTurns {
  private readonly running = new Map<string, RunningTurn>();
  private readonly runningTools: RunningToolCalls;
  /** Writes new conversations' titles; absent when titles are not generated (CLI). */
  private readonly namer: ConversationNamer | undefined;

  constructor(
    private readonly options: ConversationServiceOptions,
    /** What the model is sent as the history, kept between turns (see ModelHistory). */
    private readonly history: ModelHistory,
  ) {
    this.runningTools = options.runningTools ?? new RunningToolCalls();
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

  /** Whether a turn of the conversation runs now. */
  isRunning(conversationId: string): boolean {
    return this.running.has(conversationId);
  }

  /** Throws (VALIDATION) while a turn of the conversation runs. */
  assertIdle(conversationId: string): void {
    if (this.running.has(conversationId)) {
      throw new AppError(AppErrorCode.Validation, hostText('conversation.busy'));
    }
  }

  /** Starts a turn; `title` names a new conversation once its reply is under way. */
  start(
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

  /** Stops the conversation's running turn (if any) and waits for it to end. */
  async stop(conversationId: string): Promise<void> {
    const turn = this.running.get(conversationId);
    if (!turn) return;
    turn.abort.abort();
    await turn.done.catch(() => undefined);
  }

  /** Cancels one tool call of the running turn (nothing when the turn or the call ended). */
  cancelToolCall(conversationId: string, toolUseId: string): void {
    this.running.get(conversationId)?.toolCancels.cancel(toolUseId);
  }

  /** Resolves when the conversation's running turn (if any) has finished. */
  async settled(conversationId: string): Promise<TurnResult | undefined> {
    return this.running.get(conversationId)?.done;
  }

  /** Resolves once the titles being written for new conversations are in place. */
  async titlesWritten(): Promise<void> {
    await this.namer?.idle();
  }

  /** Stops every running turn and the titles being written. */
  async dispose(): Promise<void> {
    await Promise.all([...this.running.keys()].map((id) => this.stop(id)));
    await this.namer?.dispose();
  }

  /** Tells windows about the conversation; `known`: it as just written (not read again). */
  updated(conversationId: string, known?: ConversationRecord): ConversationSummary {
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

  private async runTurn(
    conversationId: string,
    turnId: string,
    signal: AbortSignal,
    toolCancels: ToolCallCancels,
    pendingTitle?: string,
    how: TurnStart = {},
  ): Promise<TurnResult> {
    let title = pendingTitle;
    const { store, mcp, settings, events, apps } = this.options;
    const conversation = how.conversation ?? store.findConversation(conversationId);
    const modelRef = normalizeModelRef(conversation?.model ?? settings.snapshot().defaultModel);
    // A provider removed since the conversation chose it fails the turn with the reason.
    const { client, model, provider } = this.options.models.resolve(modelRef);
    const tools = new TurnTools({
      conversationId,
      catalogue: mcp.catalogEntries(),
      apiSearchAvailable: client.supportsToolSearch?.(model) ?? false,
      ...(this.options.hostTools ? { hostTools: this.options.hostTools } : {}),
      ...(this.options.toolSearch ? { toolSearch: this.options.toolSearch } : {}),
      ...(apps ? { apps } : {}),
    });
    const where = (name: string) => tools.where(name);
    const recorder = new TurnRecorder(store, conversationId, turnId, { provider, model }, where);
    const stored = await this.history.read(conversationId, how.newest);
    const history = how.continuing ? withContinueInstruction(stored) : stored;
    const system = buildSystemPrompt(settings.snapshot().systemPrompt, mcp.instructions());
    const executeTool = createExecuteTool({
      conversationId,
      turnSignal: signal,
      tools,
      recorder,
      store,
      mcp,
      broker: this.options.broker,
      runningTools: this.runningTools,
      ...(this.options.callTool ? { callTool: this.options.callTool } : {}),
      ...(apps ? { apps } : {}),
    });
    const { plan } = tools;
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
          const entry = tools.byName.get(event.modelName);
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
}
