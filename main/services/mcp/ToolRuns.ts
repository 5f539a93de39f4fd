import { TOOL_RUN_MESSAGE_MAX, type ToolRunProgress } from '../../../shared/domain/toolRuns';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { CallToolOptions } from './session/McpSession';
import type { Progress } from './session/mcpTypes';
import { hostText } from '../../../shared/text/hostText';

export interface ToolRunsOptions {
  /** Where throttled progress goes (the `mcp.toolRunProgressed` event). */
  emit?: (progress: ToolRunProgress) => void;
  /** At most one report per run per this many ms (the latest wins); default 100 (≤ 10/s). */
  throttleMs?: number;
}

interface Run {
  controller: AbortController;
  last: number;
  pending: ToolRunProgress | undefined;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Tool calls the person started from the server view under a renderer-chosen id: each can be
 * cancelled by that id, and its progress reaches the renderer throttled and in order.
 */
export class ToolRuns {
  private readonly runs = new Map<string, Run>();
  private readonly throttleMs: number;

  constructor(private readonly options: ToolRunsOptions = {}) {
    this.throttleMs = options.throttleMs ?? 100;
  }

  /**
   * Runs `call` under `runId`. A run id that is already running is refused (VALIDATION), so a
   * second window cannot take over another's run. Without an id the call is neither
   * cancellable nor reported.
   */
  async run<T>(
    runId: string | undefined,
    call: (options: CallToolOptions) => Promise<T>,
  ): Promise<T> {
    if (runId === undefined) return call({});
    if (this.runs.has(runId)) {
      throw new AppError(AppErrorCode.Validation, hostText('mcp.runTwice', { runId }));
    }
    const run: Run = {
      controller: new AbortController(),
      last: 0,
      pending: undefined,
      timer: undefined,
    };
    this.runs.set(runId, run);
    try {
      return await call({
        signal: run.controller.signal,
        onProgress: (progress) => this.progressed(runId, run, progress),
      });
    } finally {
      // The last report that waited out the throttle still belongs before the answer.
      if (!run.controller.signal.aborted) this.flush(run);
      clearTimeout(run.timer);
      this.runs.delete(runId);
    }
  }

  /**
   * Cancels a running call: the SDK sends `notifications/cancelled` and the call rejects with
   * CANCELLED. An id that is not running (already finished, or never started) is a no-op: a
   * cancel that loses the race against the answer is normal, not an error.
   */
  cancel(runId: string): void {
    this.runs.get(runId)?.controller.abort();
  }

  /** Whether a run with this id is in flight (for tests and diagnostics). */
  isRunning(runId: string): boolean {
    return this.runs.has(runId);
  }

  /** Cancels every run (host shutdown). */
  cancelAll(): void {
    for (const run of this.runs.values()) run.controller.abort();
  }

  private progressed(runId: string, run: Run, progress: Progress): void {
    if (run.controller.signal.aborted) return;
    run.pending = toReport(runId, progress);
    const wait = run.last + this.throttleMs - Date.now();
    if (wait <= 0) {
      // A timer that the event loop has not run yet would otherwise send a second report now.
      clearTimeout(run.timer);
      run.timer = undefined;
      this.flush(run);
      return;
    }
    run.timer ??= setTimeout(() => {
      run.timer = undefined;
      this.flush(run);
    }, wait);
  }

  private flush(run: Run): void {
    const report = run.pending;
    if (!report) return;
    run.pending = undefined;
    run.last = Date.now();
    this.options.emit?.(report);
  }
}

function toReport(runId: string, progress: Progress): ToolRunProgress {
  const { total, message } = progress;
  return {
    runId,
    progress: progress.progress,
    ...(typeof total === 'number' ? { total } : {}),
    ...(typeof message === 'string' && message.length > 0
      ? { message: message.slice(0, TOOL_RUN_MESSAGE_MAX) }
      : {}),
  };
}
