import { useTranslation } from 'react-i18next';
import type { TaskView } from '../../../shared/domain/tasks';
import { useNow } from '../../components/useNow';
import { isTaskEnded } from '../../stores/tasksReducers';
import { formatElapsed } from './taskTone';

/** How long the task has run (ticking), or how long it took once it ended. */
export function TaskTimer({ task }: { task: TaskView }) {
  const { t } = useTranslation();
  if (isTaskEnded(task)) {
    const took = (task.endedAt ?? task.updatedAt) - task.createdAt;
    return <span className="task__time">{t('tasks.took', { time: formatElapsed(took) })}</span>;
  }
  return <Running since={task.createdAt} />;
}

function Running({ since }: { since: number }) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <span className="task__time" data-testid="task-elapsed">
      {t('tasks.elapsed', { time: formatElapsed(now - since) })}
    </span>
  );
}
