import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/hostText';
import type { ProviderView } from '../../../shared/domain/providers';
import { useProvidersStore } from '../../stores/StoresContext';
import { AlertLine } from '../../components/AlertLine';

/** Whether a Chat Completions provider's models are sent images; saved as it is switched. */
export function ProviderImagesField({ provider }: { provider: ProviderView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useProvidersStore((s) => s.update);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="field">
      <label className="check">
        <input
          type="checkbox"
          className="checkbox"
          checked={provider.images}
          onChange={(e) =>
            void update(provider.id, { images: e.target.checked }).then((result) =>
              setError(
                result.ok ? null : t('providers.failed', { message: errorText(result.error) }),
              ),
            )
          }
        />
        <span>
          {t('providers.images')}
          <span className="field__help provider__check-help">{t('providers.imagesHelp')}</span>
        </span>
      </label>
      <AlertLine message={error} />
    </div>
  );
}
