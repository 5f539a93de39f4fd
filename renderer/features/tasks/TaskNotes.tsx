import { useTranslation } from 'react-i18next';
import type { TaskView } from '../../../shared/domain/tasks';
import { isTaskEnded } from '../../stores/tasksReducers';

/** What the person should know about where the task stands beyond its status. */
export function TaskNotes({ task }: { task: TaskView }) {
  const { t } = useTranslation();
  const ended = isTaskEnded(task);
  const notes: string[] = [];
  // A client-side task is the server's to follow: it polls the host, not the other way round.
  const toolCall = (task.kind ?? 'tool') === 'tool';
  if (toolCall && !ended && !task.following)
    notes.push(t('tasks.waitingForServer', { server: task.server }));
  if (task.status === 'input_required') notes.push(t('tasks.answerBelow'));
  if (!ended && task.delivery === 'pending') notes.push(t('tasks.background'));
  if (ended && task.delivery === 'pending') notes.push(t('tasks.deliveryPending'));
  if (task.status === 'expired') notes.push(t('tasks.expiredHelp'));
  if (notes.length === 0) return null;
  return (
    <>
      {notes.map((note) => (
        <p key={note} className="task__note">
          {note}
        </p>
      ))}
    </>
  );
}
