import { ListTodo } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppStore, useTasksStore } from '../../stores/StoresContext';
import { isTaskEnded } from '../../stores/tasksReducers';

/** The sidebar entry to the Tasks list, with how many run now. */
export function TasksNavItem({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const active = useAppStore((s) => s.view.kind === 'tasks');
  const setView = useAppStore((s) => s.setView);
  const running = useTasksStore(
    (s) => Object.values(s.tasks).filter((task) => !isTaskEnded(task)).length,
  );
  return (
    <button
      type="button"
      className={`sidebar__item${active ? ' sidebar__item--active' : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={() => setView({ kind: 'tasks' })}
      aria-label={compact ? t('tasks.nav') : undefined}
      title={compact ? t('tasks.nav') : undefined}
      data-testid="open-tasks"
    >
      <ListTodo aria-hidden />
      {!compact && <span className="tasks-nav__label">{t('tasks.nav')}</span>}
      {running > 0 && (
        <span className="badge tasks-nav__count" data-testid="tasks-running-count">
          {compact ? running : t('tasks.runningCount', { count: running })}
        </span>
      )}
    </button>
  );
}
