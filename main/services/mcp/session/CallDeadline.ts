import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { PersonWaits } from './PersonWaits';

/** The timer functions a deadline uses; tests pass a manual clock. */
export interface DeadlineTimers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
}

const realTimers: DeadlineTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  now: () => Date.now(),
};

/**
 * What the SDK gets as a request's own timeout when a {@link CallDeadline} governs the call:
 * the largest delay a timer takes, so the SDK's timer never fires first.
 */
export const SDK_TIMEOUT_OFF_MS = 2_147_483_647;

export interface CallDeadlineOptions {
  /** Idle timeout: restarted by every progress report and after every request to the person. */
  idleMs: number;
  /** Cap on the call's running time, not counting time the person spent answering. */
  maxTotalMs?: number;
  /** Requests to the person on the same session: while one is open, no timer runs. */
  waits: PersonWaits;
  timers?: DeadlineTimers;
}

/**
 * A tool call's timeout that stands still while the server waits for the person.
 *
 * The SDK's request timers cannot pause (a 2025 server's `elicitation/create` arrives while its
 * `tools/call` is in flight, and the call's timer runs on), so the host times the call itself:
 * `signal` aborts with the SDK's own REQUEST_TIMEOUT error (mapped to MCP_TIMEOUT as before)
 * once the call has been idle for `idleMs` of time nobody was being asked anything.
 */
export class CallDeadline {
  private readonly controller = new AbortController();
  private readonly timers: DeadlineTimers;
  private timer: unknown;
  /** Running time counted so far, person's time excluded; and since when it is counting. */
  private counted = 0;
  private countingSince: number | undefined;
  private readonly stopWatching: () => void;

  /** Aborts when the call timed out. */
  readonly signal: AbortSignal = this.controller.signal;

  constructor(private readonly options: CallDeadlineOptions) {
    this.timers = options.timers ?? realTimers;
    this.stopWatching = options.waits.onDidChange((waiting) => {
      if (waiting) this.pause();
      else this.resume();
    });
    if (!options.waits.waiting) this.resume();
  }

  /** A progress report arrived: the idle timer starts over. */
  touch(): void {
    if (this.countingSince === undefined || this.signal.aborted) return;
    this.arm();
  }

  /** The call settled: stop every timer. */
  dispose(): void {
    this.pause();
    this.stopWatching();
  }

  private resume(): void {
    if (this.signal.aborted) return;
    this.countingSince = this.timers.now();
    this.arm();
  }

  private pause(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.countingSince !== undefined) this.counted += this.timers.now() - this.countingSince;
    this.countingSince = undefined;
  }

  private arm(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    const { idleMs, maxTotalMs } = this.options;
    const elapsed = this.counted + this.timers.now() - (this.countingSince ?? this.timers.now());
    const left = maxTotalMs === undefined ? Infinity : maxTotalMs - elapsed;
    const total = left < idleMs;
    this.timer = this.timers.setTimeout(
      () => {
        this.timer = undefined;
        this.controller.abort(
          total
            ? new SdkError(SdkErrorCode.RequestTimeout, 'Maximum total timeout exceeded', {
                maxTotalTimeout: maxTotalMs,
              })
            : new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: idleMs }),
        );
      },
      Math.max(0, Math.min(idleMs, left)),
    );
  }
}
