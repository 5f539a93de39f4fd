import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTasksStore } from '../../stores/StoresContext';
import { isTaskEnded, sortTasks } from '../../stores/tasksReducers';
import { TaskRow } from './TaskRow';
import { useErrorText } from '../../i18n/hostText';

/** Every running and recently ended task, across conversations, with where it came from. */
export function TasksScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const tasks = useTasksStore((s) => s.tasks);
  const loadError = useTasksStore((s) => s.loadError);
  const sorted = useMemo(() => sortTasks(tasks), [tasks]);
  const running = sorted.filter((task) => !isTaskEnded(task));
  const ended = sorted.filter(isTaskEnded);
  return (
    <div className="tasks-screen" data-testid="tasks-screen">
      <header className="tasks-screen__header">
        <h1>{t('tasks.title')}</h1>
        <p className="muted">{t('tasks.intro')}</p>
      </header>
      {loadError && (
        <p className="task__error" role="alert">
          {t('tasks.loadFailed', { message: errorText(loadError) })}
        </p>
      )}
      {sorted.length === 0 && <p className="muted">{t('tasks.empty')}</p>}
      {running.length > 0 && (
        <section aria-labelledby="tasks-running">
          <h2 id="tasks-running" className="tasks-screen__section">
            {t('tasks.running')}
          </h2>
          <ul className="tasks-screen__list">
            {running.map((task) => (
              <TaskRow key={task.id} task={task} />
            ))}
          </ul>
        </section>
      )}
      {ended.length > 0 && (
        <section aria-labelledby="tasks-ended">
          <h2 id="tasks-ended" className="tasks-screen__section">
            {t('tasks.ended')}
          </h2>
          <ul className="tasks-screen__list">
            {ended.map((task) => (
              <TaskRow key={task.id} task={task} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
