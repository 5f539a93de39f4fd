import { useTranslation } from 'react-i18next';
import type { ServerStatus } from '../../../shared/domain/serverStatus';
import { useServersStore } from '../../stores/StoresContext';
import { useErrorText } from '../../i18n/hostText';

type NeedsSignIn = Extract<ServerStatus, { kind: 'needs-sign-in' }>;

/**
 * A remote server waiting for the person to sign in: what it wants, the "Sign in" action, the
 * wait for the browser with Cancel, and the last attempt's error in the server's own words.
 */
export function SignInPanel({ name, status }: { name: string; status: NeedsSignIn }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const pending = useServersStore((s) => s.pending[name]);
  const signIn = useServersStore((s) => s.signIn);
  const cancelSignIn = useServersStore((s) => s.cancelSignIn);
  const busy = pending !== undefined;

  return (
    <section className="sign-in" aria-labelledby="sign-in-title" data-testid="sign-in-panel">
      <h2 id="sign-in-title" className="sign-in__title">
        {t('signIn.title')}
      </h2>
      {status.inProgress ? (
        <>
          <p className="sign-in__waiting" role="status" data-testid="sign-in-waiting">
            <span className="spinner" aria-hidden="true" />
            {t('signIn.waiting')}
          </p>
          <p className="muted">{t('signIn.waitingHint')}</p>
          <div className="sign-in__actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void signIn(name)}
            >
              {t('signIn.openAgain')}
            </button>
            <button
              type="button"
              className="button"
              disabled={pending === 'cancelSignIn'}
              onClick={() => void cancelSignIn(name)}
              data-testid="sign-in-cancel"
            >
              {t('signIn.cancel')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="sign-in__body">
            {status.issuer
              ? t('signIn.bodyIssuer', { issuer: hostOf(status.issuer) })
              : t('signIn.body')}
          </p>
          {status.error && (
            <p className="sign-in__error" role="alert" data-testid="sign-in-error">
              {t('signIn.failed', {
                message: errorText({ message: status.error, text: status.errorText }),
              })}
            </p>
          )}
          <div className="sign-in__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void signIn(name)}
              data-testid="sign-in"
            >
              {t('signIn.action')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** The issuer's host is what a person recognises (auth.example.com), not its full URL. */
function hostOf(issuer: string): string {
  try {
    return new URL(issuer).host;
  } catch {
    return issuer;
  }
}
