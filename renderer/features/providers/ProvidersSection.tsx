import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/hostText';
import { PROVIDER_PRESETS, type ProviderPresetId } from '../../../shared/domain/providers';
import { LoadStatus } from '../../components/LoadStatus';
import { useProvidersStore } from '../../stores/StoresContext';
import { ProviderRow } from './ProviderRow';
import { AlertLine } from '../../components/AlertLine';

/** Settings: every model provider (one open at a time), and adding one from a preset. */
export function ProvidersSection() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const list = useProvidersStore((s) => s.list);
  const load = useProvidersStore((s) => s.load);
  const add = useProvidersStore((s) => s.add);
  const [open, setOpen] = useState<string | null>(null);
  const [preset, setPreset] = useState<ProviderPresetId>('deepseek');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void load();
  }, [load]);

  const addProvider = async (): Promise<void> => {
    const result = await add(preset);
    if (result.ok) {
      setError(null);
      setOpen(result.id);
    } else setError(t('providers.failed', { message: errorText(result.error) }));
  };

  return (
    <section className="card" aria-labelledby="settings-providers" data-testid="providers">
      <div>
        <h2 id="settings-providers" className="card__title">
          {t('providers.section')}
        </h2>
        <p className="field__help">{t('providers.intro')}</p>
      </div>
      <LoadStatus loadable={list} failed={(message) => t('providers.loadFailed', { message })} />
      {list?.state === 'ready' && (
        <ul className="providers">
          {list.value.map((provider) => (
            <ProviderRow
              key={provider.id}
              provider={provider}
              open={open === provider.id}
              onToggle={() => setOpen(open === provider.id ? null : provider.id)}
            />
          ))}
        </ul>
      )}
      <div className="field__row providers__add">
        <label className="sr-only" htmlFor="provider-preset">
          {t('providers.addLabel')}
        </label>
        <select
          id="provider-preset"
          className="input select"
          value={preset}
          onChange={(e) => setPreset(e.target.value as ProviderPresetId)}
          data-testid="provider-preset"
        >
          {PROVIDER_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {t(`providers.presets.${p.id}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button"
          onClick={() => void addProvider()}
          data-testid="provider-add"
        >
          {t('providers.add')}
        </button>
      </div>
      <AlertLine message={error} />
    </section>
  );
}
