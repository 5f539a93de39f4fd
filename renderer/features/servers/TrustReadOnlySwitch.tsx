import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={busy}
          aria-describedby="trust-read-only-help"
          onChange={(e) => void toggle(e.target.checked)}
          data-testid="trust-read-only"
        />
        <span className="switch__track" aria-hidden="true" />
        <span className="switch__label trust-switch__label">{t('server.trustReadOnly')}</span>
      </label>
      <p id="trust-read-only-help" className="field__help">
        {t('server.trustReadOnlyHelp')}
      </p>
    </div>
  );
}
