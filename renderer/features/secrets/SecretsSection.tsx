import { useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/hostText';
import { SECRET_NAME_PATTERN } from '../../../shared/domain/secretName';
import { LoadStatus } from '../../components/LoadStatus';
import { SecretStorageNotice } from '../../components/SecretStorageNotice';
import { useSecretsStore } from '../../stores/StoresContext';
import { useSecretStorageText } from './useSecretStorageText';

/**
 * Settings: secrets the servers file refers to as `${secret:NAME}` (tokens, client secrets,
 * private keys), including those the server form, installs and imports kept. Values go into the
 * secret store and are never shown again; only names are.
 */
export function SecretsSection() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const storage = useSecretStorageText();
  const names = useSecretsStore((s) => s.names);
  const load = useSecretsStore((s) => s.load);
  const save = useSecretsStore((s) => s.set);
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!SECRET_NAME_PATTERN.test(trimmed)) return setError(t('secrets.badName'));
    if (value === '') return setError(t('secrets.emptyValue'));
    setBusy(true);
    void save(trimmed, value).then((result) => {
      setBusy(false);
      setError(result.ok ? null : t('secrets.saveFailed', { message: errorText(result.error) }));
      if (!result.ok) return;
      setSaved(trimmed);
      setName('');
      setValue('');
    });
  };
  const list = names?.state === 'ready' ? names.value : undefined;

  return (
    <section className="card" aria-labelledby="settings-secrets" data-testid="secrets">
      <div>
        <h2 id="settings-secrets" className="card__title">
          {t('secrets.title')}
        </h2>
        <p className="field__help">{t('secrets.help', { reference: '${secret:NAME}' })}</p>
      </div>
      <LoadStatus loadable={names} failed={(message) => t('secrets.loadFailed', { message })} />
      {list &&
        (list.length === 0 ? (
          <p className="muted">{t('secrets.none')}</p>
        ) : (
          <ul className="secrets">
            {list.map((secret) => (
              <SecretRow key={secret} name={secret} />
            ))}
          </ul>
        ))}
      <form className="secrets__add" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="secret-name">
            {t('secrets.name')}
          </label>
          <input
            id="secret-name"
            className="input"
            value={name}
            placeholder="corp-client-secret"
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
            data-testid="secret-name"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="secret-value">
            {t('secrets.value')}
          </label>
          <textarea
            id="secret-value"
            className="input secrets__value"
            value={value}
            rows={3}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setValue(e.target.value)}
            data-testid="secret-value"
          />
          <p className="field__help">{t('secrets.valueHelp', { stored: storage.stored })}</p>
          <SecretStorageNotice />
        </div>
        <div className="secrets__actions">
          <button type="submit" className="button" disabled={busy} data-testid="secret-save">
            {t('secrets.save')}
          </button>
          {saved && !error && (
            <span className="muted" role="status">
              {t('secrets.saved', { reference: `\${secret:${saved}}` })}
            </span>
          )}
        </div>
        {error && (
          <p className="field__error" role="alert" data-testid="secret-error">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

function SecretRow({ name }: { name: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const remove = useSecretsStore((s) => s.remove);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <li className="secret" data-testid={`secret-${name}`}>
      <div className="secret__main">
        <code>{`\${secret:${name}}`}</code>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button
        type="button"
        className="button button--small button--danger"
        disabled={busy}
        aria-label={t('secrets.deleteNamed', { name })}
        onClick={() => {
          setBusy(true);
          void remove(name).then((result) => {
            setBusy(false);
            setError(
              result.ok ? null : t('secrets.deleteFailed', { message: errorText(result.error) }),
            );
          });
        }}
      >
        {t('secrets.delete')}
      </button>
    </li>
  );
}
