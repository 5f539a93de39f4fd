import type { TaskView } from '../../shared/domain/tasks';
import { ENDED_TASK_STATUSES } from '../../shared/domain/taskStatuses';

/** Tasks by id, as main last described them. */
export type TasksById = Readonly<Record<string, TaskView>>;

/** A task changed: the newer description wins (a late, older event changes nothing). */
export function taskChanged(tasks: TasksById, task: TaskView): TasksById {
  const known = tasks[task.id];
  if (known && known.updatedAt > task.updatedAt) return tasks;
  return { ...tasks, [task.id]: task };
}

/** The list main sent replaces what is known, keeping anything newer heard meanwhile. */
export function tasksListed(tasks: TasksById, listed: readonly TaskView[]): TasksById {
  let next: TasksById = Object.fromEntries(listed.map((task) => [task.id, task]));
  for (const task of Object.values(tasks)) next = taskChanged(next, task);
  return next;
}

export function isTaskEnded(task: TaskView): boolean {
  return ENDED_TASK_STATUSES.includes(task.status);
}

/** Running ones first (oldest first), then ended ones (most recent first). */
export function sortTasks(tasks: TasksById): TaskView[] {
  const all = Object.values(tasks);
  const running = all.filter((t) => !isTaskEnded(t)).sort((a, b) => a.createdAt - b.createdAt);
  const ended = all
    .filter(isTaskEnded)
    .sort((a, b) => (b.endedAt ?? b.updatedAt) - (a.endedAt ?? a.updatedAt));
  return [...running, ...ended];
}

/** The task a chat tool call became, if it became one. */
export function taskOfToolCall(tasks: TasksById, toolUseId: string): TaskView | undefined {
  return Object.values(tasks).find((task) => task.toolUseId === toolUseId);
}
