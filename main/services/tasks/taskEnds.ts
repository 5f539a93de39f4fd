import type { ToolOutcome } from '../../../shared/domain/toolOutcome';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { toToolOutcome } from '../conversation/toToolOutcome';
import type { CallToolResult } from '../mcp/session/mcpTypes';
import type { TaskEnd } from '../mcp/session/taskTypes';
import type { TaskRecord } from '../store/TaskRecord';
import { hostText } from '../../../shared/text/hostText';

/** How a task's end reads: to its caller, to the model, in the Tasks list. */

export const LOST_TEXT =
  'The connection to the server was lost while the task ran. It is followed again when the server is back, and its result delivered then.';
export const GONE_TEXT =
  'The server no longer knows this task: it expired, or the server lost it when it restarted.';

/** The server answered that it does not know the task (or the reference no longer fits). */
export function isGone(error: unknown): boolean {
  return (
    error instanceof AppError &&
    (error.code === AppErrorCode.McpProtocol || error.code === AppErrorCode.NotFound)
  );
}

/** How a task's end reads to whoever called the tool. */
export function callResultOf(end: TaskEnd): CallToolResult {
  if (end.status === 'completed') return end.result;
  if (end.status === 'cancelled')
    throw new AppError(AppErrorCode.Cancelled, hostText('tasks.cancelled'));
  // The server's own words.
  throw new AppError(AppErrorCode.McpProtocol, hostText('foreign', { text: end.message }));
}

/** The result of a stored task that already ended. */
export function resultOf(record: TaskRecord): CallToolResult {
  if (record.status === 'completed') return record.result as CallToolResult;
  if (record.status === 'cancelled')
    throw new AppError(AppErrorCode.Cancelled, hostText('tasks.cancelled'));
  throw new AppError(
    AppErrorCode.McpProtocol,
    record.error
      ? hostText('foreign', { text: record.error })
      : hostText(record.status === 'expired' ? 'tasks.expired' : 'tasks.failed'),
  );
}

/** A stored task's end as a tool outcome (errors and expiry as an error text the model reads). */
export function outcomeOf(record: TaskRecord): ToolOutcome {
  if (record.status === 'completed' && record.result) {
    return toToolOutcome(record.result as CallToolResult);
  }
  const text =
    record.status === 'cancelled'
      ? 'The task was cancelled.'
      : record.status === 'expired'
        ? `The task expired before its result was fetched. ${record.error ?? ''}`.trim()
        : `The task failed: ${record.error ?? 'no reason given'}`;
  return { content: [{ type: 'text', text }], isError: true };
}
