import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/hostText';
import type { ProviderView } from '../../../shared/domain/providers';
import { useProvidersStore } from '../../stores/StoresContext';
import { SecretStorageNotice } from '../../components/SecretStorageNotice';
import { useSecretStorageText } from '../secrets/useSecretStorageText';

/** Write-only key field: the key goes to main's secret store and is never shown or read back. */
export function ProviderKeyField({ provider }: { provider: ProviderView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const storage = useSecretStorageText();
  const setApiKey = useProvidersStore((s) => s.setApiKey);
  const clearApiKey = useProvidersStore((s) => s.clearApiKey);
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const id = `provider-${provider.id}-key`;
  const status = {
    none: 'providers.keyStatus.none',
    'secret-store': 'providers.keyStatus.stored',
    environment: 'providers.keyStatus.environment',
    'not-needed': 'providers.keyStatus.notNeeded',
    'other-origin': 'providers.keyStatus.otherOrigin',
  } as const;
  const failed = (message: string): void =>
    setNotice({ error: true, text: t('providers.failed', { message }) });

  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault();
    if (!draft.trim()) return;
    const result = await setApiKey(provider.id, draft);
    if (result.ok) {
      setDraft('');
      setNotice({ error: false, text: t('providers.keySaved') });
    } else failed(errorText(result.error));
  };

  return (
    <form className="field" onSubmit={(e) => void submit(e)}>
      <label htmlFor={id} className="field__label">
        {t('providers.apiKey')}
      </label>
      <p className="field__status" data-testid="api-key-status">
        {t(status[provider.keySource])}
      </p>
      <div className="field__row">
        <input
          id={id}
          className="input"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('providers.apiKeyPlaceholder')}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setNotice(null);
          }}
          aria-describedby={`${id}-help`}
        />
        <button type="submit" className="button button--primary" disabled={!draft.trim()}>
          {t('providers.saveKey')}
        </button>
        {provider.keySource === 'secret-store' && (
          <button
            type="button"
            className="button button--danger"
            onClick={() =>
              void clearApiKey(provider.id).then((result) =>
                result.ok
                  ? setNotice({ error: false, text: t('providers.keyCleared') })
                  : failed(errorText(result.error)),
              )
            }
          >
            {t('providers.clearKey')}
          </button>
        )}
      </div>
      <p id={`${id}-help`} className="field__help">
        {provider.keySource === 'not-needed'
          ? t('providers.keyLocal')
          : t('providers.keyHelp', { stored: storage.stored })}
      </p>
      {provider.keySource !== 'not-needed' && <SecretStorageNotice />}
      <p className={notice?.error ? 'field__error' : 'field__notice'} role="status">
        {notice?.text ?? ''}
      </p>
    </form>
  );
}
