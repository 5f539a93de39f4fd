import type { TaskStatus } from '../../../shared/domain/tasks';

/** The status badge colour of each task state. */
export const taskTone: Record<TaskStatus, string> = {
  working: 'busy',
  input_required: 'attention',
  completed: 'ok',
  failed: 'error',
  cancelled: 'off',
  expired: 'error',
};

/** `1 min 5 s`-style elapsed time for long-running work (seconds below a minute). */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
