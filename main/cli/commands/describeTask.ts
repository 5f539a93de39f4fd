import type { TaskView } from '../../../shared/domain/tasks';

/** One status line for stderr: `task <id> on <server>: <status> — <message>`. */
export function taskStatusLine(task: TaskView): string {
  const message = task.statusMessage ?? task.error;
  return `task ${task.taskId} on ${task.server}: ${task.status.replace('_', ' ')}${message ? ` — ${message}` : ''}`;
}

/** How to take a task up again from the command line. */
export function resumeHint(task: Pick<TaskView, 'server' | 'taskId'>): string {
  return `npm run --silent cli -- task ${task.server} ${task.taskId}`;
}

/** One row of the `tasks` listing. */
export function taskRow(task: TaskView): string {
  const when = new Date(task.updatedAt).toISOString().replace('T', ' ').slice(0, 19);
  const where = task.origin === 'chat' ? 'chat' : task.origin === 'cli' ? 'cli' : 'server view';
  const message = task.statusMessage ?? task.error ?? '';
  return `${task.server}  ${task.taskId}  ${task.status}  ${task.tool}  (${where}, ${when})${message ? `  ${message}` : ''}`;
}
