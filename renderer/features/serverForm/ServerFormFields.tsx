import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emptySandboxForm, type ServerForm } from '../../../shared/domain/serverForm';
import { SandboxPermissions } from '../sandbox/SandboxPermissions';
import { PathField } from '../addServer/PathField';
import { useSecretStorageText } from '../secrets/useSecretStorageText';
import { argsFromText, argsToText } from './formText';
import { KeyValueRows } from './KeyValueRows';
import { OAuthFields } from './OAuthFields';
import { TextField } from './TextField';

/** The form's fields: name and type, then what a local or a remote server needs. */
export function ServerFormFields({
  form,
  onChange,
}: {
  form: ServerForm;
  onChange: (form: ServerForm) => void;
}) {
  const { t } = useTranslation();
  const storage = useSecretStorageText();
  // One argument per line: the parsed list would drop the newline being typed.
  const [argsText, setArgsText] = useState(() => argsToText(form.args));
  const set = (patch: Partial<ServerForm>) => onChange({ ...form, ...patch });
  const local = form.transport === 'stdio';

  return (
    <div className="fields">
      <div className="field">
        <label className="field__label" htmlFor="server-name">
          {t('serverForm.serverName')}
        </label>
        <input
          id="server-name"
          className="input"
          spellCheck={false}
          autoComplete="off"
          value={form.name}
          placeholder="github"
          onChange={(e) => set({ name: e.target.value })}
          data-testid="server-form-name"
        />
      </div>
      <fieldset className="field">
        <legend className="field__label">{t('serverForm.kind')}</legend>
        <div className="segmented" role="radiogroup">
          {(['stdio', 'http', 'sse'] as const).map((kind) => (
            <label key={kind} className="segmented__option">
              <input
                type="radio"
                name="server-transport"
                checked={form.transport === kind}
                onChange={() => set({ transport: kind })}
                data-testid={`server-form-transport-${kind}`}
              />
              <span>{t(`serverForm.transports.${kind}`)}</span>
            </label>
          ))}
        </div>
        <p className="field__help">{t(`serverForm.transportHelp.${local ? 'stdio' : 'remote'}`)}</p>
      </fieldset>
      {local ? (
        <>
          <TextField
            id="server-command"
            label={t('serverForm.command')}
            value={form.command}
            placeholder="npx"
            onChange={(command) => set({ command })}
            testId="server-form-command"
          />
          <div className="field">
            <label className="field__label" htmlFor="server-args">
              {t('serverForm.args')}
            </label>
            <textarea
              id="server-args"
              className="input textarea code-input"
              spellCheck={false}
              rows={3}
              value={argsText}
              placeholder={'-y\n@modelcontextprotocol/server-filesystem\n/path/to/folder'}
              onChange={(e) => {
                setArgsText(e.target.value);
                set({ args: argsFromText(e.target.value) });
              }}
              data-testid="server-form-args"
            />
            <p className="field__help">{t('serverForm.argsHelp')}</p>
          </div>
          <KeyValueRows
            id="server-env"
            legend={t('serverForm.env')}
            help={t('serverForm.envHelp', { place: storage.place })}
            addLabel={t('serverForm.addEnv')}
            rows={form.env}
            onChange={(env) => set({ env })}
          />
          <div className="field">
            <label className="field__label" htmlFor="server-cwd">
              {t('serverForm.cwd')}
            </label>
            <PathField
              id="server-cwd"
              kind="directory"
              purpose="value"
              value={form.cwd}
              placeholder={t('serverForm.cwdPlaceholder')}
              onChange={(cwd) => set({ cwd })}
            />
          </div>
          <SandboxPermissions
            value={form.sandbox ?? emptySandboxForm}
            onChange={(sandbox) => set({ sandbox })}
          />
        </>
      ) : (
        <>
          <TextField
            id="server-url"
            label={t('serverForm.url')}
            type="url"
            value={form.url}
            placeholder="https://mcp.example.com/mcp"
            onChange={(url) => set({ url })}
            testId="server-form-url"
          />
          <KeyValueRows
            id="server-headers"
            legend={t('serverForm.headers')}
            help={t('serverForm.headersHelp')}
            addLabel={t('serverForm.addHeader')}
            rows={form.headers}
            onChange={(headers) => set({ headers })}
          />
          <OAuthFields oauth={form.oauth} onChange={(oauth) => set({ oauth })} />
        </>
      )}
    </div>
  );
}
