// A task's statuses. No schemas here: the window's task list uses these at start-up.

/**
 * Where a task is: the protocol's five states (both eras), and `expired` when the server no
 * longer knows it (its time to live passed, or the server lost it in a restart).
 */
export const TASK_STATUSES = [
  'working',
  'input_required',
  'completed',
  'failed',
  'cancelled',
  'expired',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Statuses a task never leaves. */
export const ENDED_TASK_STATUSES: readonly TaskStatus[] = [
  'completed',
  'failed',
  'cancelled',
  'expired',
];
