import { useTranslation } from 'react-i18next';
import { useAppStore } from '../stores/StoresContext';

/**
 * Said where secrets are entered when the desktop app has no keychain to keep them in (Linux
 * without a secret service, or no safeStorage): they go to a file only the person's user can
 * read, and on Linux how to get a keychain. Renders nothing where the shell's usual store applies.
 */
export function SecretStorageNotice() {
  const { t } = useTranslation();
  const storage = useAppStore((s) => s.info.secretStorage);
  const linux = useAppStore((s) => s.info.platform === 'linux');
  if (storage?.kind !== 'privateFile' || !storage.why) return null;
  return (
    <div
      className="notice notice--warn secret-storage"
      role="note"
      data-testid="secret-storage-notice"
    >
      <p>{t(`secretStorage.${storage.why}`)}</p>
      {linux && (
        <details className="secret-storage__how">
          <summary>{t('secretStorage.linuxSummary')}</summary>
          <p>{t('secretStorage.linuxSteps')}</p>
        </details>
      )}
    </div>
  );
}
