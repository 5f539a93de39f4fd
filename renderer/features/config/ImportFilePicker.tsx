import { useTranslation } from 'react-i18next';
import { useConfigStore } from '../../stores/StoresContext';
import { PathForm } from '../addServer/PathForm';
import { useErrorText } from '../../i18n/hostText';

/** Import from a file of the person's choosing (any of the known formats). */
export function ImportFilePicker({ onRead }: { onRead: (sourceId: string) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const readImportFile = useConfigStore((s) => s.readImportFile);
  return (
    <PathForm
      id="import-file"
      label={t('importFile.label')}
      placeholder={t('importFile.placeholder')}
      purpose="import"
      submitLabel={t('importFile.read')}
      testId="import-file"
      onSubmit={async (path) => {
        const result = await readImportFile(path);
        if (result.ok) onRead(result.id);
        return result.ok ? undefined : errorText(result.error);
      }}
    />
  );
}
