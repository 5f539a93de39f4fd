import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistryServer } from '../../../shared/domain/registryViews';
import { InstallPanel } from './InstallPanel';
import { useErrorText } from '../../i18n/hostText';

/** One registry server: what it is, how it can run, and its install form on demand. */
export function RegistryServerCard({ server }: { server: RegistryServer }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [installing, setInstalling] = useState(false);
  const slug = server.name.replace(/[^A-Za-z0-9]+/g, '-');
  const installable = server.options.some((o) => o.supported);
  return (
    <article className="card registry-card" data-testid={`registry-server-${slug}`}>
      <div className="registry-card__top">
        <div className="registry-card__title">
          <h2 className="card__title">{server.title ?? server.name}</h2>
          <code className="registry-card__name">{server.name}</code>
        </div>
        <span className="badge">{server.version}</span>
        {server.valid && (
          <button
            type="button"
            className={`button${installing ? '' : ' button--primary'}`}
            disabled={!installable}
            onClick={() => setInstalling((v) => !v)}
            aria-expanded={installing}
            title={installable ? undefined : t('registry.notInstallable')}
            data-testid={`registry-install-${slug}`}
          >
            {installing ? t('common.cancel') : t('registry.install')}
          </button>
        )}
      </div>
      <p className="registry-card__description">{server.description}</p>
      {server.valid ? (
        <ul className="registry-card__options">
          {server.options.map((option) => (
            <li key={option.index} className={option.supported ? '' : 'muted'}>
              <span className="badge">{option.type}</span>{' '}
              <code className="registry-card__target">{option.preview}</code>
              {option.supported && option.runnerMissing && (
                <span
                  className="registry-card__reason registry-card__reason--warn"
                  data-testid={`registry-runner-missing-${option.runnerMissing}`}
                >
                  {' — '}
                  {t('registry.runnerMissing', { runner: option.runnerMissing })}
                </span>
              )}
              {!option.supported && option.unsupportedReason && (
                <span className="registry-card__reason">
                  {' — '}
                  {errorText({
                    message: option.unsupportedReason,
                    text: option.unsupportedReasonText,
                  })}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <div className="notice notice--warn" role="note">
          <p>{t('registry.invalid')}</p>
          <ul className="registry-card__problems">
            {server.problems.map((problem) => (
              <li key={problem}>
                <code>{problem}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {(server.repositoryUrl ?? server.websiteUrl) && (
        <p className="field__help registry-card__links">
          {server.repositoryUrl ?? server.websiteUrl}
        </p>
      )}
      {installing && <InstallPanel server={server} onCancel={() => setInstalling(false)} />}
    </article>
  );
}
