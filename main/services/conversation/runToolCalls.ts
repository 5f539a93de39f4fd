import type { ToolResultStatus } from '../../../shared/domain/conversationEvents';
import type { ToolResultBlock } from '../../../shared/domain/conversationMessage';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { toolOutcomeSchema, type ToolOutcome } from '../../../shared/domain/toolOutcome';
import type { ExecuteTool, ToolCall, ToolProgress } from './ExecuteTool';
import { mapToolResult } from './mapToolResult';
import type { CompletedToolUse } from '../models/MessageAccumulator';
import { PERSON_CANCELLED_TEXT, type ToolCallCancels } from './ToolCallCancels';
import { truncateResult } from './truncateResult';
import type { TurnEventSink } from './TurnEventSink';
import { isAborted, untilAborted } from './untilAborted';

/** The tool calls of one assistant message and what running them needs. */
export interface ToolCallsContext {
  step: number;
  calls: readonly CompletedToolUse[];
  /** Model names offered in this turn; anything else is answered as unknown, never executed. */
  knownTools: ReadonlySet<string>;
  executeTool: ExecuteTool;
  signal: AbortSignal;
  /** Cancels single calls (the rest of the turn goes on); none when the turn offers no such cancel. */
  cancels?: ToolCallCancels;
  budgetChars: number;
  sink: TurnEventSink;
  now: () => number;
  /** When set, no call runs: each is answered with this text (e.g. the step limit was hit). */
  skipReason?: string;
}

interface Obtained {
  outcome: ToolOutcome;
  status: ToolResultStatus;
}

const CANCELLED_TEXT = 'Cancelled: the turn was stopped before this tool finished.';

/**
 * Runs all tool calls of one assistant message concurrently and returns their `tool_result`
 * blocks in the order of the calls, one for every call whatever happened to it (the API
 * requires that). Each call gets a `toolUseStarted` and a `toolResult` event; the latter holds
 * the full outcome and exactly what the model was sent.
 */
export async function runToolCalls(context: ToolCallsContext): Promise<ToolResultBlock[]> {
  return Promise.all(context.calls.map((call) => runOne(context, call)));
}

async function runOne(context: ToolCallsContext, call: CompletedToolUse): Promise<ToolResultBlock> {
  const { sink, step } = context;
  sink.emit({
    type: 'toolUseStarted',
    step,
    toolUseId: call.id,
    modelName: call.name,
    input: call.input,
  });
  const startedAt = context.now();
  const { outcome, status } = await obtain(context, call);
  const result = truncateResult(mapToolResult(outcome), context.budgetChars);
  // The host's note (whether the tool's App was shown) survives any truncation of the result.
  const content = outcome.hostNote
    ? [...result.content, { type: 'text' as const, text: outcome.hostNote }]
    : result.content;
  const sent: ToolResultBlock = { type: 'tool_result', tool_use_id: call.id };
  if (content.length > 0) sent.content = content;
  if (outcome.isError) sent.is_error = true;
  sink.emit({
    type: 'toolResult',
    step,
    toolUseId: call.id,
    modelName: call.name,
    status,
    outcome,
    sent,
    truncated: result.truncated,
    totalChars: result.totalChars,
    sentChars: result.sentChars,
    durationMs: Math.max(0, context.now() - startedAt),
  });
  return sent;
}

async function obtain(context: ToolCallsContext, call: CompletedToolUse): Promise<Obtained> {
  if (context.skipReason !== undefined) return failure(context.skipReason, 'skipped');
  if (!context.knownTools.has(call.name)) {
    return failure(`Unknown tool "${call.name}". Only the tools offered can be called.`, 'error');
  }
  if (call.inputError !== undefined) {
    return failure(`The tool input was not valid JSON: ${call.inputError}`, 'error');
  }
  const turnSignal = context.signal;
  if (turnSignal.aborted) return failure(CANCELLED_TEXT, 'cancelled');
  const scope = context.cancels?.begin(call.id, turnSignal);
  try {
    return await execute(context, call, scope?.signal ?? turnSignal, () =>
      scope ? scope.cancelledAlone() : false,
    );
  } finally {
    scope?.close();
  }
}

/** Runs an approved-to-try call; `signal` ends it with the turn or on its own. */
async function execute(
  context: ToolCallsContext,
  call: CompletedToolUse,
  signal: AbortSignal,
  cancelledAlone: () => boolean,
): Promise<Obtained> {
  const { sink } = context;
  // The turn's stop wins: then the person stopped everything, not this call.
  const cancelledText = (): Obtained =>
    failure(
      cancelledAlone() && !isAborted(context.signal) ? PERSON_CANCELLED_TEXT : CANCELLED_TEXT,
      'cancelled',
    );
  if (signal.aborted) return cancelledText();
  let running = true;
  const reportProgress = (progress: ToolProgress): void => {
    // Late reports (after the result, or after a stop) would only confuse the view.
    if (!running || signal.aborted) return;
    sink.emit({
      type: 'toolProgress',
      step: context.step,
      toolUseId: call.id,
      progress: progress.progress,
      ...(progress.total !== undefined ? { total: progress.total } : {}),
      ...(progress.message !== undefined ? { message: progress.message } : {}),
    });
  };
  const toolCall: ToolCall = { toolUseId: call.id, modelName: call.name, input: call.input };
  try {
    // Called inside a promise chain so a synchronous throw is a rejection like any other.
    const pending = Promise.resolve().then(() =>
      context.executeTool(toolCall, signal, reportProgress),
    );
    const parsed = toolOutcomeSchema.safeParse(await untilAborted(pending, signal));
    if (!parsed.success) {
      return failure(
        `The tool returned a result that could not be read: ${parsed.error.message}`,
        'error',
      );
    }
    return { outcome: parsed.data, status: parsed.data.isError ? 'error' : 'ok' };
  } catch (error) {
    if (isAborted(signal)) return cancelledText();
    const message = error instanceof Error ? error.message : String(error);
    // Cancelled elsewhere (its task from the Tasks list, or by the server): not a failure.
    if (error instanceof AppError && error.code === AppErrorCode.Cancelled) {
      return failure(`Cancelled: ${message}`, 'cancelled');
    }
    return failure(`The tool call failed: ${message}`, 'error');
  } finally {
    running = false;
  }
}

function failure(text: string, status: ToolResultStatus): Obtained {
  return { outcome: { content: [{ type: 'text', text }], isError: true }, status };
}
