import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerForm } from '../../../shared/domain/serverForm';
import { PathField } from '../addServer/PathField';
import { argsFromText, argsToText, portFromText, scopesFromText } from './formText';
import { KeyValueRows } from './KeyValueRows';

/** The form's fields: name and type, then what a local or a remote server needs. */
export function ServerFormFields({
  form,
  onChange,
}: {
  form: ServerForm;
  onChange: (form: ServerForm) => void;
}) {
  const { t } = useTranslation();
  // Text fields whose parsed value loses what is being typed (trailing newline, half a port).
  const [argsText, setArgsText] = useState(() => argsToText(form.args));
  const [scopesText, setScopesText] = useState(() => form.oauth.scopes.join(' '));
  const [portText, setPortText] = useState(() => form.oauth.redirectPort?.toString() ?? '');
  const set = (patch: Partial<ServerForm>) => onChange({ ...form, ...patch });
  const setOauth = (patch: Partial<ServerForm['oauth']>) =>
    set({ oauth: { ...form.oauth, ...patch } });
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
          <div className="field">
            <label className="field__label" htmlFor="server-command">
              {t('serverForm.command')}
            </label>
            <input
              id="server-command"
              className="input code-input"
              spellCheck={false}
              autoComplete="off"
              value={form.command}
              placeholder="npx"
              onChange={(e) => set({ command: e.target.value })}
              data-testid="server-form-command"
            />
          </div>
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
            help={t('serverForm.envHelp')}
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
        </>
      ) : (
        <>
          <div className="field">
            <label className="field__label" htmlFor="server-url">
              {t('serverForm.url')}
            </label>
            <input
              id="server-url"
              className="input code-input"
              spellCheck={false}
              autoComplete="off"
              type="url"
              value={form.url}
              placeholder="https://mcp.example.com/mcp"
              onChange={(e) => set({ url: e.target.value })}
              data-testid="server-form-url"
            />
          </div>
          <KeyValueRows
            id="server-headers"
            legend={t('serverForm.headers')}
            help={t('serverForm.headersHelp')}
            addLabel={t('serverForm.addHeader')}
            rows={form.headers}
            onChange={(headers) => set({ headers })}
          />
          <details className="disclosure" open={form.oauth.clientId !== '' || undefined}>
            <summary>{t('serverForm.oauth')}</summary>
            <div className="fields">
              <p className="field__help">{t('serverForm.oauthHelp')}</p>
              <div className="field">
                <label className="field__label" htmlFor="oauth-client-id">
                  {t('serverForm.clientId')}
                </label>
                <input
                  id="oauth-client-id"
                  className="input code-input"
                  spellCheck={false}
                  autoComplete="off"
                  value={form.oauth.clientId}
                  onChange={(e) => setOauth({ clientId: e.target.value })}
                />
              </div>
              <div className="field">
                <label className="field__label" htmlFor="oauth-client-secret">
                  {t('serverForm.clientSecret')}
                </label>
                <input
                  id="oauth-client-secret"
                  className="input code-input"
                  type="password"
                  autoComplete="off"
                  value={form.oauth.clientSecret.value}
                  placeholder={
                    form.oauth.clientSecret.stored ? t('serverForm.storedPlaceholder') : ''
                  }
                  onChange={(e) =>
                    setOauth({
                      clientSecret: {
                        ...form.oauth.clientSecret,
                        value: e.target.value,
                        secret: true,
                      },
                    })
                  }
                />
                <p className="field__help">{t('serverForm.clientSecretHelp')}</p>
              </div>
              <div className="field">
                <label className="field__label" htmlFor="oauth-scopes">
                  {t('serverForm.scopes')}
                </label>
                <input
                  id="oauth-scopes"
                  className="input code-input"
                  spellCheck={false}
                  value={scopesText}
                  onChange={(e) => {
                    setScopesText(e.target.value);
                    setOauth({ scopes: scopesFromText(e.target.value) });
                  }}
                />
              </div>
              <div className="field">
                <label className="field__label" htmlFor="oauth-metadata">
                  {t('serverForm.clientMetadataUrl')}
                </label>
                <input
                  id="oauth-metadata"
                  className="input code-input"
                  spellCheck={false}
                  type="url"
                  value={form.oauth.clientMetadataUrl}
                  onChange={(e) => setOauth({ clientMetadataUrl: e.target.value })}
                />
              </div>
              <div className="field">
                <label className="field__label" htmlFor="oauth-port">
                  {t('serverForm.redirectPort')}
                </label>
                <input
                  id="oauth-port"
                  className="input code-input server-form__port"
                  inputMode="numeric"
                  value={portText}
                  aria-invalid={
                    portText !== '' && portFromText(portText) === null ? true : undefined
                  }
                  onChange={(e) => {
                    setPortText(e.target.value);
                    setOauth({ redirectPort: portFromText(e.target.value) });
                  }}
                />
              </div>
            </div>
          </details>
        </>
      )}
    </div>
  );
}
