import type { ToolResultBlock } from '../../../shared/domain/conversationMessage';
import type { ToolOutcome } from '../../../shared/domain/toolOutcome';
import type { Logger } from '../../platform/Logger';
import { mapToolResult, type ToolResultContent } from '../conversation/mapToolResult';
import { DEFAULT_RESULT_BUDGET_CHARS, truncateResult } from '../conversation/truncateResult';
import type { ConversationStore } from '../store/ConversationStore';
import type { StoredContentBlock } from '../store/MessageRecord';
import type { TaskRecord } from '../store/TaskRecord';
import { outcomeOf } from './taskEnds';

/** What delivery needs from the conversation service. */
export interface ConversationContinuation {
  /** Resolves when the conversation has no running turn (at once when it has none). */
  settled(conversationId: string): Promise<unknown>;
  /** Adds a message of the person's side (here: results) and runs a turn on it. */
  continueWith(conversationId: string, content: StoredContentBlock[]): { turnId: string };
}

export interface TaskDeliveryOptions {
  store: ConversationStore;
  conversations: ConversationContinuation;
  /** Called once a result is in its conversation. */
  delivered: (taskId: string) => void;
  log: Logger;
  resultBudgetChars?: number;
}

/**
 * Puts the result of a chat task that ended with no turn waiting for it (the app restarted, or
 * the turn was stopped) into its conversation, and lets the model go on with it:
 *
 * - the tool call's card gets the result (its stored row is finished);
 * - when the conversation still ends with the assistant message that made the call, the result
 *   is its `tool_result` — the turn continues exactly where it was cut off;
 * - when the conversation moved on since, the result arrives as a new message that says which
 *   earlier call it answers;
 *
 * then a continuation turn runs. A conversation busy with a turn gets it once that turn ended.
 */
export class TaskDelivery {
  private readonly queues = new Map<string, Promise<void>>();

  constructor(private readonly options: TaskDeliveryOptions) {}

  /** Queues delivery of `record` (an ended chat task); one at a time per conversation. */
  deliver(record: TaskRecord): void {
    const conversationId = record.conversationId;
    if (!conversationId) return;
    const previous = this.queues.get(conversationId) ?? Promise.resolve();
    const next = previous
      .then(() => this.deliverNow(record, conversationId))
      .catch((error: unknown) =>
        this.options.log.error('a task result could not be delivered', { error, task: record.id }),
      );
    this.queues.set(conversationId, next);
    void next.finally(() => {
      if (this.queues.get(conversationId) === next) this.queues.delete(conversationId);
    });
  }

  /** Resolves when every queued delivery is done (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  private async deliverNow(record: TaskRecord, conversationId: string): Promise<void> {
    const { store, conversations } = this.options;
    if (!store.findConversation(conversationId)) return;
    // The person may be mid-turn: the result waits for that turn to end.
    for (let i = 0; i < 100; i++) {
      const running = await conversations.settled(conversationId);
      if (running === undefined) break;
    }
    const outcome = outcomeOf(record);
    const mapped = truncateResult(
      mapToolResult(outcome),
      this.options.resultBudgetChars ?? DEFAULT_RESULT_BUDGET_CHARS,
    );
    if (record.toolCallId && store.getToolCall(record.toolCallId)) {
      store.finishToolCall(record.toolCallId, {
        status: record.status === 'completed' ? (outcome.isError ? 'failed' : 'done') : 'failed',
        result: outcome,
        modelResult: mapped.content,
        isError: outcome.isError === true,
      });
    }
    const content = this.continuation(record, conversationId, outcome, mapped.content);
    conversations.continueWith(conversationId, content);
    this.options.delivered(record.id);
  }

  private continuation(
    record: TaskRecord,
    conversationId: string,
    outcome: ToolOutcome,
    mapped: ToolResultContent[],
  ): StoredContentBlock[] {
    // Only the newest message matters: reading the whole history would grow with the chat.
    const last = this.options.store.listMessages(conversationId, { limit: 1 }).messages.at(-1);
    const cutOff =
      record.toolCallId !== null &&
      last?.role === 'assistant' &&
      last.content.some((block) => block.type === 'tool_use' && block.id === record.toolCallId);
    if (cutOff && record.toolCallId) {
      const block: ToolResultBlock = { type: 'tool_result', tool_use_id: record.toolCallId };
      if (mapped.length > 0) block.content = mapped;
      if (outcome.isError) block.is_error = true;
      return [block];
    }
    const intro =
      record.status === 'completed'
        ? `The ${record.toolName} task on ${record.server}, started earlier in this conversation, finished${outcome.isError ? ' with an error' : ''}. Its result:`
        : `The ${record.toolName} task on ${record.server}, started earlier in this conversation, ended (${record.status}):`;
    return [{ type: 'text', text: intro }, ...mapped];
  }
}
