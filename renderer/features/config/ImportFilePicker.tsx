import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigStore } from '../../stores/StoresContext';
import { PathField } from '../addServer/PathField';

/** Import from a file of the person's choosing (any of the known formats). */
export function ImportFilePicker({ onRead }: { onRead: (sourceId: string) => void }) {
  const { t } = useTranslation();
  const readImportFile = useConfigStore((s) => s.readImportFile);
  const [path, setPath] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const read = async (event: SyntheticEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await readImportFile(path.trim());
    setBusy(false);
    if (result.ok) onRead(result.id);
    else setError(result.message);
  };
  return (
    <form className="field import__file" onSubmit={(e) => void read(e)}>
      <label className="field__label" htmlFor="import-file">
        {t('importFile.label')}
      </label>
      <div className="field__row">
        <div className="bundle__path">
          <PathField
            id="import-file"
            kind="file"
            purpose="import"
            value={path}
            onChange={setPath}
            placeholder={t('importFile.placeholder')}
            testId="import-file-path"
          />
        </div>
        <button
          type="submit"
          className="button"
          disabled={busy || path.trim() === ''}
          data-testid="import-file-read"
        >
          {t('importFile.read')}
        </button>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
