import { useSharedTranslation } from '../../i18n/sharedTranslation';
import type { ChatMessage } from '../../stores/chatModel';
import { useChatStore } from '../../stores/StoresContext';
import { useErrorText } from '../../i18n/hostText';

/** A reply that ended before the model finished it, with text kept: it can be continued. */
export function isCut(message: ChatMessage): boolean {
  return (
    ['failed', 'stopped', 'interrupted'].includes(message.status) &&
    message.content.some((b) => b.type === 'text' && b.text.trim() !== '')
  );
}

/**
 * Under a cut-off reply: why it stopped, and on the newest reply Continue (the model goes on
 * from the kept text) and Retry (the whole reply again). An older one says it was continued
 * only when a reply follows it (Continue was used); otherwise, quietly, why it stopped.
 */
export function CutNote({
  message,
  lastReply,
  continued = false,
}: {
  message: ChatMessage;
  lastReply: boolean;
  continued?: boolean;
}) {
  const { t } = useSharedTranslation();
  const errorText = useErrorText();
  const retry = useChatStore((s) => s.retry);
  const continueReply = useChatStore((s) => s.continueReply);
  const why =
    message.status === 'failed'
      ? t('messageActions.cutFailed', { message: message.error ? errorText(message.error) : '' })
      : message.status === 'stopped'
        ? t('messageActions.cutStopped')
        : t('messageActions.cutInterrupted');
  if (!lastReply) {
    return (
      <p className="turn-note turn-note--quiet turn-note--cut" data-testid="reply-cut">
        {continued ? t('messageActions.cutContinued') : why}
      </p>
    );
  }
  return (
    <div
      className={`turn-note turn-note--cut ${message.status === 'failed' ? 'turn-note--error' : 'turn-note--warn'}`}
      role={message.status === 'failed' ? 'alert' : undefined}
      data-testid="reply-cut"
    >
      <p className="turn-note__text">
        {why}
        {message.error && (
          <>
            {' '}
            <code className="turn-note__code">{message.error.code}</code>
          </>
        )}
      </p>
      <div className="turn-note__actions">
        <button
          type="button"
          className="button button--small button--primary"
          onClick={() => void continueReply()}
          title={t('messageActions.continueHint')}
          data-testid="continue-reply"
        >
          {t('messageActions.continue')}
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => void retry()}
          title={t('messageActions.retryHint')}
        >
          {t('chat.retry')}
        </button>
      </div>
    </div>
  );
}
