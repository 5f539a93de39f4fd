import { useTranslation } from 'react-i18next';
import type { TaskView } from '../../../shared/domain/tasks';
import { isTaskEnded } from '../../stores/tasksReducers';
import { TaskCancelButton } from './TaskCancelButton';
import { TaskNotes } from './TaskNotes';
import { TaskTimer } from './TaskTimer';
import { shownStatus, taskTone } from './taskTone';

/**
 * Inside a chat tool card: the call runs as a task on its server. Its status, the server's
 * message, how long it has run, and Cancel; notes when it waits for the server or runs on in
 * the background after the turn stopped.
 */
export function TaskStatusPanel({ task }: { task: TaskView }) {
  const { t } = useTranslation();
  const ended = isTaskEnded(task);
  const status = shownStatus(task);
  return (
    <div className="task task--in-card" data-testid="task-status" data-status={task.status}>
      <div className="task__head">
        <span className={`status-badge status-badge--${taskTone[status]}`}>
          {t(`tasks.status.${status}`)}
        </span>
        <span className="task__id" title={task.taskId}>
          {t('tasks.taskId', { id: shortId(task.taskId) })}
        </span>
        <TaskTimer task={task} />
        {!ended && <TaskCancelButton task={task} />}
      </div>
      {(task.statusMessage ?? task.error) && (
        <p className="task__message" role="status" aria-live="polite" data-testid="task-message">
          {task.error && ended ? task.error : task.statusMessage}
        </p>
      )}
      <TaskNotes task={task} />
    </div>
  );
}

/** The first characters of a server's task id (the full id is in the tooltip). */
export function shortId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}
