import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../components/Switch';
import { useSettingsStore } from '../../stores/StoresContext';

/**
 * Settings: tools that declare `readOnlyHint` run without asking on sandboxed servers (off by
 * default; what such a tool can reach is bounded by the sandbox, not only by its claim).
 */
export function SandboxedReadOnlySwitch() {
  const { t } = useTranslation();
  const on = useSettingsStore((s) => s.snapshot.trustReadOnlyWhenSandboxed);
  const update = useSettingsStore((s) => s.update);
  const [busy, setBusy] = useState(false);
  return (
    <section className="card" aria-labelledby="settings-sandbox" data-testid="sandbox-settings">
      <h2 id="settings-sandbox" className="card__title">
        {t('sandbox.permissions.title')}
      </h2>
      <Switch
        checked={on}
        disabled={busy}
        describedBy="sandboxed-read-only-help"
        onChange={(next) => {
          setBusy(true);
          void update({ trustReadOnlyWhenSandboxed: next }).finally(() => setBusy(false));
        }}
        testId="sandboxed-read-only"
        label={t('sandbox.settings.label')}
      />
      <p id="sandboxed-read-only-help" className="field__help">
        {t('sandbox.settings.help')}
      </p>
    </section>
  );
}
