import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigStore } from '../../stores/StoresContext';
import { ImportFilePicker } from './ImportFilePicker';
import { ImportSourceForm } from './ImportSourceForm';
import { useErrorText } from '../../i18n/hostText';

interface ImportDialogProps {
  onClose: () => void;
  onImported: (count: number) => void;
}

/** Servers from other hosts' files (Claude Desktop, Cursor, VS Code, .mcp.json). */
export function ImportDialog({ onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const imports = useConfigStore((s) => s.imports);
  const listImports = useConfigStore((s) => s.listImports);
  const searched = useConfigStore((s) => s.importSearched);
  const dialog = useRef<HTMLDialogElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    // A modal <dialog> traps focus and answers Esc; jsdom lacks showModal.
    if (element && !element.open && typeof element.showModal === 'function') element.showModal();
    void listImports();
    return () => element?.close();
  }, [listImports]);

  const sources = imports?.state === 'ready' ? imports.value : [];
  const source =
    sources.find((s) => s.id === chosen) ??
    sources.find((s) => !s.error && s.servers.length > 0) ??
    sources[0];

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby="import-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      data-testid="import-dialog"
    >
      <div className="dialog__header">
        <h2 id="import-title">{t('import.title')}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.close')}
          onClick={onClose}
        >
          <X />
        </button>
      </div>
      <div className="dialog__body">
        {(!imports || imports.state === 'loading') && (
          <p className="muted">{t('import.searching')}</p>
        )}
        {imports?.state === 'failed' && (
          <p className="field__error" role="alert">
            {errorText(imports.error)}
          </p>
        )}
        {imports?.state === 'ready' && sources.length === 0 && (
          <div data-testid="import-none">
            <p className="muted">{t('import.none')}</p>
            {searched.length > 0 && (
              <>
                <p className="field__help">{t('importFile.lookedIn')}</p>
                <ul className="import__searched">
                  {searched.map((path) => (
                    <li key={path}>
                      <code>{path}</code>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        <ImportFilePicker onRead={setChosen} />
        {sources.length > 0 && (
          <fieldset className="field import__sources">
            <legend className="field__label">{t('import.source')}</legend>
            {sources.map((s) => (
              <label
                key={s.id}
                className={`import__source${source?.id === s.id ? ' import__source--active' : ''}`}
              >
                <input
                  type="radio"
                  name="import-source"
                  value={s.id}
                  checked={source?.id === s.id}
                  onChange={() => setChosen(s.id)}
                />
                <span className="import__source-text">
                  <strong>{t(`import.kinds.${s.kind}`, { defaultValue: s.label })}</strong>
                  <code className="import__path">{s.path}</code>
                  <span className={s.error ? 'field__error' : 'muted'}>
                    {s.error !== undefined
                      ? errorText({ message: s.error, text: s.errorText })
                      : t('import.serverCount', { count: s.servers.length })}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {source && !source.error && (
          <ImportSourceForm
            key={source.id}
            source={source}
            onCancel={onClose}
            onImported={(count) => {
              onImported(count);
              onClose();
            }}
          />
        )}
      </div>
    </dialog>
  );
}
