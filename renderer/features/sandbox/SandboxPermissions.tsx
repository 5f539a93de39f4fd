import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SandboxForm } from '../../../shared/domain/serverForm';
import { Switch } from '../../components/Switch';
import { RuleListField } from './RuleListField';

const PATH_FIELDS = ['allowWrite', 'denyWrite', 'denyRead', 'allowRead'] as const;
const HOST_FIELDS = ['allowedDomains', 'deniedDomains'] as const;

/** What each list's empty field suggests. */
const PLACEHOLDERS: Record<(typeof PATH_FIELDS)[number] | (typeof HOST_FIELDS)[number], string> = {
  allowWrite: '~/notes\n${roots}',
  denyWrite: '~/notes/archive',
  denyRead: '~/private',
  allowRead: '~/.aws/config',
  allowedDomains: 'api.example.com\n*.example.com:443',
  deniedDomains: 'tracker.example.com',
};

/**
 * What a local server may do in the sandbox, in words — what it reads, where it writes, where
 * it connects — and, given `onChange`, the switch and the lists that change it. The server form
 * shows it; an install review shows the same for what it is about to install.
 */
export function SandboxPermissions({
  value,
  onChange,
  idPrefix = 'sandbox',
}: {
  value: SandboxForm;
  onChange?: (value: SandboxForm) => void;
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const clean = (list: readonly string[]) => list.map((s) => s.trim()).filter(Boolean);
  const join = (list: readonly string[]) =>
    clean(list).join(t('sandbox.permissions.listSeparator'));
  const set = (patch: Partial<SandboxForm>) => onChange?.({ ...value, ...patch });
  const reads = [
    t('sandbox.permissions.readValue'),
    ...(clean(value.denyRead).length > 0
      ? [t('sandbox.permissions.alsoNot', { list: join(value.denyRead) })]
      : []),
    ...(clean(value.allowRead).length > 0
      ? [t('sandbox.permissions.butAlso', { list: join(value.allowRead) })]
      : []),
  ];
  const writes =
    clean(value.allowWrite).length > 0
      ? t('sandbox.permissions.writeMore', { list: join(value.allowWrite) })
      : t('sandbox.permissions.writeOwn');
  const hosts = clean(value.allowedDomains);

  return (
    <section
      className={`sandbox-permissions${value.enabled ? '' : ' sandbox-permissions--off'}`}
      aria-labelledby={`${idPrefix}-title`}
      data-testid="sandbox-permissions"
    >
      <h3 id={`${idPrefix}-title`} className="sandbox-permissions__title">
        {value.enabled ? <ShieldCheck aria-hidden /> : <ShieldAlert aria-hidden />}
        {t('sandbox.permissions.title')}
      </h3>
      {onChange && (
        <Switch
          checked={value.enabled}
          onChange={(enabled) => set({ enabled })}
          label={t('sandbox.permissions.enabled')}
          describedBy={`${idPrefix}-help`}
          testId={`${idPrefix}-enabled`}
        />
      )}
      {value.enabled ? (
        <>
          <p id={`${idPrefix}-help`} className="field__help">
            {t('sandbox.permissions.enabledHelp')}
          </p>
          <dl className="sandbox-permissions__summary">
            <div>
              <dt>{t('sandbox.permissions.read')}</dt>
              <dd>{reads.join(t('sandbox.permissions.clauseSeparator'))}</dd>
            </div>
            <div>
              <dt>{t('sandbox.permissions.write')}</dt>
              <dd>{writes}</dd>
            </div>
            <div>
              <dt>{t('sandbox.permissions.network')}</dt>
              <dd>
                {hosts.length === 0 ? (
                  t('sandbox.permissions.networkNone')
                ) : (
                  <ul className="chips">
                    {hosts.map((host) => (
                      <li key={host} className="chip">
                        {host}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          </dl>
          {onChange && (
            <details className="disclosure">
              <summary>{t('sandbox.permissions.widen')}</summary>
              <div className="fields">
                <p className="field__help">
                  {t('sandbox.permissions.onePerLine')} {t('sandbox.permissions.pathsHelp')}
                </p>
                {PATH_FIELDS.map((key) => (
                  <RuleListField
                    key={key}
                    id={`${idPrefix}-${key}`}
                    label={t(`sandbox.permissions.fields.${key}`)}
                    placeholder={PLACEHOLDERS[key]}
                    value={value[key]}
                    onChange={(list) => set({ [key]: list })}
                  />
                ))}
                {HOST_FIELDS.map((key) => (
                  <RuleListField
                    key={key}
                    id={`${idPrefix}-${key}`}
                    label={t(`sandbox.permissions.fields.${key}`)}
                    help={t('sandbox.permissions.hostsHelp')}
                    placeholder={PLACEHOLDERS[key]}
                    value={value[key]}
                    onChange={(list) => set({ [key]: list })}
                  />
                ))}
              </div>
            </details>
          )}
        </>
      ) : (
        <p id={`${idPrefix}-help`} className="notice notice--warn sandbox-permissions__off">
          {t('sandbox.permissions.off')}
        </p>
      )}
    </section>
  );
}
