import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/StoresContext';
import { AppearanceFields } from './AppearanceFields';
import { RootsSection } from '../interactions/RootsSection';
import { SecretsSection } from '../secrets/SecretsSection';
import { ProvidersSection } from '../providers/ProvidersSection';
import { RegistryUrlField } from '../registry/RegistryUrlField';
import { ToolSearchSection } from '../toolSearch/ToolSearchSection';
import { GrantsSection } from './GrantsSection';
import { ModelFields } from './ModelFields';
import { PreferTasksSwitch } from '../tasks/PreferTasksSwitch';
import { IdleMinutesSection } from '../servers/IdleMinutesSection';
import { SandboxedReadOnlySwitch } from '../sandbox/SandboxedReadOnlySwitch';
import { SettingsNav } from './SettingsNav';

/**
 * Settings: model providers, default model, tool search, approvals, sandbox, folders, tasks, secrets,
 * the MCP Registry, appearance, about; a list of the sections beside them to go to one.
 */
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
          <X />
        </button>
      </header>
      <SettingsNav />
      <div className="settings__sections">
        <ProvidersSection />
        <section className="card" aria-labelledby="settings-models">
          <h2 id="settings-models" className="card__title">
            {t('settings.modelsSection')}
          </h2>
          <ModelFields />
        </section>
        <ToolSearchSection />
        <GrantsSection />
        <SandboxedReadOnlySwitch />
        <RootsSection />
        <PreferTasksSwitch />
        <IdleMinutesSection />
        <SecretsSection />
        <RegistryUrlField />
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
    </div>
  );
}
