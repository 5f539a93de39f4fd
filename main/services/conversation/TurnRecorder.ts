import type {
  ConversationEvent,
  TokenUsage as EventUsage,
} from '../../../shared/domain/conversationEvents';
import type { ConversationMessage } from '../../../shared/domain/conversationMessage';
import type { ConversationStore } from '../store/ConversationStore';
import type { StoredContentBlock, TokenUsage } from '../store/MessageRecord';
import type { FinalToolCallStatus } from '../store/ToolCallRecord';

/** Where a model-facing tool name really lives, and the tool's App if it has one. */
export type ToolResolver = (
  modelName: string,
) => { server: string; tool: string; uiResourceUri?: string } | undefined;

/**
 * Writes one turn into the store as it happens: the assistant draft is created when a request
 * goes out and filled delta by delta (committed within the store's flush interval), finished
 * when the message is complete; tool calls are recorded from start to result. A crash at any
 * point leaves a readable history whose unfinished draft reopens as "interrupted".
 */
export class TurnRecorder {
  private draftId: string | undefined;
  /** The draft's blocks by the stream's block index (a tool call between texts leaves no hole). */
  private readonly draftBlocks = new Map<number, number>();
  /** A model request is out and its message has not been added yet. */
  private awaitingReply = false;
  /** Any model request went out (a turn can fail before the first one). */
  private requested = false;
  private lastAssistantId: string | undefined;
  private partial: { id: string; content: StoredContentBlock[]; step: number } | undefined;
  private readonly usage = new Map<number, TokenUsage>();
  /** Tool calls the approval broker denied (the loop only sees an error result). */
  readonly denied = new Set<string>();

  constructor(
    private readonly store: ConversationStore,
    private readonly conversationId: string,
    private readonly turnId: string,
    /** Who writes the turn's replies. */
    private readonly writer: { provider: string; model: string },
    private readonly resolveTool: ToolResolver,
  ) {}

  handle(event: ConversationEvent): void {
    switch (event.type) {
      case 'requestStarted':
        // The draft row is created with the first delta, not here: nothing is written between
        // the person's message and the request going out (it would delay the first token).
        this.awaitingReply = true;
        this.requested = true;
        break;
      case 'textDelta':
        this.appendDelta(event.blockIndex, event.text, 'text');
        break;
      case 'reasoningDelta':
        this.appendDelta(event.blockIndex, event.text, 'reasoning');
        break;
      case 'usage':
        this.usage.set(event.step, toStoreUsage(event.usage));
        break;
      case 'messageAdded':
        this.messageAdded(event.message, event.partial, event.step);
        break;
      case 'toolUseStarted': {
        const where = this.resolveTool(event.modelName);
        this.store.recordToolCall({
          id: event.toolUseId,
          messageId: this.lastAssistantId ?? this.draftId ?? '',
          server: where?.server ?? '',
          toolName: where?.tool ?? event.modelName,
          modelName: event.modelName,
          arguments: event.input,
          ...(where?.uiResourceUri ? { uiResourceUri: where.uiResourceUri } : {}),
        });
        break;
      }
      case 'toolResult':
        this.store.finishToolCall(event.toolUseId, {
          status: this.denied.has(event.toolUseId) ? 'denied' : toolStatus(event.status),
          result: event.outcome,
          modelResult: event.sent.content,
          isError: event.sent.is_error === true,
        });
        break;
      case 'turnFinished':
        this.finish(event);
        break;
      default:
        break;
    }
  }

  /** Marks a tool call as running once it is approved. */
  toolStarted(toolUseId: string): void {
    this.store.startToolCall(toolUseId);
  }

  private appendDelta(streamIndex: number, text: string, kind: 'text' | 'reasoning'): void {
    this.draftId ??= this.beginDraft();
    let index = this.draftBlocks.get(streamIndex);
    if (index === undefined) {
      index = this.draftBlocks.size;
      this.draftBlocks.set(streamIndex, index);
    }
    this.store.appendDelta(this.draftId, index, text, kind);
  }

  private beginDraft(): string {
    this.draftBlocks.clear();
    return this.store.beginAssistantMessage(this.conversationId, {
      turnId: this.turnId,
      provider: this.writer.provider,
      model: this.writer.model,
    }).id;
  }

  private messageAdded(message: ConversationMessage, partial: boolean, step: number): void {
    const content = (
      typeof message.content === 'string'
        ? [{ type: 'text', text: message.content }]
        : message.content
    ) as StoredContentBlock[];
    if (message.role === 'user') {
      this.store.appendMessage(this.conversationId, { role: 'user', content, turnId: this.turnId });
      return;
    }
    const id = this.draftId ?? this.beginDraft();
    this.draftId = undefined;
    this.awaitingReply = false;
    if (partial) {
      // How it ended (stopped or failed) is only known at turnFinished.
      this.partial = { id, content, step };
      return;
    }
    const usage = this.usage.get(step);
    this.store.finishMessage(id, { status: 'complete', content, ...(usage ? { usage } : {}) });
    this.lastAssistantId = id;
  }

  private finish(event: Extract<ConversationEvent, { type: 'turnFinished' }>): void {
    const status =
      event.stop.reason === 'stopped'
        ? 'stopped'
        : event.stop.reason === 'failed'
          ? 'failed'
          : 'complete';
    const error = event.stop.reason === 'failed' ? { error: event.stop.error } : {};
    if (this.partial) {
      const usage = this.usage.get(this.partial.step);
      this.store.finishMessage(this.partial.id, {
        status: status === 'complete' ? 'stopped' : status,
        content: this.partial.content,
        ...(usage ? { usage } : {}),
        ...error,
      });
      this.partial = undefined;
    }
    const failedBeforeAsking = status === 'failed' && !this.requested;
    if (!this.draftId && (this.awaitingReply || failedBeforeAsking) && status !== 'complete') {
      // A request that produced nothing: keep an empty message that says why (retry offers itself).
      this.draftId = this.beginDraft();
    }
    if (this.draftId) {
      this.store.finishMessage(this.draftId, {
        status: status === 'complete' ? 'stopped' : status,
        content: [],
        ...error,
      });
      this.draftId = undefined;
    }
    this.store.flush();
  }
}

function toStoreUsage(usage: EventUsage): TokenUsage {
  return {
    input: usage.inputTokens,
    output: usage.outputTokens,
    cacheRead: usage.cacheReadInputTokens,
    cacheWrite: usage.cacheCreationInputTokens,
  };
}

function toolStatus(status: 'ok' | 'error' | 'cancelled' | 'skipped'): FinalToolCallStatus {
  switch (status) {
    case 'ok':
      return 'done';
    case 'error':
      return 'failed';
    default:
      return 'cancelled';
  }
}
