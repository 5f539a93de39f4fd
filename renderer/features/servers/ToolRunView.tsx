import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonBlock } from '../../components/BoundedText';
import type { Loadable } from '../../stores/loadable';
import type { ToolRun } from '../../stores/serverExplorerSlice';
import { ContentBlocksView } from './ContentBlocksView';
import { toolResultView } from './contentBlocks';

/** The answer of a tool run: its content, structured content, error flag and duration. */
export function ToolRunView({ run }: { run: Loadable<ToolRun> }) {
  const { t } = useTranslation();
  if (run.state === 'loading') {
    return (
      <p className="tool-run tool-run--loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('tools.running')}
      </p>
    );
  }
  if (run.state === 'failed') {
    return (
      <div className="tool-run tool-run--error" role="alert" data-testid="tool-run-error">
        <p className="tool-run__title">
          {t('tools.callFailed')} <code>{run.error.code}</code>
        </p>
        <p className="tool-run__message">{run.error.message}</p>
      </div>
    );
  }
  return <ToolResult result={run.value.result} durationMs={run.value.durationMs} />;
}

function ToolResult({ result, durationMs }: ToolRun & { durationMs: number }) {
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
