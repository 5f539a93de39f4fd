import { useTranslation } from 'react-i18next';
import type { ElicitationUrlInteraction } from '../../../shared/domain/interactions';
import { BoundedText } from '../../components/BoundedText';
import { useInteractionsStore } from '../../stores/StoresContext';

/** Splits a URL around its host, so the host can be emphasised in place. */
export function splitAtHost(url: string, host: string): [string, string, string] {
  const at = host ? url.indexOf(host) : -1;
  if (at === -1) return ['', url, ''];
  return [url.slice(0, at), host, url.slice(at + host.length)];
}

/**
 * A server asks the person to open a page. Nothing opens without an explicit click; the host
 * is emphasised and plain http is warned about.
 */
export function UrlConsentPanel({ interaction }: { interaction: ElicitationUrlInteraction }) {
  const { t } = useTranslation();
  const { id } = interaction;
  const respond = useInteractionsStore((s) => s.respondUrl);
  const responding = useInteractionsStore((s) => s.responding[id] === true);
  const error = useInteractionsStore((s) => s.errors[id]);
  const [before, host, after] = splitAtHost(interaction.url, interaction.host);
  const act = (action: 'open' | 'decline' | 'cancel' | 'retry'): void => void respond(id, action);

  return (
    <div className="url-consent" data-testid="url-consent">
      <BoundedText text={interaction.message} mono={false} className="interaction__message" />
      <div className="url-consent__target">
        <span className="sampling__label">{t('interactions.url.host')}</span>
        <strong className="url-consent__host" data-testid="url-host">
          {interaction.host}
        </strong>
        <span className="sampling__label">{t('interactions.url.fullUrl')}</span>
        <code className="url-consent__url" data-testid="url-full">
          {before}
          <mark>{host}</mark>
          {after}
        </code>
      </div>
      {!interaction.secure && (
        <p className="notice notice--warn" role="note" data-testid="url-insecure">
          {t('interactions.url.insecure')}
        </p>
      )}
      {interaction.stage === 'consent' && (
        <p className="field__help">{t('interactions.url.explain')}</p>
      )}
      {interaction.stage === 'opened' && (
        <p className="notice" role="status" data-testid="url-opened">
          {interaction.retryToolCall
            ? t('interactions.url.openedRetry')
            : t('interactions.url.opened')}
        </p>
      )}
      {interaction.stage === 'completed' && (
        <p className="notice notice--ok" role="status" data-testid="url-completed">
          {t('interactions.url.completed')}
        </p>
      )}
      {error && (
        <p className="field__error" role="alert">
          {t('interactions.failed', { message: error.message })}
        </p>
      )}
      <div className="interaction__buttons">
        {interaction.stage === 'consent' && (
          <button
            type="button"
            className="button button--danger"
            disabled={responding}
            onClick={() => act('decline')}
            data-testid="url-decline"
          >
            {t('interactions.url.decline')}
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={responding}
          onClick={() => act('cancel')}
          data-testid="url-cancel"
        >
          {interaction.stage === 'consent' ? t('common.cancel') : t('interactions.url.dismiss')}
        </button>
        <span className="dialog__spacer" />
        {interaction.stage === 'consent' && (
          <button
            type="button"
            className="button button--primary"
            disabled={responding}
            onClick={() => act('open')}
            data-testid="url-open"
          >
            {t('interactions.url.open')}
          </button>
        )}
        {interaction.stage !== 'consent' && interaction.retryToolCall && (
          <button
            type="button"
            className="button button--primary"
            disabled={responding}
            onClick={() => act('retry')}
            data-testid="url-retry"
          >
            {t('interactions.url.retry')}
          </button>
        )}
      </div>
    </div>
  );
}
