import { useTranslation } from 'react-i18next';
import { useAppStore, useGettingServersStore } from '../../stores/StoresContext';

interface PathFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  kind: 'file' | 'directory';
  purpose: 'bundle' | 'import' | 'value';
  placeholder?: string;
  invalid?: boolean;
  testId?: string;
}

/**
 * A path typed in full; in the desktop app also a "Choose…" button with the native picker
 * (the web shell's page cannot learn a path from the browser's own picker).
 */
export function PathField(props: PathFieldProps) {
  const { t } = useTranslation();
  const electron = useAppStore((s) => s.info.shell === 'electron');
  const pickPath = useGettingServersStore((s) => s.pickPath);
  const choose = async () => {
    const result = await pickPath({ kind: props.kind, purpose: props.purpose });
    if (result.ok && result.value) props.onChange(result.value);
  };
  return (
    <div className="field__row">
      <input
        id={props.id}
        className="input code-input"
        spellCheck={false}
        autoComplete="off"
        value={props.value}
        placeholder={
          props.placeholder ??
          (props.kind === 'directory'
            ? t('addServer.folderPlaceholder')
            : t('addServer.filePlaceholder'))
        }
        aria-invalid={props.invalid ? true : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
      />
      {electron && (
        <button type="button" className="button" onClick={() => void choose()}>
          {t('addServer.choose')}
        </button>
      )}
    </div>
  );
}
