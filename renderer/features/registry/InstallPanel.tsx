import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistryServer } from '../../../shared/domain/registryViews';
import { useAppStore, useGettingServersStore } from '../../stores/StoresContext';
import { InstallInputField } from './InstallInputField';
import { useErrorText } from '../../i18n/hostText';

/** Pick how to run a registry server, name it, answer what it asks, install. */
export function InstallPanel({
  server,
  onCancel,
}: {
  server: RegistryServer;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const setView = useAppStore((s) => s.setView);
  const install = useGettingServersStore((s) => s.installFromRegistry);
  const supported = server.options.filter((o) => o.supported);
  const [choice, setChoice] = useState(supported[0]?.index ?? 0);
  const option = server.options.find((o) => o.index === choice);
  const [name, setName] = useState(
    () =>
      server.name
        .split('/')
        .pop()
        ?.replace(/[^A-Za-z0-9_.-]+/g, '-') ?? '',
  );
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const idPrefix = `install-${server.name.replace(/[^A-Za-z0-9]+/g, '-')}`;
  const valueOf = (id: string, fallback?: string, choices?: string[], required?: boolean) =>
    values[id] ?? fallback ?? (choices && required ? (choices[0] ?? '') : '');

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!option) return;
    const answers: Record<string, string> = {};
    for (const input of option.inputs) {
      const value = valueOf(input.id, input.default, input.choices, input.required);
      if (value !== '') answers[input.id] = value;
    }
    setBusy(true);
    setError(null);
    const result = await install({
      name: server.name,
      version: server.version,
      option: option.index,
      serverName: name.trim(),
      values: answers,
    });
    setBusy(false);
    if (result.ok) setView({ kind: 'server', name: result.value });
    else setError(errorText(result.error));
  };

  return (
    <form
      className="install-panel"
      onSubmit={(e) => void submit(e)}
      data-testid="registry-install-form"
    >
      {supported.length > 1 && (
        <fieldset className="field">
          <legend className="field__label">{t('registry.how')}</legend>
          {supported.map((o) => (
            <label key={o.index} className="check">
              <input
                type="radio"
                name={`${idPrefix}-option`}
                checked={choice === o.index}
                onChange={() => setChoice(o.index)}
              />
              <span>
                <span className="badge">{o.type}</span> <code>{o.preview}</code>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-name`}>
          {t('registry.serverName')}
        </label>
        <input
          id={`${idPrefix}-name`}
          className="input"
          spellCheck={false}
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-testid="install-server-name"
        />
      </div>
      {option && option.inputs.length > 0 && (
        <fieldset className="field">
          <legend className="field__label">{t('registry.values')}</legend>
          <div className="fields">
            {option.inputs.map((input) => (
              <InstallInputField
                key={input.id}
                idPrefix={idPrefix}
                input={input}
                value={valueOf(input.id, input.default, input.choices, input.required)}
                onChange={(value) => setValues((v) => ({ ...v, [input.id]: value }))}
              />
            ))}
          </div>
        </fieldset>
      )}
      {error && (
        <p className="field__error" role="alert" data-testid="registry-install-error">
          {error}
        </p>
      )}
      <div className="install-panel__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || !option || name.trim() === ''}
          data-testid="registry-install-submit"
        >
          {busy ? t('registry.installing') : t('registry.installAs', { name: name.trim() || '…' })}
        </button>
      </div>
    </form>
  );
}
