import { ChevronRight, Wrench } from 'lucide-react';
import { useId } from 'react';
import { useSharedTranslation } from '../../i18n/sharedTranslation';
import type { ToolCallStatus } from '../../../shared/domain/conversationViews';
import type { ToolResultBlock, ToolUseBlock } from '../../../shared/domain/conversationMessage';
import { JsonBlock } from '../../components/BoundedText';
import { useNow } from '../../components/useNow';
import type { ToolCard } from '../../stores/chatModel';
import { useChatStore, useServersStore, useTasksStore } from '../../stores/StoresContext';
import { taskOfToolCall } from '../../stores/tasksReducers';
import { AppFrame } from '../apps/LazyAppFrame';
import { formatDuration } from '../servers/formatters';
import { TaskStatusPanel } from '../tasks/TaskStatusPanel';
import { argumentsPreview } from './argumentsPreview';
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

/**
 * One tool call in a reply, as one line: which tool, with what (a preview), how it is going.
 * Opening it shows the arguments, who allowed it, and what came back. A running call keeps
 * its progress bar and Cancel in view, a task its status panel, an App its frame.
 */
export function ToolCallCard({ block, sent }: { block: ToolUseBlock; sent?: ToolResultBlock }) {
  const { t } = useSharedTranslation();
  const stored = useChatStore((s) => s.toolCalls[block.id]);
  const open = useChatStore((s) => s.toolsOpen[block.id] === true);
  const toggleTool = useChatStore((s) => s.toggleTool);
  const cancelToolCall = useChatStore((s) => s.cancelToolCall);
  // A call the server runs as a task: its panel has the task's own status and Cancel.
  const task = useTasksStore((s) => taskOfToolCall(s.tasks, block.id));
  const detailsId = useId();
  const server = stored?.server;
  // A call to a server that waits to be needed waits for its start: the card says so.
  const serverStarting = useServersStore(
    (s) => s.servers.find((v) => v.name === server)?.status.kind === 'starting',
  );
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
  // An earlier "Allow for this chat" is a grant too, but not an "always allow" one.
  const allowedBy =
    card.approval?.kind !== 'allowed'
      ? undefined
      : card.approval.decidedBy === 'grant' && card.approval.scope === 'conversation'
        ? 'chatGrant'
        : card.approval.decidedBy;
  const args = card.arguments ?? block.input;
  const preview = argumentsPreview(args);
  const starting = serverStarting && (card.status === 'pending' || card.status === 'running');

  return (
    <section
      className={`tool-call tool-call--${card.status}${open ? ' tool-call--open' : ''}`}
      aria-label={t('toolCall.label', { name: card.modelName })}
      data-testid="tool-call"
      data-tool-use-id={card.toolUseId}
      data-status={card.status}
    >
      <header className="tool-call__head">
        <button
          type="button"
          className="tool-call__toggle"
          aria-expanded={open}
          aria-controls={detailsId}
          title={t(open ? 'toolCard.hideDetails' : 'toolCard.showDetails', {
            name: card.tool,
          })}
          onClick={() => toggleTool(card.toolUseId)}
          data-testid="tool-call-toggle"
        >
          <ChevronRight className="tool-call__chevron" aria-hidden />
          <Wrench className="tool-call__icon" aria-hidden />
          <span className="tool-call__name">
            {card.server && <span className="tool-call__server">{card.server}</span>}
            {card.server && <ChevronRight className="tool-call__sep" aria-hidden size={12} />}
            <span className="tool-call__tool">{card.tool}</span>
          </span>
          {preview && <span className="tool-call__preview">{preview}</span>}
          <span
            className={`status-badge status-badge--${tones[card.status]}`}
            data-testid="tool-call-status"
            data-server-starting={starting || undefined}
          >
            {starting
              ? t('onDemand.toolCallStarting', { server: card.server })
              : t(`toolCall.status.${card.status}`)}
          </span>
          {/* A task's panel counts its own time: one clock is enough. */}
          {!task && <Duration card={card} />}
        </button>
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
      {open && (
        <div id={detailsId} className="tool-call__details" data-testid="tool-call-details">
          {card.status === 'awaiting-approval' && (
            <p className="tool-call__note">{t('toolCall.awaiting')}</p>
          )}
          {preview && (
            <div className="tool-call__args">
              <h4 className="tool-call__result-title">{t('toolCall.arguments')}</h4>
              <JsonBlock value={args} />
            </div>
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
        </div>
      )}
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
