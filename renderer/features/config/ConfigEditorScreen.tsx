import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canSave, editorText } from '../../stores/configReducers';
import { useAppStore, useConfigStore } from '../../stores/StoresContext';
import { useShortcuts } from '../shell/useShortcuts';
import { CodeEditor, type CodeEditorHandle } from './CodeEditor';
import { ExternalChangeNotice } from './ExternalChangeNotice';
import { ImportDialog } from './ImportDialog';
import { problemDiagnostics } from './problemDiagnostics';
import { ProblemsList } from './ProblemsList';
import { SaveStatus } from './SaveStatus';
import { useErrorText } from '../../i18n/hostText';

/** A starting point for a file that does not exist yet. */
const EXAMPLE = `{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/path/to/folder"]
    }
  }
}
`;

/** The servers file in an editor; main validates, writes and applies it. */
export function ConfigEditorScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const importing = useAppStore((s) => s.view.kind === 'config' && s.view.importing === true);
  const setView = useAppStore((s) => s.setView);
  const model = useConfigStore((s) => s);
  const { disk, problems, problemsText, external, loadError, load, edit, save, revert } = model;
  const [notice, setNotice] = useState<string | null>(null);
  const editor = useRef<CodeEditorHandle>(null);
  const diagnostics = useMemo(
    () => problemDiagnostics(problems, problemsText, errorText),
    [problems, problemsText, errorText],
  );
  const shortcuts = useMemo(() => ({ 'Mod+s': () => void save() }), [save]);
  useShortcuts(shortcuts);

  useEffect(() => {
    void load();
  }, [load]);

  const text = editorText(model);
  const emptied = problems.some((p) => p.kind === 'emptied');
  const saving = model.savingText !== null;

  return (
    <div className="config" data-testid="config-editor">
      <header className="config__header">
        <div className="config__heading">
          <h1>{t('config.title')}</h1>
          {disk && (
            <code className="config__path" title={disk.path}>
              {disk.path}
            </code>
          )}
        </div>
        <div className="config__actions">
          <SaveStatus />
          <button
            type="button"
            className="button"
            onClick={() => setView({ kind: 'serverForm' })}
            data-testid="config-add-server"
          >
            {t('addServer.add')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => setView({ kind: 'config', importing: true })}
            data-testid="config-import"
          >
            {t('config.import')}
          </button>
          <button
            type="button"
            className="button"
            disabled={model.draft === null || saving}
            onClick={revert}
            data-testid="config-revert"
          >
            {t('config.revert')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!canSave(model) || saving}
            onClick={() => void save()}
            title={t('config.saveShortcut')}
            data-testid="config-save"
          >
            {saving ? t('config.saving') : t('config.save')}
          </button>
        </div>
      </header>
      {external && <ExternalChangeNotice />}
      {notice && model.draft === null && (
        <p className="notice notice--ok" role="status">
          {notice}
        </p>
      )}
      {loadError && (
        <p className="field__error" role="alert">
          {t('config.loadFailed', { message: errorText(loadError) })}
        </p>
      )}
      {emptied && model.draft === null && (
        <div
          className="notice notice--warn notice--actions"
          role="alert"
          data-testid="config-emptied"
        >
          <p>{t('config.emptiedHelp')}</p>
          <button
            type="button"
            className="button button--small"
            disabled={saving}
            onClick={() => void save()}
            data-testid="config-stop-servers"
          >
            {t('config.stopServers')}
          </button>
        </div>
      )}
      {disk && !disk.exists && !emptied && (
        <div className="notice notice--actions">
          <p>{t('config.missingFile')}</p>
          {text.trim() === '' && (
            <button type="button" className="button button--small" onClick={() => edit(EXAMPLE)}>
              {t('config.insertExample')}
            </button>
          )}
        </div>
      )}
      {disk ? (
        <div className="config__editor">
          <CodeEditor
            ref={editor}
            value={text}
            onChange={edit}
            onSave={() => void save()}
            diagnostics={diagnostics}
            label={t('config.editorLabel')}
          />
        </div>
      ) : (
        !loadError && <p className="muted">{t('common.loading')}</p>
      )}
      <ProblemsList
        problems={problems}
        text={problemsText}
        onJump={(range) => editor.current?.select(range.from, range.to)}
      />
      {importing && (
        <ImportDialog
          onClose={() => setView({ kind: 'config' })}
          onImported={(count) => setNotice(t('config.imported', { count }))}
        />
      )}
    </div>
  );
}
