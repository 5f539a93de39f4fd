import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../components/Switch';
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
      <Switch
        checked={preferTasks}
        disabled={busy}
        describedBy="prefer-tasks-help"
        onChange={(on) => {
          setBusy(true);
          void update({ preferTasks: on }).finally(() => setBusy(false));
        }}
        testId="prefer-tasks"
        label={t('tasks.settings.preferTasks')}
      />
      <p id="prefer-tasks-help" className="field__help">
        {t('tasks.settings.preferTasksHelp')}
      </p>
    </section>
  );
}
