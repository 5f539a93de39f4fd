import { useTranslation } from 'react-i18next';
import type { TaskView } from '../../../shared/domain/tasks';
import { useConversationsStore, useInteractionsStore } from '../../stores/StoresContext';
import { isTaskEnded } from '../../stores/tasksReducers';
import { useOpenChat } from '../chat/useOpenChat';
import { TaskCancelButton } from './TaskCancelButton';
import { TaskNotes } from './TaskNotes';
import { shortId } from './TaskStatusPanel';
import { TaskTimer } from './TaskTimer';
import { shownStatus, taskTone } from './taskTone';

/** One task in the Tasks list: what runs where, how it is going, where it came from. */
export function TaskRow({ task }: { task: TaskView }) {
  const { t } = useTranslation();
  const openChat = useOpenChat();
  const title = useConversationsStore((s) =>
    task.conversationId
      ? s.conversations.find((c) => c.id === task.conversationId)?.title
      : undefined,
  );
  // A server's request run as a client-side task: the panel the person answers it in.
  const request = task.kind === 'sampling' || task.kind === 'elicitation' ? task.kind : null;
  const waiting = useInteractionsStore((s) =>
    request
      ? s.pending.find((i) => i.server === task.server && i.origin.clientTaskId === task.taskId)
      : undefined,
  );
  const showQueue = useInteractionsStore((s) => s.showQueue);
  const ended = isTaskEnded(task);
  const status = waiting && !ended ? 'input_required' : shownStatus(task);
  const what = request ? t(`tasks.request.${request}`) : task.tool;
  return (
    <li
      className="task task--row"
      aria-label={
        request
          ? t('tasks.request.label', { kind: what, server: task.server })
          : t('tasks.label', { tool: task.tool, server: task.server })
      }
      data-testid="task-row"
      data-status={status}
      data-kind={task.kind ?? 'tool'}
    >
      <div className="task__head">
        <span className="task__name">
          <span className="tool-call__server">{task.server}</span>
          <span aria-hidden="true"> › </span>
          <span className="tool-call__tool">{what}</span>
        </span>
        <span className={`status-badge status-badge--${taskTone[status]}`}>
          {t(`tasks.status.${status}`)}
        </span>
        <TaskTimer task={task} />
        {!ended && !request && <TaskCancelButton task={task} />}
        {waiting && (
          <button
            type="button"
            className="button button--small button--primary"
            onClick={() => showQueue(waiting.id)}
            data-testid="task-open-request"
          >
            {t('tasks.request.open')}
          </button>
        )}
      </div>
      {(task.statusMessage ?? task.error) && (
        <p className="task__message">{task.error && ended ? task.error : task.statusMessage}</p>
      )}
      <TaskNotes task={task} />
      <div className="task__meta">
        <span>{t(`tasks.origin.${task.origin}`)}</span>
        {task.conversationId && (
          <button
            type="button"
            className="task__link"
            onClick={() => openChat(task.conversationId ?? null)}
            data-testid="task-open-conversation"
          >
            {title ? `“${title}”` : t('tasks.openConversation')}
          </button>
        )}
        <span className="task__id" title={task.taskId}>
          {t('tasks.taskId', { id: shortId(task.taskId) })}
        </span>
      </div>
    </li>
  );
}
