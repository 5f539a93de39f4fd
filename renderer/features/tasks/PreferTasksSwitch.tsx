import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../stores/StoresContext';

/** Settings: run tools whose task support is optional as tasks. */
export function PreferTasksSwitch() {
  const { t } = useTranslation();
  const preferTasks = useSettingsStore((s) => s.snapshot.preferTasks);
  const update = useSettingsStore((s) => s.update);
  const [busy, setBusy] = useState(false);
  return (
    <section className="card" aria-labelledby="settings-tasks">
      <h2 id="settings-tasks" className="card__title">
        {t('tasks.settings.section')}
      </h2>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={preferTasks}
          disabled={busy}
          aria-describedby="prefer-tasks-help"
          onChange={(e) => {
            setBusy(true);
            void update({ preferTasks: e.target.checked }).finally(() => setBusy(false));
          }}
          data-testid="prefer-tasks"
        />
        <span className="switch__track" aria-hidden="true" />
        <span className="switch__label">{t('tasks.settings.preferTasks')}</span>
      </label>
      <p id="prefer-tasks-help" className="field__help">
        {t('tasks.settings.preferTasksHelp')}
      </p>
    </section>
  );
}
