import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';

/** What the model receives for a call the person cancelled on its own. */
export const PERSON_CANCELLED_TEXT = 'The person cancelled this tool call.';

const MAX_EARLY = 1000;

/** One call's cancellation: its own signal (which also follows the turn's) and when it ends. */
export interface ToolCallScope {
  /** Aborts when the turn stops or when the person cancels this call. */
  readonly signal: AbortSignal;
  /** True when this call (not the whole turn) was cancelled. */
  cancelledAlone(): boolean;
  /** The call ended; a later cancel of it does nothing. */
  close(): void;
}

/**
 * Per-call cancellation within one turn, by tool use id. A cancel may arrive before the call
 * starts (the card shows while the model is still writing the call); it is remembered, and the
 * call then ends at once without running.
 */
export class ToolCallCancels {
  private readonly open = new Map<string, AbortController>();
  private readonly early = new Set<string>();
  private readonly ended = new Set<string>();

  /** Starts the scope of call `toolUseId` within a turn stopped by `turnSignal`. */
  begin(toolUseId: string, turnSignal: AbortSignal): ToolCallScope {
    const own = new AbortController();
    if (this.early.delete(toolUseId)) {
      own.abort(new AppError(AppErrorCode.Cancelled, hostText('conversation.cancelledCall')));
    }
    this.open.set(toolUseId, own);
    const signal = AbortSignal.any([turnSignal, own.signal]);
    return {
      signal,
      cancelledAlone: () => own.signal.aborted,
      close: () => {
        if (this.open.get(toolUseId) === own) this.open.delete(toolUseId);
        this.ended.add(toolUseId);
      },
    };
  }

  /**
   * Cancels call `toolUseId`. Returns false when it already ended (nothing to cancel); a call
   * not started yet is cancelled when it starts.
   */
  cancel(toolUseId: string): boolean {
    if (this.ended.has(toolUseId)) return false;
    const running = this.open.get(toolUseId);
    // The reason tells the approval broker the person withdrew this call, not the turn.
    if (running)
      running.abort(new AppError(AppErrorCode.Cancelled, hostText('conversation.cancelledCall')));
    // Bounded: the ids come from the untrusted side, and a turn has far fewer calls.
    else if (this.early.size < MAX_EARLY) this.early.add(toolUseId);
    return true;
  }
}
