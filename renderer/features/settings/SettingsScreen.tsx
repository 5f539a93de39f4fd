import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/StoresContext';
import { ApiKeyField } from './ApiKeyField';
import { AppearanceFields } from './AppearanceFields';
import { RootsSection } from '../interactions/RootsSection';
import { SecretsSection } from '../secrets/SecretsSection';
import { GrantsSection } from './GrantsSection';
import { ModelFields } from './ModelFields';
import { PreferTasksSwitch } from '../tasks/PreferTasksSwitch';

/** Settings: API and model, tool approvals, appearance, about. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const info = useAppStore((s) => s.info);
  const toggleSettings = useAppStore((s) => s.toggleSettings);
  return (
    <div className="settings" data-testid="settings">
      <header className="settings__header">
        <h1>{t('settings.title')}</h1>
        <button
          type="button"
          className="icon-button"
          aria-label={t('settings.close')}
          title={`${t('settings.close')} (Esc)`}
          onClick={toggleSettings}
        >
          ✕
        </button>
      </header>
      <section className="card" aria-labelledby="settings-api">
        <h2 id="settings-api" className="card__title">
          {t('settings.apiSection')}
        </h2>
        <ApiKeyField />
        <ModelFields />
      </section>
      <GrantsSection />
      <RootsSection />
      <PreferTasksSwitch />
      <SecretsSection />
      <section className="card" aria-labelledby="settings-appearance">
        <h2 id="settings-appearance" className="card__title">
          {t('settings.appearanceSection')}
        </h2>
        <AppearanceFields />
      </section>
      <section className="card" aria-labelledby="settings-about">
        <h2 id="settings-about" className="card__title">
          {t('settings.aboutSection')}
        </h2>
        <p className="muted" data-testid="about">
          {t('settings.version', {
            version: info.version,
            shell: info.shell,
            platform: info.platform,
          })}
        </p>
      </section>
    </div>
  );
}
