import type {
  ConversationEvent,
  TokenUsage,
  TurnStop,
} from '../../../shared/domain/conversationEvents';
import type { ConversationMessage } from '../../../shared/domain/conversationMessage';
import { turnError } from '../../../shared/domain/conversationEvents';
import { AppError } from '../../../shared/errors';
import type { Logger } from '../../platform/Logger';
import type { ExecuteTool } from './ExecuteTool';
import { foundByToolSearch, type MessageAccumulator } from '../models/MessageAccumulator';
import type { ToolLoading } from '../../../shared/domain/toolSearch';
import { describeRequestTools, type RequestToolSet } from '../catalog/search/ToolSearchService';
import type { ModelClient, ModelTool } from '../models/ModelClient';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retryPolicy';
import { runToolCalls } from './runToolCalls';
import { streamModelStep } from './streamModelStep';
import type { ToolCallCancels } from './ToolCallCancels';
import { DEFAULT_RESULT_BUDGET_CHARS } from './truncateResult';
import { TurnEventSink } from './TurnEventSink';
import { isAborted } from './untilAborted';

export const DEFAULT_MAX_STEPS = 25;
export const DEFAULT_MAX_TOKENS = 8_192;
/** Long enough for a slow first token; the API pings a quiet stream well within it. */
export const DEFAULT_IDLE_TIMEOUT_MS = 90_000;

/** One chat turn: the conversation so far, the model, the tools and how to run them. */
export interface RunTurnOptions {
  conversationId: string;
  turnId: string;
  client: ModelClient;
  /** The provider's model id, e.g. `claude-sonnet-4-5` or `deepseek-chat`. */
  model: string;
  /** How the turn names its model to the person: the ref `provider/model` (default: `model`). */
  modelRef?: string;
  system?: string;
  /** The history, ending with the person's new message. */
  messages: readonly ConversationMessage[];
  /** Every tool the model may call this turn (also those not in the request; see `requestTools`). */
  tools: readonly ModelTool[];
  /**
   * The tools of each model request, asked before each one: with tool search, the search tool
   * and the tools loaded so far (or every tool, deferred behind the provider's search).
   * Default: all of `tools`.
   */
  requestTools?: () => RequestToolSet;
  /** How the requests offer tools, for the usage events (default `all`). */
  toolLoading?: ToolLoading;
  /** Tools the provider's own search found in a reply: they stay loaded. */
  onToolsFound?: (modelNames: string[]) => void;
  executeTool: ExecuteTool;
  /** Receives every event of the turn, in order. */
  onEvent: (event: ConversationEvent) => void;
  /** Stops the turn: the stream is aborted, running tools are cancelled, nothing received is lost. */
  signal?: AbortSignal;
  /** Cancels single tool calls by tool use id; the turn goes on with an error result for each. */
  toolCancels?: ToolCallCancels;
  maxTokens?: number;
  /** Model requests per turn; when the model still wants tools after the last one, the turn ends. */
  maxSteps?: number;
  /** Text characters of one tool result the model gets; the rest is cut (see truncateResult). */
  resultBudgetChars?: number;
  idleTimeoutMs?: number;
  retryPolicy?: RetryPolicy;
  now?: () => number;
  random?: () => number;
  log?: Logger;
}

/** What a turn added to the conversation and how it ended. */
export interface TurnResult {
  /** New messages in API form: assistant messages (text, tool_use) and user tool_result messages. */
  messages: ConversationMessage[];
  stop: TurnStop;
  usage: TokenUsage;
  /** Model requests made. */
  steps: number;
}

/**
 * Runs the tool-use loop for one turn: stream a model response, run the tools it asks for
 * (concurrently), send the results back, and repeat until the model ends its turn, the step
 * limit is reached, the turn is stopped, or a request fails. Never throws: every ending is a
 * {@link TurnStop}, reported in the `turnFinished` event and the result.
 */
export async function runTurn(options: RunTurnOptions): Promise<TurnResult> {
  const now = options.now ?? Date.now;
  const signal = options.signal ?? new AbortController().signal;
  const maxSteps = Math.max(1, options.maxSteps ?? DEFAULT_MAX_STEPS);
  const sink = new TurnEventSink(
    { conversationId: options.conversationId, turnId: options.turnId },
    options.onEvent,
    now,
    options.log,
  );
  const history = [...options.messages];
  const added: ConversationMessage[] = [];
  const usage: TokenUsage = {
    inputTokens: 0,
    outputTokens: 0,
    cacheCreationInputTokens: 0,
    cacheReadInputTokens: 0,
  };
  // Made when the model first calls a tool: a turn that only answers never walks the catalogue.
  let knownTools: ReadonlySet<string> | undefined;
  let steps = 0;

  const add = (step: number, message: ConversationMessage, partial: boolean): void => {
    history.push(message);
    added.push(message);
    sink.emit({ type: 'messageAdded', step, message, partial });
  };
  const finish = (stop: TurnStop): TurnResult => {
    sink.emit({ type: 'turnFinished', stop, steps, usage: { ...usage } });
    options.log?.info('turn finished', { turnId: options.turnId, reason: stop.reason, steps });
    return { messages: added, stop, usage: { ...usage }, steps };
  };
  const countUsage = (step: number, message: MessageAccumulator, sent: RequestToolSet): void => {
    if (!message.started) return;
    const tools = describeRequestTools(options.toolLoading ?? 'all', sent);
    // A request without tools says nothing about them.
    const stepUsage = tools.sent + tools.deferred > 0 ? { ...message.usage, tools } : message.usage;
    usage.inputTokens += stepUsage.inputTokens;
    usage.outputTokens += stepUsage.outputTokens;
    usage.cacheCreationInputTokens += stepUsage.cacheCreationInputTokens;
    usage.cacheReadInputTokens += stepUsage.cacheReadInputTokens;
    sink.emit({ type: 'usage', step, usage: stepUsage });
  };

  sink.emit({ type: 'turnStarted', model: options.modelRef ?? options.model, maxSteps });
  try {
    return await loop();
  } catch (error) {
    // Only a bug gets here; the turn still ends with a reason a person can read.
    const appError = AppError.from(error);
    options.log?.error('turn loop failed', { turnId: options.turnId, error });
    return finish({ reason: 'failed', error: turnError(appError) });
  }

  async function loop(): Promise<TurnResult> {
    for (let step = 1; ; step++) {
      if (signal.aborted) return finish({ reason: 'stopped' });
      steps = step;
      const sent = options.requestTools?.() ?? { tools: [...options.tools] };
      const outcome = await streamModelStep({
        client: options.client,
        request: {
          model: options.model,
          maxTokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
          tools: sent.tools,
          ...(sent.toolSearch ? { toolSearch: sent.toolSearch } : {}),
          messages: [...history],
          ...(options.system ? { system: options.system } : {}),
        },
        step,
        signal,
        idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
        retryPolicy: options.retryPolicy ?? DEFAULT_RETRY_POLICY,
        sink,
        ...(options.random ? { random: options.random } : {}),
        ...(options.log ? { log: options.log } : {}),
      });
      const message = outcome.message;
      countUsage(step, message, sent);

      if (outcome.kind !== 'complete') {
        // Keep what was already shown; half a tool call cannot be kept (it would need a result).
        const partial = message.content({ partial: true, withToolUses: false });
        if (partial.length > 0) add(step, { role: 'assistant', content: partial }, true);
        return finish(
          outcome.kind === 'stopped'
            ? { reason: 'stopped' }
            : {
                reason: 'failed',
                error: turnError(outcome.error),
              },
        );
      }

      const wantsTools = message.stopReason === 'tool_use' && message.toolUses().length > 0;
      const content = message.content({ partial: false, withToolUses: wantsTools });
      // An empty assistant message would make the next request invalid; there is nothing to keep.
      if (content.length > 0) add(step, { role: 'assistant', content }, false);
      const found = foundByToolSearch(content);
      if (found.length > 0) options.onToolsFound?.(found);
      if (!wantsTools) {
        return finish({ reason: 'end_turn', modelStopReason: message.stopReason ?? 'end_turn' });
      }

      const atLimit = step >= maxSteps;
      const results = await runToolCalls({
        step,
        calls: message.toolUses(),
        knownTools: (knownTools ??= new Set(options.tools.map((tool) => tool.modelName))),
        executeTool: options.executeTool,
        signal,
        ...(options.toolCancels ? { cancels: options.toolCancels } : {}),
        budgetChars: options.resultBudgetChars ?? DEFAULT_RESULT_BUDGET_CHARS,
        sink,
        now,
        ...(atLimit
          ? {
              skipReason: `Not run: this turn reached its limit of ${maxSteps} model requests. The person can ask to continue.`,
            }
          : {}),
      });
      // Every tool_use gets its tool_result, even after a stop, so the history stays valid.
      add(step, { role: 'user', content: results }, false);
      if (isAborted(signal)) return finish({ reason: 'stopped' });
      if (atLimit) return finish({ reason: 'max_steps', maxSteps });
    }
  }
}
