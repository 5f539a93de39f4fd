import { useTranslation } from 'react-i18next';
import type { AppFailure } from '../../../shared/domain/apps';
import type { AppProblem } from './appFrameState';

/**
 * Why an App is not shown, in plain words, with the top cause seen inside the frame (a CSP
 * block, a load that failed, an error) on one line, and main's or the frame's details on demand.
 */
export function AppFailureView({
  failure,
  cause,
  onRetry,
}: {
  failure: AppFailure;
  cause?: AppProblem | undefined;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const retryable = failure.kind !== 'no-sandbox';
  return (
    <div className="app-failure" role="alert" data-testid="app-failure" data-kind={failure.kind}>
      <p className="app-failure__text">{t(`apps.failure.${failure.kind}`)}</p>
      {cause && (
        <p className="app-failure__cause" data-testid="app-failure-cause" data-kind={cause.kind}>
          {t(`apps.cause.${cause.kind}`)} <code>{cause.text}</code>
        </p>
      )}
      <details className="disclosure app-failure__details">
        <summary>{t('apps.showDetails')}</summary>
        <pre className="app-failure__detail">{failure.detail}</pre>
      </details>
      {retryable && (
        <button type="button" className="button button--small" onClick={onRetry}>
          {t('apps.tryAgain')}
        </button>
      )}
    </div>
  );
}
