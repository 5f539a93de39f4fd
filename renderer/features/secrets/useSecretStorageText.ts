import { useTranslation } from 'react-i18next';
import { secretStorageKindSchema } from '../../../shared/domain/secretStorage';
import { useAppStore } from '../../stores/StoresContext';

/**
 * What this shell does with secrets, in the window's language, from main's own word (bootstrap's
 * `secretStorage`): `stored` is a sentence ("It is stored in a file only your user can read."),
 * `place` names the store with it. A kind this window does not know makes no claim.
 */
export function useSecretStorageText(): { stored: string; place: string } {
  const { t } = useTranslation();
  const reported = useAppStore((s) => s.info.secretStorage);
  const kind = secretStorageKindSchema.safeParse(reported?.kind).data ?? 'unknown';
  return {
    stored: t(`secrets.storage.${kind}.stored`),
    place: t(`secrets.storage.${kind}.place`),
  };
}
