import type { CallToolResult } from './mcpTypes';

/**
 * Task vocabulary the rest of the host uses, independent of the protocol era and of the
 * package that speaks it (`@modelcontextprotocol/ext-tasks`, used only in this folder).
 */

/** Where a task is; the same five states in both eras. */
export type TaskState = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A task as the server last described it. */
export interface TaskSnapshot {
  taskId: string;
  status: TaskState;
  statusMessage?: string;
  /** ISO 8601, when the server says. */
  createdAt?: string;
  lastUpdatedAt?: string;
  /** How long the server keeps the task after it was created; `null` = no limit. */
  ttlMs: number | null;
  /** How often the server would like to be asked. */
  pollIntervalMs?: number;
}

/** How a task ended. */
export type TaskEnd =
  | { status: 'completed'; result: CallToolResult }
  | { status: 'failed'; message: string; code?: number }
  | { status: 'cancelled' };

/**
 * Enough to find a task again after a restart: the server endpoint it belongs to, the era's
 * task generation (`v1` = 2025-11-25, `v2` = the 2026-07-28 extension), the server's task id
 * and what started it. Stored as JSON; opaque outside the session.
 */
export interface TaskReference {
  endpointId: string;
  generation: 'v1' | 'v2';
  taskId: string;
  originalOperation: 'tools/call';
}

/**
 * How a tool may run as a task on this connection:
 * - `none`: never (the server has no task support, or the tool forbids it);
 * - `optional` / `required`: the tool's 2025-11-25 `execution.taskSupport`;
 * - `server`: a 2026-07-28 server with the Tasks extension decides on each call.
 */
export type TaskMode = 'none' | 'optional' | 'required' | 'server';

/** A tool call that became a task on the server. */
export interface ToolTask {
  readonly reference: TaskReference;
  /**
   * Follows the task to its end, reporting each new snapshot. Aborting `signal` only stops the
   * waiting here (the task goes on; see `detach`). Rejects with an AppError when the server
   * could not be asked (connection gone) — the task may well be alive.
   */
  settle(onUpdate: (snapshot: TaskSnapshot) => void, signal?: AbortSignal): Promise<TaskEnd>;
  /** Asks the server to cancel (`tasks/cancel`); `settle` then ends `cancelled` (or as it finished). */
  cancel(): Promise<void>;
  /** Stops following it here without cancelling it; it can be resumed by its reference. */
  detach(): Promise<void>;
}

/** What starting a tool call gave: a result at once, or a task to follow. */
export type ToolCallStart =
  { kind: 'result'; result: CallToolResult } | { kind: 'task'; task: ToolTask };

/** Options of `McpSession.startToolCall`. */
export interface StartToolCallOptions {
  /** For `optional` tools: ask for a task (2025-11-25 `params.task`). */
  preferTask?: boolean;
  /** Aborts the initial request (a task already created is cancelled by ext-tasks). */
  signal?: AbortSignal;
  /** Timeout of each request (the call, each poll), reset by progress. */
  timeoutMs?: number;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}
