import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderPatch, ProviderView } from '../../../shared/domain/providers';
import { useProvidersStore } from '../../stores/StoresContext';

/**
 * Name, base URL and (for Chat Completions providers) whether images are sent, saved together.
 * The built-in provider has only its URL here. A draft of null shows main's value.
 */
export function ProviderConnectionFields({ provider }: { provider: ProviderView }) {
  const { t } = useTranslation();
  const update = useProvidersStore((s) => s.update);
  const [name, setName] = useState<string | null>(null);
  const [baseURL, setBaseURL] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const added = provider.origin === 'added';
  const prefix = `provider-${provider.id}`;
  const patch: ProviderPatch = {
    ...(name !== null && name !== provider.name ? { name } : {}),
    ...(baseURL !== null && baseURL !== provider.baseURL ? { baseURL } : {}),
  };
  const dirty = Object.keys(patch).length > 0;
  const save = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault();
    const result = await update(provider.id, patch);
    if (result.ok) {
      setName(null);
      setBaseURL(null);
      setNotice({ error: false, text: t('providers.saved') });
    } else
      setNotice({ error: true, text: t('providers.failed', { message: result.error.message }) });
  };

  return (
    <form className="fields" onSubmit={(e) => void save(e)}>
      {added && (
        <div className="field">
          <label htmlFor={`${prefix}-name`} className="field__label">
            {t('providers.name')}
          </label>
          <input
            id={`${prefix}-name`}
            className="input"
            value={name ?? provider.name}
            maxLength={80}
            onChange={(e) => {
              setName(e.target.value);
              setNotice(null);
            }}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${prefix}-url`} className="field__label">
          {t('providers.baseUrl')}
        </label>
        <input
          id={`${prefix}-url`}
          className="input"
          type="url"
          spellCheck={false}
          value={baseURL ?? provider.baseURL}
          aria-describedby={`${prefix}-url-help`}
          onChange={(e) => {
            setBaseURL(e.target.value);
            setNotice(null);
          }}
        />
        <p id={`${prefix}-url-help`} className="field__help">
          {t('providers.baseUrlHelp')}
        </p>
      </div>
      {added && provider.kind === 'openai-compatible' && (
        <label className="check">
          <input
            type="checkbox"
            className="checkbox"
            checked={provider.images}
            onChange={(e) =>
              void update(provider.id, { images: e.target.checked }).then((result) => {
                if (!result.ok) {
                  setNotice({
                    error: true,
                    text: t('providers.failed', { message: result.error.message }),
                  });
                }
              })
            }
          />
          <span>
            {t('providers.images')}
            <span className="field__help provider__check-help">{t('providers.imagesHelp')}</span>
          </span>
        </label>
      )}
      <div className="field__row">
        <button type="submit" className="button button--primary button--small" disabled={!dirty}>
          {t('providers.save')}
        </button>
        <span className={notice?.error ? 'field__error' : 'field__notice'} role="status">
          {notice && !dirty ? notice.text : ''}
        </span>
      </div>
    </form>
  );
}
