import { setTimeout as sleep } from 'node:timers/promises';
import { turnError } from '../../../shared/domain/conversationEvents';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import type { Logger } from '../../platform/Logger';
import { startIdleWatchdog } from './idleWatchdog';
import { MessageAccumulator, type StreamedKind } from '../models/MessageAccumulator';
import type { ModelClient, ModelRequest, ModelStreamEvent } from '../models/ModelClient';
import { retryDelay, type RetryPolicy } from './retryPolicy';
import type { TurnEventSink } from './TurnEventSink';
import { AbortWaiter } from './AbortWaiter';
import { isAborted } from './untilAborted';

/** Everything one step (one model response, retries included) needs. */
export interface ModelStepContext {
  client: ModelClient;
  request: ModelRequest;
  step: number;
  /** The turn's signal: aborting it stops the step. */
  signal: AbortSignal;
  idleTimeoutMs: number;
  retryPolicy: RetryPolicy;
  sink: TurnEventSink;
  random?: () => number;
  log?: Logger;
}

/** How a step ended; `message` holds whatever arrived, complete or not. */
export type ModelStepOutcome =
  | { kind: 'complete'; message: MessageAccumulator }
  | { kind: 'failed'; error: AppError; message: MessageAccumulator }
  | { kind: 'stopped'; message: MessageAccumulator };

interface Attempt {
  message: MessageAccumulator;
  error?: AppError;
  stopped?: boolean;
}

/**
 * Streams one model response, emitting text deltas as they arrive. A failure before anything
 * visible has streamed is retried as the policy says, with a `retrying` event carrying the
 * delay; a failure after that ends the step with what arrived. A stream that goes silent for
 * `idleTimeoutMs` is aborted and fails with LLM_STALLED.
 */
export async function streamModelStep(context: ModelStepContext): Promise<ModelStepOutcome> {
  const { sink, step } = context;
  for (let attempt = 1; ; attempt++) {
    sink.emit({ type: 'requestStarted', step, attempt });
    const result = await attemptOnce(context);
    if (result.stopped) return { kind: 'stopped', message: result.message };
    if (!result.error) return { kind: 'complete', message: result.message };
    const error = result.error;
    const delayMs = result.message.hasContent
      ? undefined
      : retryDelay(error, attempt, context.retryPolicy, context.random);
    if (delayMs === undefined) return { kind: 'failed', error, message: result.message };
    context.log?.info('model request failed; retrying', {
      step,
      attempt,
      delayMs,
      code: error.code,
    });
    sink.emit({
      type: 'retrying',
      step,
      attempt: attempt + 1,
      delayMs,
      reason: turnError(error),
    });
    try {
      await sleep(delayMs, undefined, { signal: context.signal });
    } catch {
      return { kind: 'stopped', message: new MessageAccumulator() };
    }
  }
}

async function attemptOnce(context: ModelStepContext): Promise<Attempt> {
  const message = new MessageAccumulator();
  if (context.signal.aborted) return { message, stopped: true };
  // One controller per attempt: the turn's stop and the watchdog both end this request only.
  const controller = new AbortController();
  const onTurnAbort = (): void => controller.abort();
  context.signal.addEventListener('abort', onTurnAbort, { once: true });
  const watchdog = startIdleWatchdog(context.idleTimeoutMs, () => controller.abort());
  const onDelta = (blockIndex: number, text: string, kind: StreamedKind): void => {
    const { step } = context;
    if (kind === 'text') context.sink.emit({ type: 'textDelta', step, blockIndex, text });
    else context.sink.emit({ type: 'reasoningDelta', step, blockIndex, text });
  };
  const onToolInput = toolInputEmitter(context);
  let iterator: AsyncIterator<ModelStreamEvent> | undefined;
  let finished = false;
  const waiter = new AbortWaiter(controller.signal);
  try {
    iterator = context.client.stream(context.request, controller.signal)[Symbol.asyncIterator]();
    for (;;) {
      const next = await waiter.wait(iterator.next());
      if (next.done) break;
      watchdog.touch();
      message.apply(next.value, onDelta, onToolInput);
    }
    finished = true;
    if (!message.complete) {
      throw new AppError(
        AppErrorCode.LlmNetwork,
        hostText('model.closedEarly', { provider: context.client.label }),
      );
    }
    return { message };
  } catch (error) {
    if (isAborted(context.signal)) return { message, stopped: true };
    if (watchdog.fired) {
      return { message, error: stalledError(context.client.label, context.idleTimeoutMs) };
    }
    return { message, error: AppError.from(error) };
  } finally {
    waiter.dispose();
    watchdog.stop();
    context.signal.removeEventListener('abort', onTurnAbort);
    controller.abort();
    if (iterator && !finished) {
      // Lets a generator run its cleanup; it may reject once aborted, which changes nothing.
      void Promise.resolve(iterator.return?.()).catch(() => undefined);
    }
  }
}

/** Least time between two `toolInputDelta` events of one call: windows need a few a second. */
const TOOL_INPUT_EVERY_MS = 50;

/**
 * Tool input as the model writes it, batched: the block's start at once (the card appears),
 * then what arrived, at most every {@link TOOL_INPUT_EVERY_MS}. A tail that never gets sent is
 * no loss: toolUseStarted carries the whole input.
 */
function toolInputEmitter(
  context: ModelStepContext,
): (blockIndex: number, tool: { id: string; name: string }, json: string) => void {
  const pending = new Map<number, { json: string; sentAt: number }>();
  return (blockIndex, tool, json) => {
    const now = Date.now();
    const entry = pending.get(blockIndex);
    const buffered = (entry?.json ?? '') + json;
    if (entry && now - entry.sentAt < TOOL_INPUT_EVERY_MS) {
      entry.json = buffered;
      return;
    }
    pending.set(blockIndex, { json: '', sentAt: now });
    context.sink.emit({
      type: 'toolInputDelta',
      step: context.step,
      blockIndex,
      toolUseId: tool.id,
      modelName: tool.name,
      json: buffered,
    });
  };
}

function stalledError(label: string, idleTimeoutMs: number): AppError {
  const seconds = Math.round(idleTimeoutMs / 100) / 10;
  return new AppError(
    AppErrorCode.LlmStalled,
    hostText('model.stalled', { provider: label, seconds }),
  );
}
