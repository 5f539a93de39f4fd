import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGettingServersStore, useSettingsStore } from '../../stores/StoresContext';
import { useErrorText } from '../../i18n/hostText';

/**
 * Settings: which registry the browser searches. The address actually used is said when
 * `SWITCHBOARD_REGISTRY_URL` overrides the setting for the whole app.
 */
export function RegistryUrlField() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const setting = useSettingsStore((s) => s.snapshot.registryUrl);
  const error = useSettingsStore((s) => s.error?.fields.registryUrl);
  const update = useSettingsStore((s) => s.update);
  const effective = useGettingServersStore((s) => s.registry.registryUrl);
  const [draft, setDraft] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const value = draft ?? setting;
  const overridden = effective !== undefined && effective !== setting.replace(/\/+$/, '');
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (await update({ registryUrl: value })) {
      setDraft(null);
      setSaved(true);
    }
  };
  return (
    <section className="card" aria-labelledby="settings-registry" data-testid="registry-settings">
      <h2 id="settings-registry" className="card__title">
        {t('registry.settingsTitle')}
      </h2>
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
            onChange={(e) => {
              setDraft(e.target.value);
              setSaved(false);
            }}
          />
          <button type="submit" className="button" disabled={draft === null}>
            {t('serverForm.save')}
          </button>
        </div>
        {error && <p className="field__error">{errorText(error)}</p>}
        {overridden && <p className="field__help">{t('registry.overridden')}</p>}
        {saved && (
          <p className="field__notice" role="status">
            {t('settings.saved')}
          </p>
        )}
      </form>
    </section>
  );
}
