import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerForm } from '../../../shared/domain/serverForm';
import { portFromText, scopesFromText } from './formText';
import { TextField } from './TextField';

type OAuth = ServerForm['oauth'];

/** A remote server's OAuth client settings (only for clients registered by hand). */
export function OAuthFields({
  oauth,
  onChange,
}: {
  oauth: OAuth;
  onChange: (oauth: OAuth) => void;
}) {
  const { t } = useTranslation();
  // Texts whose parsed value would lose what is being typed (a trailing space, half a port).
  const [scopesText, setScopesText] = useState(() => oauth.scopes.join(' '));
  const [portText, setPortText] = useState(() => oauth.redirectPort?.toString() ?? '');
  const set = (patch: Partial<OAuth>) => onChange({ ...oauth, ...patch });
  return (
    <details className="disclosure" open={oauth.clientId !== '' || undefined}>
      <summary>{t('serverForm.oauth')}</summary>
      <div className="fields">
        <p className="field__help">{t('serverForm.oauthHelp')}</p>
        <TextField
          id="oauth-client-id"
          label={t('serverForm.clientId')}
          value={oauth.clientId}
          onChange={(clientId) => set({ clientId })}
        />
        <TextField
          id="oauth-client-secret"
          label={t('serverForm.clientSecret')}
          type="password"
          value={oauth.clientSecret.value}
          placeholder={oauth.clientSecret.stored ? t('serverForm.storedPlaceholder') : ''}
          help={t('serverForm.clientSecretHelp')}
          onChange={(value) =>
            set({ clientSecret: { ...oauth.clientSecret, value, secret: true } })
          }
        />
        <TextField
          id="oauth-scopes"
          label={t('serverForm.scopes')}
          value={scopesText}
          onChange={(text) => {
            setScopesText(text);
            set({ scopes: scopesFromText(text) });
          }}
        />
        <TextField
          id="oauth-metadata"
          label={t('serverForm.clientMetadataUrl')}
          type="url"
          value={oauth.clientMetadataUrl}
          onChange={(clientMetadataUrl) => set({ clientMetadataUrl })}
        />
        <TextField
          id="oauth-port"
          label={t('serverForm.redirectPort')}
          className="server-form__port"
          inputMode="numeric"
          value={portText}
          aria-invalid={portText !== '' && portFromText(portText) === null ? true : undefined}
          onChange={(text) => {
            setPortText(text);
            set({ redirectPort: portFromText(text) });
          }}
        />
      </div>
    </details>
  );
}
