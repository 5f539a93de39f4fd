import type { TaskStatus, TaskView } from '../../../shared/domain/tasks';

/** What a task's badge says: its status, or how the person answered a server's request. */
export type TaskShownStatus = TaskStatus | 'declined';

/** The status badge colour of each: a no from the person is neutral, never a red failure. */
export const taskTone: Record<TaskShownStatus, string> = {
  working: 'busy',
  input_required: 'attention',
  completed: 'ok',
  failed: 'error',
  cancelled: 'off',
  expired: 'error',
  declined: 'off',
};

/**
 * The status to show: a request the person declined or closed says so ("Declined",
 * "Cancelled"), though to the server the task completed (or failed, for a rejected sample).
 */
export function shownStatus(task: Pick<TaskView, 'status' | 'answer'>): TaskShownStatus {
  return task.answer ?? task.status;
}

/** `1 min 5 s`-style elapsed time for long-running work (seconds below a minute). */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
