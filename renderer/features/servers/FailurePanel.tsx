import { useTranslation } from 'react-i18next';
import type { ServerFailure } from '../../../shared/domain/serverStatus';
import { useNow } from '../../components/useNow';
import { useErrorText } from '../../i18n/hostText';

interface FailurePanelProps {
  failure: ServerFailure;
  /** Present while main waits to try again. */
  retry?: { attempt: number; at: number };
  /** A remote server: no process of ours, so no stderr to speak of. */
  remote?: boolean;
  onShowLogs: () => void;
}

/** Why a server is not running, in plain words first and the raw facts after. */
export function FailurePanel({ failure, retry, remote = false, onShowLogs }: FailurePanelProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const exit =
    failure.signal != null
      ? t('failure.signal', { signal: failure.signal })
      : failure.exitCode != null
        ? t('failure.exitCode', { code: failure.exitCode })
        : null;
  return (
    <section
      className={retry ? 'failure failure--retrying' : 'failure'}
      aria-labelledby="failure-title"
      data-testid="failure-panel"
    >
      <div className="failure__head">
        <h2 id="failure-title" className="failure__title">
          {retry ? t('failure.titleRetrying') : t('failure.title')}
        </h2>
        {retry && <RetryCountdown attempt={retry.attempt} at={retry.at} />}
      </div>
      <p className="failure__message">{errorText(failure)}</p>
      <dl className="facts">
        <div className="facts__item">
          <dt>{t('failure.code')}</dt>
          <dd>
            <code>{failure.code}</code>
          </dd>
        </div>
        {exit && (
          <div className="facts__item">
            <dt>{t('failure.exit')}</dt>
            <dd>{exit}</dd>
          </div>
        )}
        <div className="facts__item">
          <dt>{t('failure.at')}</dt>
          <dd>{new Date(failure.at).toLocaleTimeString(i18n.language)}</dd>
        </div>
      </dl>
      {failure.stderrTail.length > 0 ? (
        <>
          <h3 className="failure__subtitle">{t('failure.stderr')}</h3>
          <pre className="code-block failure__stderr" tabIndex={0} data-testid="failure-stderr">
            {failure.stderrTail.join('\n')}
          </pre>
        </>
      ) : (
        !remote && <p className="muted">{t('failure.noStderr')}</p>
      )}
      <div>
        <button type="button" className="button button--small" onClick={onShowLogs}>
          {t('failure.showLogs')}
        </button>
      </div>
    </section>
  );
}

function RetryCountdown({ attempt, at }: { attempt: number; at: number }) {
  const { t } = useTranslation();
  const seconds = Math.max(0, Math.ceil((at - useNow()) / 1000));
  return (
    <span className="failure__retry" data-testid="failure-retry">
      {seconds > 0
        ? t('failure.retryIn', { attempt, seconds })
        : t('failure.retryNow', { attempt })}
    </span>
  );
}
