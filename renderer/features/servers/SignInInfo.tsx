import { useTranslation } from 'react-i18next';
import type { ServerAuth } from '../../../shared/domain/serverAuth';
import { useServersStore } from '../../stores/StoresContext';

/** The Info tab's sign-in section: who signed us in, for which permissions, and Sign out. */
export function SignInInfo({ name, auth }: { name: string; auth: ServerAuth }) {
  const { t } = useTranslation();
  const pending = useServersStore((s) => s.pending[name]);
  const signOut = useServersStore((s) => s.signOut);
  return (
    <section className="info__section" aria-labelledby="info-sign-in" data-testid="sign-in-info">
      <h3 id="info-sign-in" className="explorer__heading">
        {t('signIn.section')}
      </h3>
      <dl className="facts facts--stacked">
        <div className="facts__item">
          <dt>{t('signIn.state')}</dt>
          <dd>{auth.signedIn ? t('signIn.signedIn') : t('signIn.notSignedIn')}</dd>
        </div>
        {auth.issuer && (
          <div className="facts__item">
            <dt>{t('signIn.issuer')}</dt>
            <dd>
              <code>{auth.issuer}</code>
            </dd>
          </div>
        )}
        {auth.signedIn && (
          <div className="facts__item">
            <dt>{t('signIn.scopes')}</dt>
            <dd>
              {auth.scopes && auth.scopes.length > 0 ? (
                <span className="sign-in__scopes">
                  {auth.scopes.map((scope) => (
                    <code key={scope}>{scope}</code>
                  ))}
                </span>
              ) : (
                t('signIn.noScopes')
              )}
            </dd>
          </div>
        )}
      </dl>
      {auth.signedIn && (
        <div className="sign-in__actions">
          <button
            type="button"
            className="button"
            disabled={pending !== undefined}
            onClick={() => void signOut(name)}
            data-testid="sign-out"
          >
            {pending === 'signOut' ? t('signIn.signingOut') : t('signIn.signOut')}
          </button>
          <span className="muted">{t('signIn.signOutHint')}</span>
        </div>
      )}
    </section>
  );
}
