import { AppError, AppErrorCode } from '../../../../shared/errors';
import { hostText } from '../../../../shared/text/hostText';

/**
 * The startup budget of one connect: an `AbortSignal` that fires when the deadline passes or the
 * caller's own signal aborts, whichever comes first. The deadline can be pushed back while the
 * server visibly makes progress (a cold `npx -y` install), so slow installs are not killed.
 */
export class StartupDeadline {
  private readonly controller = new AbortController();
  private deadline: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onParentAbort = (): void => this.abort('cancelled');

  constructor(
    budgetMs: number,
    private readonly parent?: AbortSignal,
    private readonly now: () => number = Date.now,
  ) {
    this.deadline = this.now() + budgetMs;
    if (parent?.aborted) {
      this.abort('cancelled');
      return;
    }
    parent?.addEventListener('abort', this.onParentAbort, { once: true });
    this.arm();
  }

  /** Aborts with an {@link AppError} (MCP_TIMEOUT or CANCELLED) as its reason. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Milliseconds left (0 once expired). */
  get remainingMs(): number {
    return Math.max(0, this.deadline - this.now());
  }

  /**
   * Makes sure at least `ms` remain from now; never shortens the deadline. No effect once the
   * deadline has fired.
   */
  extend(ms: number): void {
    if (this.controller.signal.aborted) return;
    const wanted = this.now() + ms;
    if (wanted <= this.deadline) return;
    this.deadline = wanted;
    this.arm();
  }

  /** Stops the timer and detaches from the parent signal (call when connect settles). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.parent?.removeEventListener('abort', this.onParentAbort);
  }

  /** Rejects as soon as the signal aborts; races the connect work. */
  whenAborted(): Promise<never> {
    return new Promise((_, reject) => {
      const fail = (): void => reject(this.controller.signal.reason as Error);
      if (this.controller.signal.aborted) fail();
      else this.controller.signal.addEventListener('abort', fail, { once: true });
    });
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      // A timer may fire a little early relative to an extension made meanwhile: re-check.
      if (this.remainingMs > 0) this.arm();
      else this.abort('timeout');
    }, this.remainingMs);
  }

  private abort(kind: 'timeout' | 'cancelled'): void {
    if (this.controller.signal.aborted) return;
    this.dispose();
    const reason =
      kind === 'timeout'
        ? new AppError(AppErrorCode.McpTimeout, hostText('mcp.startTimeout'), {
            operation: 'connect',
          })
        : new AppError(AppErrorCode.Cancelled, hostText('mcp.connectCancelled'), {
            operation: 'connect',
          });
    this.controller.abort(reason);
  }
}
