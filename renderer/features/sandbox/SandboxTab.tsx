import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerView } from '../../../shared/domain/mcpViews';
import type { EffectiveSandboxRules } from '../../../shared/domain/serverSandbox';
import { useHostText, useErrorText } from '../../i18n/hostText';
import { useSandboxStore } from '../../stores/StoresContext';
import { ViolationList } from './ViolationList';

type RuleKey = keyof EffectiveSandboxRules;

const RULES: { key: RuleKey; label: string }[] = [
  { key: 'denyRead', label: 'sandbox.permissions.fields.denyRead' },
  { key: 'allowRead', label: 'sandbox.permissions.fields.allowRead' },
  { key: 'allowWrite', label: 'sandbox.permissions.fields.allowWrite' },
  { key: 'denyWrite', label: 'sandbox.permissions.fields.denyWrite' },
  { key: 'allowedDomains', label: 'sandbox.permissions.fields.allowedDomains' },
  { key: 'deniedDomains', label: 'sandbox.permissions.fields.deniedDomains' },
];

/**
 * A server's sandbox: whether it runs in it (and what stops it here), the rules in force with
 * the defaults put in, and what it tried that they refused, each with the one click that
 * allows it from then on.
 */
export function SandboxTab({ server }: { server: ServerView }) {
  const { t } = useTranslation();
  const hostText = useHostText();
  const errorText = useErrorText();
  const detail = useSandboxStore((s) => s.byServer[server.name]);
  const load = useSandboxStore((s) => s.load);
  useEffect(() => {
    void load(server.name);
  }, [load, server.name]);

  if (server.transport !== 'stdio') return <p className="muted">{t('sandbox.remote')}</p>;
  if (!detail || detail.state === 'loading') return <p className="muted">{t('sandbox.loading')}</p>;
  if (detail.state === 'failed') {
    return (
      <p className="field__error" role="alert">
        {t('sandbox.loadFailed', { message: errorText(detail.error) })}
      </p>
    );
  }
  const { value } = detail;
  return (
    <div className="sandbox-tab" data-testid="sandbox-tab">
      {value.enabled ? (
        <p className="notice notice--ok">{t('sandbox.on')}</p>
      ) : (
        <p className="notice notice--warn">
          {t('sandbox.off')} {t('sandbox.offHint')}
        </p>
      )}
      {value.problem && (
        <p className="field__error" role="alert">
          {t('sandbox.problem', { message: hostText(value.problem) })}
        </p>
      )}
      {value.rules && (
        <section aria-labelledby="sandbox-rules-title">
          <h2 id="sandbox-rules-title" className="sandbox-tab__heading">
            {t('sandbox.rulesTitle')}
          </h2>
          <dl className="sandbox-rules">
            {RULES.filter(({ key }) => value.rules?.[key].length).map(({ key, label }) => (
              <div key={key} className="sandbox-rules__row">
                <dt>{t(label)}</dt>
                <dd>
                  <ul className="sandbox-rules__list">
                    {value.rules?.[key].map((entry) => (
                      <li key={entry}>
                        <code>{entry}</code>
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            ))}
            {value.rules.allowedDomains.length === 0 && (
              <div className="sandbox-rules__row">
                <dt>{t('sandbox.permissions.network')}</dt>
                <dd>{t('sandbox.permissions.networkNone')}</dd>
              </div>
            )}
          </dl>
        </section>
      )}
      <section aria-labelledby="sandbox-violations-title">
        <h2 id="sandbox-violations-title" className="sandbox-tab__heading">
          {t('sandbox.violationsTitle')}
        </h2>
        <p className="field__help">{t('sandbox.violationsIntro')}</p>
        <ViolationList server={server.name} violations={value.violations} />
      </section>
    </div>
  );
}
