import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppFrame } from '../../../shared/domain/apps';

/**
 * The browser permissions an App declared (camera, microphone, location, clipboard): it gets
 * them only once the person allows them here (kept per server and App).
 */
export function AppPermissionsBar({
  frame,
  onChange,
}: {
  frame: AppFrame;
  onChange: (allow: boolean) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const { requested, granted } = frame.permissions;
  const allowed = granted.length > 0;
  const names = requested.map((p) => t(`apps.permission.${p}`)).join(t('apps.listSeparator'));
  const change = (allow: boolean): void => {
    setBusy(true);
    void onChange(allow).finally(() => setBusy(false));
  };
  return (
    <div className="app-permissions" data-testid="app-permissions">
      <span>
        {allowed ? t('apps.permissionsAllowed', { names }) : t('apps.permissionsAsked', { names })}
      </span>
      <button
        type="button"
        className="button button--small"
        disabled={busy}
        onClick={() => change(!allowed)}
      >
        {allowed ? t('apps.permissionsWithdraw') : t('apps.permissionsAllow')}
      </button>
    </div>
  );
}
