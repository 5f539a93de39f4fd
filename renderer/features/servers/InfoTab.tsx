import { useTranslation } from 'react-i18next';
import type { ServerDetail, ServerView } from '../../../shared/domain/mcpViews';
import { BoundedText, JsonBlock } from '../../components/BoundedText';
import { SamplingPolicyField } from '../interactions/SamplingPolicyField';
import { Markdown } from '../markdown/LazyMarkdown';
import { SignInInfo } from './SignInInfo';

/**
 * About the server: how it may ask for model completions (the person's setting, first), its
 * sign-in, its instructions (Markdown, as the model reads them), capabilities and configuration.
 */
export function InfoTab({ server, detail }: { server: ServerView; detail?: ServerDetail }) {
  const { t } = useTranslation();
  if (!detail) return <p className="muted">{t('common.loading')}</p>;
  return (
    <div className="info" data-testid="server-info">
      {detail.nonJsonLines > 0 && (
        <p className="notice notice--warn">
          {t('info.nonJsonLines', { count: detail.nonJsonLines })}
        </p>
      )}
      {/* What the person decides about this server comes first; what it declared follows. */}
      <SamplingPolicyField server={server.name} />
      {detail.auth && <SignInInfo name={server.name} auth={detail.auth} />}
      <section className="info__section" aria-labelledby="info-instructions">
        <h3 id="info-instructions" className="explorer__heading">
          {t('info.instructions')}
        </h3>
        {detail.instructions ? (
          <div className="info__instructions">
            <Markdown text={detail.instructions} />
          </div>
        ) : (
          <p className="muted">{t('info.noInstructions')}</p>
        )}
      </section>
      <section className="info__section" aria-labelledby="info-capabilities">
        <h3 id="info-capabilities" className="explorer__heading">
          {t('info.capabilities')}
        </h3>
        {detail.capabilities ? (
          <JsonBlock value={detail.capabilities} />
        ) : (
          <p className="muted">{t('info.noCapabilities')}</p>
        )}
      </section>
      <section className="info__section" aria-labelledby="info-config">
        <h3 id="info-config" className="explorer__heading">
          {t('info.configuration')}
        </h3>
        <dl className="facts facts--stacked">
          <div className="facts__item">
            <dt>{t('server.transport')}</dt>
            <dd>{t(`server.transports.${server.transport}`)}</dd>
          </div>
          <div className="facts__item">
            <dt>{t('info.target')}</dt>
            <dd>
              <code>{server.target}</code>
            </dd>
          </div>
          <div className="facts__item">
            <dt>{t('serverFacts.preference')}</dt>
            <dd>{t(`serverFacts.preferences.${server.protocol}`)}</dd>
          </div>
          {detail.pid !== undefined && (
            <div className="facts__item">
              <dt>{t('server.pid')}</dt>
              <dd>{detail.pid}</dd>
            </div>
          )}
        </dl>
      </section>
      {detail.stderrTail.length > 0 && (
        <section className="info__section" aria-labelledby="info-stderr">
          <h3 id="info-stderr" className="explorer__heading">
            {t('info.recentStderr')}
          </h3>
          <BoundedText text={detail.stderrTail.join('\n')} />
        </section>
      )}
    </div>
  );
}
