import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../stores/StoresContext';

const MAX_MINUTES = 1440;

/** Settings: how long a server may go unused before it is stopped (0 = never). */
export function IdleMinutesSection() {
  const { t } = useTranslation();
  const current = useSettingsStore((s) => s.snapshot.idleMinutes);
  const update = useSettingsStore((s) => s.update);
  const [text, setText] = useState(String(current));
  const value = Number(text);
  const valid = text.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= MAX_MINUTES;
  return (
    <section className="card" aria-labelledby="settings-servers" data-testid="idle-settings">
      <h2 id="settings-servers" className="card__title">
        {t('onDemand.settings.section')}
      </h2>
      <label className="field">
        <span className="field__label">{t('onDemand.settings.idleMinutes')}</span>
        <input
          className="input idle-minutes__input"
          type="number"
          min={0}
          max={MAX_MINUTES}
          value={text}
          aria-invalid={!valid}
          aria-describedby="idle-minutes-help"
          onChange={(e) => setText(e.target.value)}
          onBlur={() => {
            if (valid && value !== current) void update({ idleMinutes: value });
          }}
          data-testid="idle-minutes"
        />
      </label>
      {!valid && (
        <p className="field__error" role="alert">
          {t('onDemand.settings.invalid')}
        </p>
      )}
      <p id="idle-minutes-help" className="field__help">
        {t('onDemand.settings.idleMinutesHelp')}
      </p>
    </section>
  );
}
