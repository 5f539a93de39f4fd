/** Where a stored task is: the protocol's five states, and `expired` (the server forgot it). */
export type StoredTaskStatus =
  'working' | 'input_required' | 'completed' | 'failed' | 'cancelled' | 'expired';

/** The states a task no longer leaves. */
export const ENDED_TASK_STATUSES: readonly StoredTaskStatus[] = [
  'completed',
  'failed',
  'cancelled',
  'expired',
];

/** Who started the call that became a task. */
export type TaskOrigin = 'chat' | 'cli' | 'server';

/** Where the result goes (see migrations/tasksV3.ts). */
export type TaskDelivery = 'none' | 'turn' | 'pending' | 'delivered';

/** A tool call running (or run) as a task on its server. */
export interface TaskRecord {
  /** Ours (a UUID); the server's id is `taskId`. */
  id: string;
  server: string;
  taskId: string;
  generation: 'v1' | 'v2';
  /** What the session needs to take the task up again; opaque here. */
  reference: unknown;
  toolName: string;
  arguments: unknown;
  origin: TaskOrigin;
  conversationId: string | null;
  /** The chat tool call (`tool_use` id) it answers. */
  toolCallId: string | null;
  status: StoredTaskStatus;
  statusMessage: string | null;
  pollIntervalMs: number | null;
  ttlMs: number | null;
  /** The tool result once completed (as the server sent it). */
  result: unknown;
  /** Why it failed or expired. */
  error: string | null;
  delivery: TaskDelivery;
  createdAt: number;
  updatedAt: number;
  endedAt: number | null;
}

/** Input of `TaskTable.insert`. */
export type NewTaskRecord = Omit<
  TaskRecord,
  'createdAt' | 'updatedAt' | 'endedAt' | 'result' | 'error' | 'statusMessage'
> & { statusMessage?: string | null };

/** What may change on a stored task. */
export type TaskPatch = Partial<
  Pick<
    TaskRecord,
    'status' | 'statusMessage' | 'pollIntervalMs' | 'ttlMs' | 'result' | 'error' | 'delivery'
  >
>;
