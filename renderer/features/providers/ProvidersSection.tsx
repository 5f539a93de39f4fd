import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadStatus } from '../../components/LoadStatus';
import { useProvidersStore } from '../../stores/StoresContext';
import { AddProviderDialog } from './AddProviderDialog';
import { ProviderRow } from './ProviderRow';

/** Settings: every model provider (one open at a time), and the Add provider dialog. */
export function ProvidersSection() {
  const { t } = useTranslation();
  const list = useProvidersStore((s) => s.list);
  const load = useProvidersStore((s) => s.load);
  const [open, setOpen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    void load();
  }, [load]);

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
        <button
          type="button"
          className="button"
          onClick={() => setAdding(true)}
          data-testid="provider-add"
        >
          <Plus aria-hidden /> {t('providers.add')}
        </button>
      </div>
      {adding && (
        <AddProviderDialog
          onClose={() => setAdding(false)}
          onAdded={(id) => {
            setAdding(false);
            setOpen(id);
          }}
        />
      )}
    </section>
  );
}
