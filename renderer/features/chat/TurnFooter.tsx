import { useSharedTranslation } from '../../i18n/sharedTranslation';
import { AppErrorCode } from '../../../shared/errors';
import { useNow } from '../../components/useNow';
import type { RetryNotice } from '../../stores/chatModel';
import type { TurnFooter as Footer } from '../../stores/chatRows';
import { useChatStore } from '../../stores/StoresContext';
import { useModelName, useSelectedModel } from '../providers/useModelName';
import { ErrorLine } from './ErrorLine';
import { useErrorText } from '../../i18n/hostText';

const retryReasons = [
  AppErrorCode.LlmRateLimited,
  AppErrorCode.LlmOverloaded,
  AppErrorCode.LlmServer,
  AppErrorCode.LlmNetwork,
  AppErrorCode.LlmStalled,
] as const;

/** Under the last message: the model is thinking, a retry is coming, or how the turn ended. */
export function TurnFooter({ footer }: { footer: Footer }) {
  const { t } = useSharedTranslation();
  const retry = useChatStore((s) => s.retry);
  const selected = useSelectedModel();
  const name = useModelName('model' in footer && footer.model ? footer.model : selected);
  switch (footer.kind) {
    case 'thinking':
      return (
        <p className="turn-note turn-note--quiet" role="status" data-testid="thinking">
          <span className="dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {t('chat.thinking', { name })}
        </p>
      );
    case 'retrying':
      return <RetryCountdown notice={footer.notice} />;
    case 'failed':
      return <ErrorLine error={footer.error} onRetry={() => void retry()} />;
    case 'maxSteps':
      return (
        <p className="turn-note turn-note--warn">
          {t('chat.maxSteps', { count: footer.maxSteps, name })}
        </p>
      );
    case 'maxTokens':
      return <p className="turn-note turn-note--warn">{t('chat.maxTokens')}</p>;
    case 'refusal':
      return <p className="turn-note turn-note--warn">{t('chat.refusal', { name })}</p>;
  }
}

/** "Rate limited — retrying in 3 s…", counting down to main's next attempt. */
function RetryCountdown({ notice }: { notice: RetryNotice }) {
  const { t } = useSharedTranslation();
  const errorText = useErrorText();
  const now = useNow();
  const code = retryReasons.find((c) => c === notice.reason.code);
  const reason = t(`chat.retryReasons.${code ?? 'other'}`);
  const seconds = Math.ceil((notice.at + notice.delayMs - now) / 1000);
  return (
    <p
      className="turn-note turn-note--warn"
      role="status"
      data-testid="retrying"
      title={errorText(notice.reason)}
    >
      <span className="spinner" aria-hidden="true" />
      {seconds > 0 ? t('chat.retrying', { reason, seconds }) : t('chat.retryingNow', { reason })}
    </p>
  );
}
