import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerView } from '../../../shared/domain/mcpViews';
import type { EffectiveSandboxRules } from '../../../shared/domain/serverSandbox';
import { useErrorText, useHostText } from '../../i18n/hostText';
import { useSandboxStore } from '../../stores/StoresContext';
import { ViolationList } from './ViolationList';

const RULES: (keyof EffectiveSandboxRules)[] = [
  'denyRead',
  'allowRead',
  'allowWrite',
  'denyWrite',
  'allowedDomains',
  'deniedDomains',
];

/** Entries of a rule shown before the rest folds away (the default deny list is long). */
const SHOWN = 4;

/**
 * A server's sandbox: whether it runs in it (and what stops it here), what it tried that the
 * rules refused — each with the one click that allows it from then on — and the rules in force
 * with the defaults put in.
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
  const rules = value.rules;
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
      <section aria-labelledby="sandbox-violations-title">
        <h2 id="sandbox-violations-title" className="sandbox-tab__heading">
          {t('sandbox.violationsTitle')}
        </h2>
        <p className="field__help">{t('sandbox.violationsIntro')}</p>
        <ViolationList server={server.name} violations={value.violations} />
      </section>
      {rules && (
        <section aria-labelledby="sandbox-rules-title">
          <h2 id="sandbox-rules-title" className="sandbox-tab__heading">
            {t('sandbox.rulesTitle')}
          </h2>
          <dl className="sandbox-rules">
            {RULES.filter((key) => rules[key].length > 0 || key === 'allowedDomains').map((key) => (
              <div key={key} className="sandbox-rules__row">
                <dt>{t(`sandbox.rules.${key}`)}</dt>
                <dd>
                  {rules[key].length === 0 ? (
                    t('sandbox.permissions.networkNone')
                  ) : (
                    <RuleEntries entries={rules[key]} />
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}

function RuleEntries({ entries }: { entries: readonly string[] }) {
  const { t } = useTranslation();
  const list = (items: readonly string[]) => (
    <ul className="sandbox-rules__list">
      {items.map((entry) => (
        <li key={entry}>
          <code>{entry}</code>
        </li>
      ))}
    </ul>
  );
  if (entries.length <= SHOWN + 1) return list(entries);
  return (
    <>
      {list(entries.slice(0, SHOWN))}
      <details className="disclosure sandbox-rules__more">
        <summary>{t('sandbox.rules.more', { count: entries.length - SHOWN })}</summary>
        {list(entries.slice(SHOWN))}
      </details>
    </>
  );
}
