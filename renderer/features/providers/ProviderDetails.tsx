import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/hostText';
import type { ProviderView } from '../../../shared/domain/providers';
import { useProvidersStore } from '../../stores/StoresContext';
import { ProviderConnectionFields } from './ProviderConnectionFields';
import { ProviderImagesField } from './ProviderImagesField';
import { ProviderKeyField } from './ProviderKeyField';
import { ProviderModels } from './ProviderModels';
import { ProviderTestButton } from './ProviderTestButton';
import { AlertLine } from '../../components/AlertLine';

/** What can be set for one provider, as far as its origin allows. */
export function ProviderDetails({ id, provider }: { id: string; provider: ProviderView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const remove = useProvidersStore((s) => s.remove);
  const [error, setError] = useState<string | null>(null);
  const added = provider.origin === 'added';
  return (
    <div
      id={id}
      className="provider__details fields"
      role="region"
      aria-label={t('providers.details', { name: provider.name })}
    >
      {provider.origin === 'environment' ? (
        <p className="field__help">
          <code>{provider.baseURL}</code> — {t('providers.environmentNote')}
        </p>
      ) : (
        <ProviderConnectionFields provider={provider} />
      )}
      {provider.origin !== 'environment' && <ProviderKeyField provider={provider} />}
      <ProviderTestButton provider={provider} />
      {added && <ProviderModels provider={provider} />}
      {added && provider.kind === 'openai-compatible' && (
        <ProviderImagesField provider={provider} />
      )}
      {added && (
        <div className="field__row">
          <button
            type="button"
            className="button button--small button--danger"
            onClick={() =>
              void remove(provider.id).then((result) => {
                if (!result.ok)
                  setError(t('providers.failed', { message: errorText(result.error) }));
              })
            }
          >
            {t('providers.remove')}
          </button>
        </div>
      )}
      <AlertLine message={error} />
    </div>
  );
}
