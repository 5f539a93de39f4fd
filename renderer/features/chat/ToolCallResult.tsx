import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolResultBlock } from '../../../shared/domain/conversationMessage';
import { JsonBlock } from '../../components/BoundedText';
import type { ToolCard } from '../../stores/chatModel';
import { useChatStore } from '../../stores/StoresContext';
import { ContentBlocksView } from '../servers/ContentBlocksView';
import type { ToolResultView } from '../servers/contentBlocks';
import { outcomeView, sentView, viewChars } from './toolResults';

/**
 * What a finished call returned: the full result once fetched, else the streamed preview, else
 * what the model was sent. "Show all" fetches the untruncated result from main.
 */
export function ToolCallResult({ card, sent }: { card: ToolCard; sent?: ToolResultBlock }) {
  const { t } = useTranslation();
  const full = useChatStore((s) => s.toolResults[card.toolUseId]);
  const loadToolResult = useChatStore((s) => s.loadToolResult);
  const view: ToolResultView | null = useMemo(() => {
    if (full?.state === 'ready') return outcomeView(full.value.outcome);
    if (card.outcome) return outcomeView(card.outcome);
    return sent ? sentView(sent) : null;
  }, [full, card.outcome, sent]);
  const complete =
    full?.state === 'ready' ||
    (card.outcome !== undefined && (card.totalChars ?? 0) <= viewChars(outcomeView(card.outcome)));
  const loadButton = (label: string) => (
    <button
      type="button"
      className="button button--small"
      disabled={full?.state === 'loading'}
      onClick={() => void loadToolResult(card.toolUseId)}
    >
      {full?.state === 'loading' ? t('toolCall.loadingResult') : label}
    </button>
  );

  return (
    <div className={`tool-call__result${view?.isError ? ' tool-call__result--error' : ''}`}>
      {view ? (
        <>
          <p className="tool-call__result-title">
            {view.isError ? t('toolCall.resultError') : t('toolCall.result')}
          </p>
          <ContentBlocksView blocks={view.blocks} />
          {view.structuredContent !== undefined && (
            <details className="disclosure">
              <summary>{t('toolCall.structured')}</summary>
              <JsonBlock value={view.structuredContent} />
            </details>
          )}
        </>
      ) : null}
      {!complete && (
        <div className="bounded__more">
          {card.truncated && <span className="muted">{t('toolCall.truncated')}</span>}
          {view && card.totalChars !== undefined && (
            <span className="muted">
              {t('toolCall.partOf', { total: card.totalChars.toLocaleString() })}
            </span>
          )}
          {loadButton(view ? t('common.showAll') : t('toolCall.showResult'))}
        </div>
      )}
      {full?.state === 'failed' && (
        <p className="field__error" role="alert">
          {t('toolCall.resultFailed', { message: full.error.message })}
        </p>
      )}
    </div>
  );
}
