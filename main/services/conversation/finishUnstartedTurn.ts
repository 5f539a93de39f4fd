import type { ConversationEvent } from '../../../shared/domain/conversationEvents';
import { AppError } from '../../../shared/errors';
import type { Logger } from '../../platform/Logger';
import type { TurnResult } from './runTurn';
import { TurnEventSink } from './TurnEventSink';

/**
 * Ends a turn that failed before its loop could start (history unreadable, no model client):
 * it still reports `turnStarted` and a failed `turnFinished`, so windows stop waiting and the
 * store keeps the error where the reply would have been.
 */
export function finishUnstartedTurn(options: {
  conversationId: string;
  turnId: string;
  model: string;
  error: unknown;
  onEvent: (event: ConversationEvent) => void;
  log: Logger;
}): TurnResult {
  const { conversationId, turnId, model, error, onEvent, log } = options;
  log.error('turn could not start', { turnId, error });
  const { code, message } = AppError.from(error);
  const stop = { reason: 'failed' as const, error: { code, message } };
  const usage = {
    inputTokens: 0,
    outputTokens: 0,
    cacheCreationInputTokens: 0,
    cacheReadInputTokens: 0,
  };
  const sink = new TurnEventSink({ conversationId, turnId }, onEvent, Date.now, log);
  sink.emit({ type: 'turnStarted', model, maxSteps: 1 });
  sink.emit({ type: 'turnFinished', stop, steps: 0, usage: { ...usage } });
  return { messages: [], stop, usage, steps: 0 };
}
