import { useEffect, useMemo } from 'react';
import { useSharedTranslation } from '../../i18n/sharedTranslation';
import type { ToolResultBlock } from '../../../shared/domain/conversationMessage';
import { TOOL_RESULT_PREVIEW_CHARS } from '../../../shared/domain/toolResultLimits';
import { JsonBlock } from '../../components/BoundedText';
import type { ToolCard } from '../../stores/chatModel';
import { useChatStore } from '../../stores/StoresContext';
import { ContentBlocksView } from '../servers/ContentBlocksView';
import type { ToolResultView } from '../servers/contentBlocks';
import { cutTextSources, outcomeView, sentView, viewChars } from './toolResults';
import { useErrorText } from '../../i18n/hostText';

/**
 * What a finished call returned: the full result once fetched, else the streamed preview, else
 * what the model was sent (read from main when the history's page left it out). "Show all"
 * fetches the untruncated result from main.
 */
export function ToolCallResult({ card, sent }: { card: ToolCard; sent?: ToolResultBlock }) {
  const { t } = useSharedTranslation();
  const errorText = useErrorText();
  const full = useChatStore((s) => s.toolResults[card.toolUseId]);
  const loadToolResult = useChatStore((s) => s.loadToolResult);
  const readText = useChatStore((s) => s.readToolResultText);
  const sources = useMemo(
    () =>
      full?.state === 'ready' ? cutTextSources(card.toolUseId, full.value, readText) : undefined,
    [card.toolUseId, full, readText],
  );
  // A long result came without its body in the history's page: read the stored one on opening.
  const omitted = sent?.omitted === true && !card.outcome;
  useEffect(() => {
    if (omitted && full === undefined) void loadToolResult(card.toolUseId);
  }, [omitted, full, loadToolResult, card.toolUseId]);
  const view: ToolResultView | null = useMemo(() => {
    if (full?.state === 'ready') return outcomeView(full.value.outcome);
    if (card.outcome) return outcomeView(card.outcome);
    return sent && !omitted ? sentView(sent) : null;
  }, [full, card.outcome, sent, omitted]);
  // What the host told the model besides the result (whether the tool's App was shown); in what
  // the model was sent it is already the last text.
  const hostNote = full?.state === 'ready' ? full.value.outcome.hostNote : card.outcome?.hostNote;
  // The stream's preview is the whole result unless main had to bound it; what the model was
  // sent is, unless it was cut for the model. Either way "Show all" asks main for everything.
  const previewChars = view ? viewChars(view) : 0;
  const bounded = previewChars >= TOOL_RESULT_PREVIEW_CHARS;
  const complete =
    full?.state === 'ready' ||
    (view !== null && !bounded && (card.outcome !== undefined || !card.truncated));
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

  // A cancelled call's error result is what the model was told, not a failure of the tool.
  const cancelled = card.status === 'cancelled';
  const title = cancelled
    ? t('toolCall.resultCancelled')
    : view?.isError
      ? t('toolCall.resultError')
      : t('toolCall.result');
  return (
    <div
      className={`tool-call__result${view?.isError && !cancelled ? ' tool-call__result--error' : ''}`}
    >
      {view ? (
        <>
          <p className="tool-call__result-title">{title}</p>
          <ContentBlocksView blocks={view.blocks} {...(sources ? { sources } : {})} />
          {hostNote && (
            <p className="tool-call__note" data-testid="tool-host-note">
              {hostNote}
            </p>
          )}
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
          {bounded && (
            <span className="muted">
              {t('toolCall.partOf', { shown: previewChars.toLocaleString() })}
            </span>
          )}
          {loadButton(view ? t('common.showAll') : t('toolCall.showResult'))}
        </div>
      )}
      {full?.state === 'failed' && (
        <p className="field__error" role="alert">
          {t('toolCall.resultFailed', { message: errorText(full.error) })}
        </p>
      )}
    </div>
  );
}
