import { useSharedTranslation } from '../../i18n/sharedTranslation';
import type { TurnError } from '../../../shared/domain/conversationEvents';
import { AppErrorCode } from '../../../shared/errors';
import { useAppStore } from '../../stores/StoresContext';
import { useErrorText } from '../../i18n/hostText';

/** Why a reply failed, with what can be done about it: Retry, or Settings for a key problem. */
export function ErrorLine({ error, onRetry }: { error: TurnError; onRetry?: () => void }) {
  const { t } = useSharedTranslation();
  const errorText = useErrorText();
  const setView = useAppStore((s) => s.setView);
  const auth = error.code === AppErrorCode.LlmAuth;
  return (
    <div className="turn-note turn-note--error" role="alert" data-testid="turn-error">
      <p className="turn-note__text">
        {t('chat.failed', { message: errorText(error) })}{' '}
        <code className="turn-note__code">{error.code}</code>
      </p>
      <div className="turn-note__actions">
        {auth && (
          <button
            type="button"
            className="button button--small"
            onClick={() => setView({ kind: 'settings' })}
          >
            {t('chat.openSettings')}
          </button>
        )}
        {onRetry && (
          <button type="button" className="button button--small" onClick={onRetry}>
            {t('chat.retry')}
          </button>
        )}
      </div>
    </div>
  );
}
