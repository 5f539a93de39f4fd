import { ChevronRight, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ToolCallStatus } from '../../../shared/domain/conversationViews';
import type { ToolResultBlock, ToolUseBlock } from '../../../shared/domain/conversationMessage';
import { JsonBlock } from '../../components/BoundedText';
import { useNow } from '../../components/useNow';
import type { ToolCard } from '../../stores/chatModel';
import { useChatStore, useTasksStore } from '../../stores/StoresContext';
import { taskOfToolCall } from '../../stores/tasksReducers';
import { TaskStatusPanel } from '../tasks/TaskStatusPanel';
import { AppFrame } from '../apps/LazyAppFrame';
import { formatDuration } from '../servers/formatters';
import { ProgressBar } from './ProgressBar';
import { ToolCallResult } from './ToolCallResult';

const tones: Record<ToolCallStatus, string> = {
  pending: 'busy',
  'awaiting-approval': 'warn',
  running: 'busy',
  done: 'ok',
  failed: 'error',
  cancelled: 'off',
  denied: 'error',
};

/** One tool call in a reply: which tool, with what, how it is going and what came back. */
export function ToolCallCard({ block, sent }: { block: ToolUseBlock; sent?: ToolResultBlock }) {
  const { t } = useTranslation();
  const stored = useChatStore((s) => s.toolCalls[block.id]);
  const cancelToolCall = useChatStore((s) => s.cancelToolCall);
  // A call the server runs as a task: its panel has the task's own status and Cancel.
  const task = useTasksStore((s) => taskOfToolCall(s.tasks, block.id));
  const card: ToolCard = stored ?? {
    toolUseId: block.id,
    server: '',
    tool: block.name,
    modelName: block.name,
    arguments: block.input,
    status: 'pending',
  };
  const active = card.status === 'running' || card.status === 'pending';
  // A held call can be withdrawn too (from another window, or once its dialog is behind).
  const cancellable = active || card.status === 'awaiting-approval';
  const finished = ['done', 'failed', 'cancelled'].includes(card.status);
  const denial = card.approval?.kind === 'denied' ? card.approval : undefined;
  const allowedBy = card.approval?.kind === 'allowed' ? card.approval.decidedBy : undefined;
  const args = card.arguments ?? block.input;
  const hasArgs =
    args !== undefined &&
    !(typeof args === 'object' && args !== null && Object.keys(args).length === 0);

  return (
    <section
      className={`tool-call tool-call--${card.status}`}
      aria-label={t('toolCall.label', { name: card.modelName })}
      data-testid="tool-call"
    >
      <header className="tool-call__head">
        <Wrench className="tool-call__icon" aria-hidden />
        <span className="tool-call__name">
          {card.server && <span className="tool-call__server">{card.server}</span>}
          {card.server && <ChevronRight className="tool-call__sep" aria-hidden />}
          <span className="tool-call__tool">{card.tool}</span>
        </span>
        <span
          className={`status-badge status-badge--${tones[card.status]}`}
          data-testid="tool-call-status"
        >
          {t(`toolCall.status.${card.status}`)}
        </span>
        {/* A task's panel counts its own time: one clock is enough. */}
        {!task && <Duration card={card} />}
        {cancellable && !task && (
          <button
            type="button"
            className="button button--small tool-call__cancel"
            onClick={() => void cancelToolCall(card.toolUseId)}
            title={t('toolCall.cancelHint')}
          >
            {t('toolCall.cancel')}
          </button>
        )}
      </header>
      {card.status === 'running' && (
        <ProgressBar
          progress={card.progress?.progress}
          total={card.progress?.total}
          message={card.progress?.message}
        />
      )}
      {task && <TaskStatusPanel task={task} />}
      {card.status === 'awaiting-approval' && (
        <p className="tool-call__note">{t('toolCall.awaiting')}</p>
      )}
      {hasArgs && (
        <details className="disclosure tool-call__args">
          <summary>{t('toolCall.arguments')}</summary>
          <JsonBlock value={args} />
        </details>
      )}
      {card.uiResourceUri && card.server && card.status !== 'denied' && (
        <AppFrame
          target={{ kind: 'toolCall', toolUseId: card.toolUseId }}
          label={card.tool}
          call={{
            toolUseId: card.toolUseId,
            status: card.status,
            ...(card.arguments !== undefined ? { input: card.arguments } : {}),
            ...(card.partialInput !== undefined ? { partialInput: card.partialInput } : {}),
            ...(denial ? { reason: denial.reason } : {}),
          }}
        />
      )}
      {denial && (
        <p className="tool-call__denied" role="note">
          {denial.reason}
        </p>
      )}
      {allowedBy && allowedBy !== 'person' && (
        <p className="tool-call__note">{t(`toolCall.allowedBy.${allowedBy}`)}</p>
      )}
      {finished && !denial && <ToolCallResult card={card} sent={sent} />}
    </section>
  );
}

/** How long the call took, or has been running so far. */
function Duration({ card }: { card: ToolCard }) {
  if (card.durationMs !== undefined) {
    return <span className="tool-call__duration">{formatDuration(card.durationMs)}</span>;
  }
  if (card.status === 'running' && card.startedAt !== undefined) {
    return <Elapsed since={card.startedAt} />;
  }
  return null;
}

function Elapsed({ since }: { since: number }) {
  const now = useNow();
  // Whole seconds while it runs: a ticking fraction only says the clock moves.
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  return <span className="tool-call__duration">{`${seconds} s`}</span>;
}
