import type { ToolRunProgress } from '../../shared/domain/toolRuns';
import type { RequestOutput } from '../../shared/ipc/contract';
import type { ErrorInfo } from './loadable';

export type ToolRun = RequestOutput<'mcp.callTool'>;

/** The latest progress a running tool reported (without the run id it came with). */
export type ToolRunProgressInfo = Omit<ToolRunProgress, 'runId'>;

/**
 * A tool run the person started from the server view: running (with its id, start time,
 * latest progress, and whether a cancel was asked), answered, failed, or cancelled.
 */
export type ToolRunState =
  | {
      state: 'loading';
      runId: string;
      startedAt: number;
      progress?: ToolRunProgressInfo;
      cancelling?: boolean;
    }
  | { state: 'ready'; value: ToolRun }
  | { state: 'failed'; error: ErrorInfo }
  | { state: 'cancelled'; afterMs: number };

/** A fresh run id: random, and within the contract's bounds (hex, 32 characters). */
export function newToolRunId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The runs with the one that reported progress updated; unchanged (same object) otherwise. */
export function withProgress(
  runs: Record<string, ToolRunState>,
  { runId, ...progress }: ToolRunProgress,
): Record<string, ToolRunState> {
  for (const [key, run] of Object.entries(runs)) {
    if (run.state !== 'loading' || run.runId !== runId) continue;
    // Reports arrive in order, but never let a late one move the bar backwards.
    if (run.progress && progress.progress < run.progress.progress) return runs;
    return { ...runs, [key]: { ...run, progress } };
  }
  return runs;
}
