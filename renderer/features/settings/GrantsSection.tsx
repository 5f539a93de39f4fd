import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GrantView } from '../../../shared/domain/approvals';
import { formatDateTime } from '../../components/formatTime';
import { LoadStatus } from '../../components/LoadStatus';
import { useApprovalsStore } from '../../stores/StoresContext';
import { useErrorText } from '../../i18n/hostText';

/** "Always allow" grants: each one revocable; suspended ones say what changed. */
export function GrantsSection() {
  const { t } = useTranslation();
  const grants = useApprovalsStore((s) => s.grants);
  const loadGrants = useApprovalsStore((s) => s.loadGrants);
  useEffect(() => {
    void loadGrants();
  }, [loadGrants]);

  return (
    <section className="card" aria-labelledby="settings-grants" data-testid="grants">
      <div>
        <h2 id="settings-grants" className="card__title">
          {t('grants.title')}
        </h2>
        <p className="field__help">{t('grants.help')}</p>
      </div>
      <LoadStatus loadable={grants} failed={(message) => t('grants.loadFailed', { message })} />
      {grants?.state === 'ready' &&
        (grants.value.length === 0 ? (
          <p className="muted">{t('grants.none')}</p>
        ) : (
          <ul className="grants">
            {grants.value.map((grant) => (
              <GrantRow key={grant.id} grant={grant} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function GrantRow({ grant }: { grant: GrantView }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const revoking = useApprovalsStore((s) => s.revoking[grant.id] === true);
  const revoke = useApprovalsStore((s) => s.revoke);
  const [error, setError] = useState<string | null>(null);
  const date = (at: number): string => formatDateTime(at, i18n.language);
  const suspended = grant.status === 'suspended';
  return (
    <li className="grant" data-testid={`grant-${grant.id}`}>
      <div className="grant__main">
        <p className="grant__name">
          <span className="muted">{grant.server} › </span>
          <strong>{grant.title ?? grant.toolName}</strong>
          {grant.title && <code className="grant__tool">{grant.toolName}</code>}
        </p>
        <p className="grant__meta">
          <span className={`chip ${suspended ? 'chip--warn' : 'chip--ok'}`}>
            {suspended ? t('grants.suspended') : t('grants.active')}
          </span>
          <span className="muted">{t('grants.grantedAt', { date: date(grant.grantedAt) })}</span>
        </p>
        {grant.status === 'suspended' && (
          <p className="grant__change">
            {t('grants.suspendedBecause', {
              fields: grant.change.changed.map((f) => t(`approvals.fields.${f}`)).join(', '),
              date: date(grant.suspendedAt),
            })}
          </p>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button
        type="button"
        className="button button--small button--danger"
        disabled={revoking}
        onClick={() =>
          void revoke(grant.id).then((result) =>
            setError(
              result.ok ? null : t('grants.revokeFailed', { message: errorText(result.error) }),
            ),
          )
        }
      >
        {t('grants.revoke')}
      </button>
    </li>
  );
}
