import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/hostText';
import type { ToolSearchMode, ToolSearchSettings } from '../../../shared/domain/toolSearch';
import { useSettingsStore } from '../../stores/StoresContext';

const modes: { value: ToolSearchMode; label: string }[] = [
  { value: 'auto', label: 'toolSearch.modeAuto' },
  { value: 'on', label: 'toolSearch.modeOn' },
  { value: 'off', label: 'toolSearch.modeOff' },
];

/** Settings: when requests carry a search tool instead of every tool definition. */
export function ToolSearchSection() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const current = useSettingsStore((s) => s.snapshot.toolSearch);
  const update = useSettingsStore((s) => s.update);
  const error = useSettingsStore((s) => s.error);
  const [minTools, setMinTools] = useState(String(current.minTools));
  const [minTokens, setMinTokens] = useState(String(current.minTokens));
  const [failed, setFailed] = useState(false);
  const save = async (patch: Partial<ToolSearchSettings>): Promise<void> => {
    setFailed(!(await update({ toolSearch: { ...current, ...patch } })));
  };
  const saveNumber = (key: 'minTools' | 'minTokens', text: string): void => {
    const value = Number(text);
    if (Number.isInteger(value) && value > 0 && value !== current[key]) void save({ [key]: value });
  };
  return (
    <section
      className="card"
      aria-labelledby="settings-tool-search"
      data-testid="tool-search-settings"
    >
      <h2 id="settings-tool-search" className="card__title">
        {t('toolSearch.section')}
      </h2>
      <p className="muted">{t('toolSearch.intro')}</p>
      <div className="settings-tool-search">
        <fieldset className="field">
          <legend className="field__label">{t('toolSearch.mode')}</legend>
          <div className="segmented" role="radiogroup" aria-label={t('toolSearch.mode')}>
            {modes.map((mode) => (
              <label key={mode.value} className="segmented__option">
                <input
                  type="radio"
                  name="tool-search-mode"
                  value={mode.value}
                  checked={current.mode === mode.value}
                  onChange={() => void save({ mode: mode.value })}
                  data-testid={`tool-search-mode-${mode.value}`}
                />
                <span>{t(mode.label)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {current.mode === 'auto' && (
          <div className="settings-tool-search__thresholds">
            <label className="field">
              <span className="field__label">{t('toolSearch.minTools')}</span>
              <input
                className="input"
                type="number"
                min={1}
                value={minTools}
                onChange={(e) => setMinTools(e.target.value)}
                onBlur={() => saveNumber('minTools', minTools)}
                data-testid="tool-search-min-tools"
              />
            </label>
            <label className="field">
              <span className="field__label">{t('toolSearch.minTokens')}</span>
              <input
                className="input"
                type="number"
                min={100}
                step={1000}
                value={minTokens}
                onChange={(e) => setMinTokens(e.target.value)}
                onBlur={() => saveNumber('minTokens', minTokens)}
                data-testid="tool-search-min-tokens"
              />
            </label>
          </div>
        )}
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={current.useApiSearch}
            onChange={(e) => void save({ useApiSearch: e.target.checked })}
            data-testid="tool-search-api"
          />
          <span className="switch__track" aria-hidden="true" />
          <span className="switch__label">{t('toolSearch.useApiSearch')}</span>
        </label>
        {failed && error && (
          <p className="field__error" role="alert">
            {t('toolSearch.notSaved', { message: errorText(error) })}
          </p>
        )}
      </div>
    </section>
  );
}
