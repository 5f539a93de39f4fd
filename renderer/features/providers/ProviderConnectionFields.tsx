import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/hostText';
import type { ProviderPatch, ProviderView } from '../../../shared/domain/providers';
import { useProvidersStore } from '../../stores/StoresContext';

/**
 * Name and base URL, saved together; the built-in provider has only its URL here. A draft of
 * null shows main's value; a refused value gets its message at the field.
 */
export function ProviderConnectionFields({ provider }: { provider: ProviderView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useProvidersStore((s) => s.update);
  const [name, setName] = useState<string | null>(null);
  const [baseURL, setBaseURL] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
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
      setFields({});
      setNotice({ error: false, text: t('providers.saved') });
    } else {
      setFields(result.fields);
      const atField = result.fields.baseURL !== undefined || result.fields.name !== undefined;
      const failed = t('providers.failed', { message: errorText(result.error) });
      setNotice(atField ? null : { error: true, text: failed });
    }
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
            aria-invalid={fields.name ? true : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setNotice(null);
            }}
          />
          {fields.name && <p className="field__error">{fields.name}</p>}
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
          aria-invalid={fields.baseURL ? true : undefined}
          aria-describedby={`${prefix}-url-help`}
          onChange={(e) => {
            setBaseURL(e.target.value);
            setNotice(null);
          }}
        />
        <p id={`${prefix}-url-help`} className={fields.baseURL ? 'field__error' : 'field__help'}>
          {fields.baseURL ?? t('providers.baseUrlHelp')}
        </p>
      </div>
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
