import { useTranslation } from 'react-i18next';
import type { ElicitationUrlInteraction, UrlAction } from '../../../shared/domain/interactions';
import { BoundedText } from '../../components/BoundedText';
import { useAppsStore, useInteractionsStore } from '../../stores/StoresContext';
import { InteractionFailure } from './InteractionFailure';

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
  const [before, host, after] = splitAtHost(interaction.url, interaction.host);
  const appId = interaction.app?.appId;
  // An App's requests come one at a time: how many more of it wait behind this one.
  const fromApp = useAppsStore((s) => (appId ? (s.consentsWaiting[appId] ?? 0) : 0));
  // Every answer is one button, named after it for tests, idle while an answer is on its way.
  const button = (action: UrlAction, modifier: string, label: string, hint?: string) => (
    <button
      type="button"
      className={`button${modifier}`}
      disabled={responding}
      title={hint}
      onClick={() => void respond(id, action)}
      data-testid={`url-${action}`}
    >
      {label}
    </button>
  );

  return (
    <div className="url-consent" data-testid="url-consent">
      {interaction.app ? (
        <p className="interaction__message" data-testid="url-from-app">
          {t('apps.openLinkByApp', { tool: interaction.app.tool })}
          {fromApp > 0 && (
            <>
              {' '}
              <span className="badge badge--app" data-testid="url-app-queue">
                {t('apps.moreFromApp', { count: fromApp })}
              </span>
            </>
          )}
        </p>
      ) : (
        <BoundedText text={interaction.message} mono={false} className="interaction__message" />
      )}
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
      <InteractionFailure id={id} />
      <div className="interaction__buttons interaction__buttons--end">
        {interaction.stage === 'consent' &&
          button('decline', ' button--danger', t('interactions.url.decline'))}
        {button(
          'cancel',
          '',
          interaction.stage === 'consent' ? t('common.cancel') : t('interactions.url.dismiss'),
        )}
        <span className="dialog__spacer" />
        {interaction.stage === 'consent' &&
          appId &&
          interaction.host &&
          button(
            'open-app',
            '',
            t('apps.openLinkForApp'),
            t('apps.openLinkForAppHint', { host: interaction.host }),
          )}
        {interaction.stage === 'consent' &&
          button('open', ' button--primary', t('interactions.url.open'))}
        {interaction.stage !== 'consent' &&
          interaction.retryToolCall &&
          button('retry', ' button--primary', t('interactions.url.retry'))}
      </div>
    </div>
  );
}
