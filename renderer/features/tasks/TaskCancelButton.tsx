import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskView } from '../../../shared/domain/tasks';
import { useTasksStore } from '../../stores/StoresContext';
import { useErrorText } from '../../i18n/hostText';

/** Cancel for a running task (tasks/cancel on its server), with what went wrong if it failed. */
export function TaskCancelButton({ task }: { task: TaskView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const cancel = useTasksStore((s) => s.cancel);
  const cancelling = useTasksStore((s) => s.cancelling[task.id] === true);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="button button--small task__cancel"
        disabled={cancelling}
        onClick={() => {
          setError(null);
          void cancel(task.id).then((result) => {
            if (!result.ok) setError(errorText(result.error));
          });
        }}
        data-testid="task-cancel"
      >
        {cancelling ? t('tasks.cancelling') : t('tasks.cancel')}
      </button>
      {error && (
        <p className="task__error" role="alert">
          {t('tasks.cancelFailed', { message: error })}
        </p>
      )}
    </>
  );
}
