import { useTranslation } from 'react-i18next';
import type { Language, Theme } from '../../../shared/domain/settings';
import { useSettingsStore } from '../../stores/StoresContext';

const themes: Theme[] = ['system', 'light', 'dark'];
const themeLabel = {
  system: 'settings.themeSystem',
  light: 'settings.themeLight',
  dark: 'settings.themeDark',
} as const;
/** Language names are written in their own language, so anyone can find theirs. */
const languages: { value: Language; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'zh-CN', label: '简体中文' },
];

/** Theme and language apply at once. */
export function AppearanceFields() {
  const { t } = useTranslation();
  const theme = useSettingsStore((s) => s.snapshot.theme);
  const language = useSettingsStore((s) => s.snapshot.language);
  const update = useSettingsStore((s) => s.update);
  return (
    <div className="fields">
      <fieldset className="field">
        <legend className="field__label">{t('settings.theme')}</legend>
        <div className="segmented" role="radiogroup" aria-label={t('settings.theme')}>
          {themes.map((value) => (
            <label key={value} className="segmented__option">
              <input
                type="radio"
                name="theme"
                value={value}
                checked={theme === value}
                onChange={() => void update({ theme: value })}
                data-testid={`theme-${value}`}
              />
              <span>{t(themeLabel[value])}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="language" className="field__label">
          {t('settings.language')}
        </label>
        <select
          id="language"
          className="input select"
          value={language}
          onChange={(e) => void update({ language: e.target.value as Language })}
          data-testid="language"
        >
          {languages.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
