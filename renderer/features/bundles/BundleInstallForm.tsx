import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BundleUserConfigField, BundleView } from '../../../shared/domain/bundleViews';
import { useAppStore, useGettingServersStore } from '../../stores/StoresContext';
import { PathField } from '../addServer/PathField';
import { SandboxPermissions } from '../sandbox/SandboxPermissions';
import { useErrorText } from '../../i18n/hostText';

type Value = string | boolean;

/** The bundle's user config as a form (folders and files with pickers), then install. */
export function BundleInstallForm({
  bundle,
  onCancel,
}: {
  bundle: BundleView;
  /** Closes the review without installing. */
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const setView = useAppStore((s) => s.setView);
  const install = useGettingServersStore((s) => s.installBundle);
  const [name, setName] = useState(bundle.suggestedName);
  const [values, setValues] = useState<Record<string, Value>>(() =>
    Object.fromEntries(bundle.userConfig.map((field) => [field.key, initial(field)])),
  );
  const [trust, setTrust] = useState(false);
  const [sandbox, setSandbox] = useState(bundle.sandbox);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Only a signature verified here vouches for a bundle; anything else asks (main refuses too).
  const state = bundle.signature.state;
  const unvouched = state === 'untrusted' || state === 'unsigned';
  const blocked = !bundle.runtime.found || bundle.platformProblem !== undefined;

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const userConfig: Record<string, string | number | boolean | string[]> = {};
    for (const field of bundle.userConfig) {
      const value = values[field.key];
      if (value === undefined || value === '') continue;
      userConfig[field.key] =
        typeof value === 'boolean'
          ? value
          : field.type === 'number'
            ? Number(value)
            : field.multiple
              ? value.split('\n').filter(Boolean)
              : value;
    }
    const result = await install({
      path: bundle.path,
      serverName: name.trim(),
      userConfig,
      digest: bundle.digest,
      sandbox,
      ...(unvouched ? { acceptUntrusted: trust } : {}),
    });
    setBusy(false);
    if (result.ok) setView({ kind: 'server', name: result.value });
    else setError(errorText(result.error));
  };

  return (
    <form
      className="card bundle-install"
      onSubmit={(e) => void submit(e)}
      data-testid="bundle-install-form"
    >
      <h2 className="card__title">{t('bundles.configure')}</h2>
      <div className="field">
        <label className="field__label" htmlFor="bundle-server-name">
          {t('registry.serverName')}
        </label>
        <input
          id="bundle-server-name"
          className="input"
          spellCheck={false}
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-testid="bundle-server-name"
        />
      </div>
      {bundle.userConfig.map((field) => (
        <ConfigField
          key={field.key}
          field={field}
          value={values[field.key] ?? ''}
          onChange={(value) => setValues((v) => ({ ...v, [field.key]: value }))}
        />
      ))}
      <SandboxPermissions value={sandbox} onChange={setSandbox} idPrefix="bundle-sandbox" />
      {unvouched && (
        <label className="check notice notice--warn">
          <input
            type="checkbox"
            checked={trust}
            onChange={(e) => setTrust(e.target.checked)}
            data-testid="bundle-trust"
          />
          <span>
            {t(state === 'unsigned' ? 'bundles.trustUnsigned' : 'bundles.trustUntrusted')}
          </span>
        </label>
      )}
      {error && (
        <p className="field__error" role="alert" data-testid="bundle-install-error">
          {error}
        </p>
      )}
      <div className="install-panel__actions">
        <button
          type="button"
          className="button button--quiet"
          onClick={onCancel}
          disabled={busy}
          data-testid="bundle-cancel"
        >
          {t('bundleDrop.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || blocked || name.trim() === '' || (unvouched && !trust)}
          data-testid="bundle-install"
        >
          {busy ? t('registry.installing') : t('registry.installAs', { name: name.trim() || '…' })}
        </button>
      </div>
    </form>
  );
}

function initial(field: BundleUserConfigField): Value {
  const value = field.default;
  if (field.type === 'boolean') return value === true;
  if (Array.isArray(value)) return value.join('\n');
  return value === undefined || typeof value === 'boolean' ? '' : String(value);
}

function ConfigField({
  field,
  value,
  onChange,
}: {
  field: BundleUserConfigField;
  value: Value;
  onChange: (value: Value) => void;
}) {
  const { t } = useTranslation();
  const id = `bundle-config-${field.key}`;
  const testId = `bundle-config-${field.key}`;
  const label = (
    <>
      {field.title}
      {field.required && <span className="required"> *</span>}
      {field.sensitive && (
        <span className="badge install-input__secret">{t('registry.secret')}</span>
      )}
    </>
  );
  if (field.type === 'boolean') {
    return (
      <div className="field">
        <label className="check">
          <input
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
            data-testid={testId}
          />
          <span>{label}</span>
        </label>
        <p className="field__help">{field.description}</p>
      </div>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {field.type === 'directory' || field.type === 'file' ? (
        <PathField
          id={id}
          kind={field.type}
          purpose="value"
          value={text}
          onChange={onChange}
          testId={testId}
        />
      ) : (
        <input
          id={id}
          className="input"
          type={field.sensitive ? 'password' : field.type === 'number' ? 'number' : 'text'}
          autoComplete="off"
          spellCheck={false}
          min={field.min}
          max={field.max}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
        />
      )}
      <p className="field__help">{field.description}</p>
      {field.defaultRefused && (
        <p className="field__help" data-testid={`${testId}-default-refused`}>
          {t('bundles.defaultRefused')}
        </p>
      )}
      {field.sensitive && <p className="field__help">{t('registry.secretHelp')}</p>}
    </div>
  );
}
