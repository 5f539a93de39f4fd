import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../components/Switch';
import { useSettingsStore } from '../../stores/StoresContext';

/** Per server: let tools that declare `readOnlyHint` run without asking (a setting in main). */
export function TrustReadOnlySwitch({ server }: { server: string }) {
  const { t } = useTranslation();
  const trusted = useSettingsStore((s) => s.snapshot.trustReadOnlyServers);
  const update = useSettingsStore((s) => s.update);
  const [busy, setBusy] = useState(false);
  const checked = trusted.includes(server);

  const toggle = async (on: boolean): Promise<void> => {
    setBusy(true);
    const next = on
      ? [...trusted.filter((n) => n !== server), server]
      : trusted.filter((n) => n !== server);
    await update({ trustReadOnlyServers: next });
    setBusy(false);
  };

  return (
    <div className="trust-switch">
      <Switch
        checked={checked}
        disabled={busy}
        describedBy="trust-read-only-help"
        onChange={(on) => void toggle(on)}
        testId="trust-read-only"
        label={t('server.trustReadOnly')}
        labelClassName="trust-switch__label"
      />
      <p id="trust-read-only-help" className="field__help">
        {t('server.trustReadOnlyHelp')}
      </p>
    </div>
  );
}
