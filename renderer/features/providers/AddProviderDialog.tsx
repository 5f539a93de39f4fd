import { useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isLocalBaseUrl,
  PROVIDER_PRESETS,
  providerPreset,
  type ProviderAdd,
  type ProviderPresetId,
  type ProviderTestResult,
} from '../../../shared/domain/providers';
import { AlertLine } from '../../components/AlertLine';
import { useModalDialog } from '../../components/useModalDialog';
import { useErrorText } from '../../i18n/hostText';
import { useProvidersStore } from '../../stores/StoresContext';
import { TestResultLine } from './TestResultLine';

/**
 * Adding a model provider in one place: a preset fills the name and URL, the person adds the
 * key, Test asks that provider (not added yet) for its models and names them, and Add saves it
 * with its key. Nothing exists before Add; Cancel or Esc leaves nothing behind.
 */
export function AddProviderDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (id: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const add = useProvidersStore((s) => s.add);
  const testDraft = useProvidersStore((s) => s.testDraft);
  const dialog = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLSelectElement>(null);
  const [preset, setPreset] = useState<ProviderPresetId>('deepseek');
  const [name, setName] = useState(providerPreset('deepseek').name);
  const [baseURL, setBaseURL] = useState(providerPreset('deepseek').baseURL);
  const [apiKey, setApiKey] = useState('');
  const [test, setTest] = useState<'testing' | ProviderTestResult | null>(null);
  const [saving, setSaving] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  useModalDialog(dialog, first);

  const local = isLocalBaseUrl(baseURL);
  const draft: ProviderAdd = {
    preset,
    ...(name.trim() ? { name: name.trim() } : {}),
    ...(baseURL.trim() ? { baseURL: baseURL.trim() } : {}),
    ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
  };
  // Any change makes an earlier test answer about something else: it goes.
  const changed = (apply: () => void): void => {
    apply();
    setTest(null);
    setError(null);
  };
  const choosePreset = (id: ProviderPresetId): void =>
    changed(() => {
      const chosen = providerPreset(id);
      setPreset(id);
      setName(chosen.name);
      setBaseURL(chosen.baseURL);
      setFields({});
    });
  const runTest = async (): Promise<void> => {
    setTest('testing');
    setTest(await testDraft(draft));
  };
  const save = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault();
    setSaving(true);
    const result = await add(draft);
    setSaving(false);
    if (result.ok) {
      onAdded(result.id);
      return;
    }
    setFields(result.fields);
    const atField = Object.keys(result.fields).some((f) => ['name', 'baseURL'].includes(f));
    setError(atField ? null : t('providers.failed', { message: errorText(result.error) }));
  };

  return (
    <dialog
      ref={dialog}
      className="dialog add-provider"
      aria-labelledby="add-provider-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      data-testid="add-provider-dialog"
    >
      <form className="dialog__body fields" onSubmit={(e) => void save(e)}>
        <h2 id="add-provider-title" className="dialog__title">
          {t('addProvider.title')}
        </h2>
        <div className="field">
          <label className="field__label" htmlFor="add-provider-preset">
            {t('addProvider.preset')}
          </label>
          <select
            ref={first}
            id="add-provider-preset"
            className="input select"
            value={preset}
            onChange={(e) => choosePreset(e.target.value as ProviderPresetId)}
            data-testid="provider-preset"
          >
            {PROVIDER_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {t(`providers.presets.${p.id}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="add-provider__row">
          <Field id="add-provider-name" label={t('providers.name')} error={fields.name}>
            <input
              id="add-provider-name"
              className="input"
              value={name}
              maxLength={80}
              aria-invalid={fields.name ? true : undefined}
              onChange={(e) => changed(() => setName(e.target.value))}
            />
          </Field>
          <Field
            id="add-provider-url"
            label={t('providers.baseUrl')}
            error={fields.baseURL}
            help={t('providers.baseUrlHelp')}
          >
            <input
              id="add-provider-url"
              className="input code-input"
              type="url"
              spellCheck={false}
              value={baseURL}
              aria-invalid={fields.baseURL ? true : undefined}
              onChange={(e) => changed(() => setBaseURL(e.target.value))}
            />
          </Field>
        </div>
        <Field
          id="add-provider-key"
          label={t('providers.apiKey')}
          help={local ? t('providers.keyLocal') : t('addProvider.keyHelp')}
        >
          <input
            id="add-provider-key"
            className="input"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('providers.apiKeyPlaceholder')}
            value={apiKey}
            onChange={(e) => changed(() => setApiKey(e.target.value))}
          />
        </Field>
        <div className="field__row add-provider__test">
          <button
            type="button"
            className="button"
            disabled={test === 'testing'}
            onClick={() => void runTest()}
            data-testid="provider-draft-test"
          >
            {test === 'testing' ? t('providers.testing') : t('addProvider.test')}
          </button>
          <TestResultLine
            result={test === 'testing' || test === null ? undefined : test}
            testId="provider-draft-result"
          />
        </div>
        <AlertLine message={error} />
        <div className="dialog__footer">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={saving}
            data-testid="provider-save"
          >
            {saving ? t('addProvider.adding') : t('addProvider.add')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function Field({
  id,
  label,
  error,
  help,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  help?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {(error ?? help) && <p className={error ? 'field__error' : 'field__help'}>{error ?? help}</p>}
    </div>
  );
}
