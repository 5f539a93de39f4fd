import { X } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/hostText';
import type { ProviderView } from '../../../shared/domain/providers';
import { useProvidersStore } from '../../stores/StoresContext';
import { AlertLine } from '../../components/AlertLine';

/** Models typed in for a provider that lists nothing useful (or not the one wanted). */
export function ProviderModels({ provider }: { provider: ProviderView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useProvidersStore((s) => s.update);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = `provider-${provider.id}-model`;
  const save = async (models: string[]): Promise<boolean> => {
    const result = await update(provider.id, { models });
    setError(result.ok ? null : t('providers.failed', { message: errorText(result.error) }));
    return result.ok;
  };
  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault();
    const model = draft.trim();
    if (!model || provider.models.includes(model)) return;
    if (await save([...provider.models, model])) setDraft('');
  };

  return (
    <form className="field" onSubmit={(e) => void submit(e)}>
      <label htmlFor={id} className="field__label">
        {t('providers.models')}
      </label>
      <p className="field__help">{t('providers.modelsHelp')}</p>
      {provider.models.length > 0 && (
        <ul className="chips provider__models">
          {provider.models.map((model) => (
            <li key={model} className="chip provider__model">
              <code>{model}</code>
              <button
                type="button"
                className="icon-button provider__model-remove"
                aria-label={t('providers.removeModel', { model })}
                onClick={() => void save(provider.models.filter((m) => m !== model))}
              >
                <X size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field__row">
        <input
          id={id}
          className="input"
          spellCheck={false}
          placeholder={t('providers.modelPlaceholder')}
          value={draft}
          maxLength={200}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button button--small" disabled={!draft.trim()}>
          {t('providers.addModel')}
        </button>
      </div>
      <AlertLine message={error} />
    </form>
  );
}
