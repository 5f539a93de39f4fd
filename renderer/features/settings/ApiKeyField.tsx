import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../stores/StoresContext';

/** Write-only key field: the key goes to main and is never shown or read back. */
export function ApiKeyField() {
  const { t } = useTranslation();
  const source = useSettingsStore((s) => s.snapshot.apiKeySource);
  const setApiKey = useSettingsStore((s) => s.setApiKey);
  const clearApiKey = useSettingsStore((s) => s.clearApiKey);
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState('');

  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault();
    if (!draft.trim()) return;
    if (await setApiKey(draft)) {
      setDraft('');
      setNotice(t('settings.keySaved'));
    }
  };
  const status =
    source === 'secret-store'
      ? t('settings.apiKeyStatusStored')
      : source === 'environment'
        ? t('settings.apiKeyStatusEnv')
        : t('settings.apiKeyStatusNone');

  return (
    <form className="field" onSubmit={(e) => void submit(e)} data-testid="api-key-form">
      <label htmlFor="api-key" className="field__label">
        {t('settings.apiKey')}
      </label>
      <p className={`field__status field__status--${source}`} data-testid="api-key-status">
        {status}
      </p>
      <div className="field__row">
        <input
          id="api-key"
          className="input"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('settings.apiKeyPlaceholder')}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setNotice('');
          }}
          aria-describedby="api-key-help"
        />
        <button type="submit" className="button button--primary" disabled={!draft.trim()}>
          {t('settings.saveKey')}
        </button>
        {source === 'secret-store' && (
          <button
            type="button"
            className="button button--danger"
            onClick={() =>
              void clearApiKey().then((done) => done && setNotice(t('settings.keyCleared')))
            }
          >
            {t('settings.clearKey')}
          </button>
        )}
      </div>
      <p id="api-key-help" className="field__help">
        {t('settings.apiKeyHelp', { store: t('settings.apiKeyStoreSecure') })}
      </p>
      <p className="field__notice" role="status">
        {notice}
      </p>
    </form>
  );
}
