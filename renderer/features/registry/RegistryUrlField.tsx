import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGettingServersStore, useSettingsStore } from '../../stores/StoresContext';
import { useErrorText } from '../../i18n/hostText';

/**
 * Which registry the browser searches: the setting, shown with the address actually used
 * (`SWITCHBOARD_REGISTRY_URL` overrides the setting for the whole app).
 */
export function RegistryUrlField({ effective }: { effective: string | undefined }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const setting = useSettingsStore((s) => s.snapshot.registryUrl);
  const error = useSettingsStore((s) => s.error?.fields.registryUrl);
  const update = useSettingsStore((s) => s.update);
  const search = useGettingServersStore((s) => s.search);
  const query = useGettingServersStore((s) => s.registry.query);
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? setting;
  const overridden = effective !== undefined && effective !== setting.replace(/\/+$/, '');
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (await update({ registryUrl: value })) {
      setDraft(null);
      void search(query);
    }
  };
  return (
    <details className="disclosure">
      <summary data-testid="registry-url">
        {t('registry.source', { url: effective ?? setting })}
      </summary>
      <form className="field" onSubmit={(e) => void submit(e)}>
        <label className="field__label" htmlFor="registry-url">
          {t('registry.address')}
        </label>
        <div className="field__row">
          <input
            id="registry-url"
            className="input code-input"
            type="url"
            spellCheck={false}
            value={value}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="button" disabled={draft === null}>
            {t('serverForm.save')}
          </button>
        </div>
        {error && <p className="field__error">{errorText(error)}</p>}
        {overridden && <p className="field__help">{t('registry.overridden')}</p>}
      </form>
    </details>
  );
}
