import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportSource } from '../../../shared/domain/mcpViews';
import { useConfigStore } from '../../stores/StoresContext';
import { importRequest } from './importRequest';
import { useErrorText } from '../../i18n/hostText';

interface ImportSourceFormProps {
  source: ImportSource;
  onCancel: () => void;
  onImported: (count: number) => void;
}

/** Pick servers of one source, rename the ones whose names are taken, answer its inputs. */
export function ImportSourceForm({ source, onCancel, onImported }: ImportSourceFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const applyImport = useConfigStore((s) => s.applyImport);
  const [picked, setPicked] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(source.servers.map((s) => [s.name, true])),
  );
  const [renames, setRenames] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      source.servers.filter((s) => s.conflict).map((s) => [s.name, s.suggestedName]),
    ),
  );
  const [inputs, setInputs] = useState<Record<string, string>>({});
  // Moving plaintext credentials to the secret store is what a person almost always wants.
  const [moveSecrets, setMoveSecrets] = useState(true);
  const plaintext = (source.plaintextSecrets ?? []).filter((s) => picked[s.server] === true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const built = importRequest(source, picked, renames, inputs, moveSecrets && plaintext.length > 0);

  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault();
    if (!built.ok) return;
    setBusy(true);
    const result = await applyImport(built.request);
    setBusy(false);
    if (result.ok) onImported(built.request.names.length);
    else setError(errorText(result.error));
  };

  return (
    <form className="import__form" onSubmit={(e) => void submit(e)} data-testid="import-form">
      <fieldset className="field">
        <legend className="field__label">{t('import.servers')}</legend>
        <ul className="import__servers">
          {source.servers.map((server) => {
            const id = `import-${source.id}-${server.name}`;
            const renameError = built.ok ? undefined : built.renameErrors[server.name];
            return (
              <li key={server.name} className="import__server">
                <label className="check">
                  <input
                    id={id}
                    type="checkbox"
                    checked={picked[server.name] === true}
                    onChange={(e) => setPicked((p) => ({ ...p, [server.name]: e.target.checked }))}
                  />
                  <span>
                    <strong>{server.name}</strong>{' '}
                    <code className="import__target">{server.target}</code>
                  </span>
                </label>
                {server.conflict && picked[server.name] && (
                  <div className="import__rename">
                    <label htmlFor={`${id}-rename`} className="field__help">
                      {t('import.conflict')}
                    </label>
                    <input
                      id={`${id}-rename`}
                      className="input"
                      spellCheck={false}
                      value={renames[server.name] ?? ''}
                      aria-invalid={renameError ? true : undefined}
                      onChange={(e) => setRenames((r) => ({ ...r, [server.name]: e.target.value }))}
                    />
                    {renameError && (
                      <p className="field__error">
                        {renameError === 'empty'
                          ? t('import.renameEmpty')
                          : t('import.renameTaken')}
                      </p>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      {source.inputs.length > 0 && (
        <fieldset className="field">
          <legend className="field__label">{t('import.inputs')}</legend>
          <p className="field__help">{t('import.inputsHelp')}</p>
          {source.inputs.map((input) => (
            <div key={input.id} className="field">
              <label htmlFor={`input-${input.id}`} className="field__label">
                {input.description ?? input.id}
                {input.description && <code className="schema-fields__name">{input.id}</code>}
              </label>
              <input
                id={`input-${input.id}`}
                className="input"
                type={input.password ? 'password' : 'text'}
                autoComplete="off"
                spellCheck={false}
                value={inputs[input.id] ?? ''}
                onChange={(e) => setInputs((v) => ({ ...v, [input.id]: e.target.value }))}
              />
            </div>
          ))}
        </fieldset>
      )}
      {plaintext.length > 0 && (
        <div className="notice notice--warn field" data-testid="import-plaintext">
          <label className="check">
            <input
              type="checkbox"
              checked={moveSecrets}
              onChange={(e) => setMoveSecrets(e.target.checked)}
              data-testid="import-move-secrets"
            />
            <span>{t('importFile.moveSecrets', { count: plaintext.length })}</span>
          </label>
          <ul className="import__plaintext">
            {plaintext.map((s) => (
              <li key={`${s.server}.${s.field}.${s.key}`}>
                <code>
                  {s.server} › {s.field === 'env' ? 'env' : 'headers'} › {s.key}
                </code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p className="field__error" role="alert">
          {t('import.failed', { message: error })}
        </p>
      )}
      <div className="dialog__footer">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={!built.ok || busy}
          data-testid="import-apply"
        >
          {t('import.apply', { count: built.ok ? built.request.names.length : 0 })}
        </button>
      </div>
    </form>
  );
}
