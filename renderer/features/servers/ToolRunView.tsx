import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonBlock } from '../../components/BoundedText';
import type { ToolRun, ToolRunState } from '../../stores/serverExplorerSlice';
import { ContentBlocksView } from './ContentBlocksView';
import { toolResultView } from './contentBlocks';
import { formatElapsed } from './formatElapsed';
import { ToolRunProgressView } from './ToolRunProgressView';
import { useErrorText } from '../../i18n/hostText';

/**
 * A tool run: while it runs, its progress and a way to cancel it; then its content,
 * structured content, error flag and duration, or that it was cancelled.
 */
export function ToolRunView({ run, onCancel }: { run: ToolRunState; onCancel: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (run.state === 'loading') return <ToolRunProgressView run={run} onCancel={onCancel} />;
  if (run.state === 'cancelled') {
    return (
      <div className="tool-run tool-run--cancelled" role="status" data-testid="tool-run-cancelled">
        <p className="tool-run__title">{t('toolRun.cancelled')}</p>
        <p className="tool-run__message muted">
          {t('toolRun.cancelledAfter', { time: formatElapsed(run.afterMs) })}
        </p>
      </div>
    );
  }
  if (run.state === 'failed') {
    return (
      <div className="tool-run tool-run--error" role="alert" data-testid="tool-run-error">
        <p className="tool-run__title">
          {t('tools.callFailed')} <code>{run.error.code}</code>
        </p>
        <p className="tool-run__message">{errorText(run.error)}</p>
      </div>
    );
  }
  return <ToolResult result={run.value.result} durationMs={run.value.durationMs} />;
}

function ToolResult({ result, durationMs }: ToolRun) {
  const { t } = useTranslation();
  const view = useMemo(() => toolResultView(result), [result]);
  return (
    <div
      className={`tool-run${view.isError ? ' tool-run--error' : ''}`}
      data-testid="tool-result"
      role="region"
      aria-label={t('tools.result')}
    >
      <p className="tool-run__title">
        {view.isError ? t('tools.resultError') : t('tools.resultOk')}
        <span className="muted">{t('tools.duration', { ms: Math.round(durationMs) })}</span>
      </p>
      <ContentBlocksView blocks={view.blocks} />
      {view.structuredContent !== undefined && (
        <>
          <h4 className="tool-run__subtitle">{t('tools.structuredContent')}</h4>
          <JsonBlock value={view.structuredContent} />
        </>
      )}
    </div>
  );
}
