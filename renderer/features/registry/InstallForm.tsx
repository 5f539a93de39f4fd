import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldChange, RegistryReview } from '../../../shared/domain/registryReview';
import { useErrorText } from '../../i18n/hostText';
import { useAppStore, useGettingServersStore } from '../../stores/StoresContext';
import { FieldChangesTable } from './FieldChangesTable';
import { InstallInputField } from './InstallInputField';
import { ReviewedDocument } from './ReviewedDocument';
import { RunPlanView } from './RunPlanView';
import { SandboxPermissions } from '../sandbox/SandboxPermissions';
import type { SandboxForm } from '../../../shared/domain/serverForm';

/**
 * Install from a reviewed version document: pick how to run it, name it, answer what it asks,
 * see everything it will run, install. The install names the document's digest; if the
 * registry serves another one by then, nothing is installed and the changed fields are shown.
 */
export function InstallForm({
  review,
  onCancel,
}: {
  review: RegistryReview;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const setView = useAppStore((s) => s.setView);
  const install = useGettingServersStore((s) => s.installFromRegistry);
  const { server } = review;
  const supported = server.options.filter((o) => o.supported);
  const [choice, setChoice] = useState(supported[0]?.index ?? server.options[0]?.index ?? 0);
  const option = server.options.find((o) => o.index === choice);
  const plan = review.plans.find((p) => p.option === choice);
  const [name, setName] = useState(
    () =>
      server.name
        .split('/')
        .pop()
        ?.replace(/[^A-Za-z0-9_.-]+/g, '-') ?? '',
  );
  const [values, setValues] = useState<Record<string, string>>({});
  const [dockerArgs, setDockerArgs] = useState('');
  // The sandbox offered per option (a package run here), as the person changed it.
  const [sandboxes, setSandboxes] = useState<Record<number, SandboxForm>>({});
  const sandbox = plan?.sandbox ? (sandboxes[choice] ?? plan.sandbox) : undefined;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [changes, setChanges] = useState<FieldChange[] | null>(null);
  const idPrefix = `install-${server.name.replace(/[^A-Za-z0-9]+/g, '-')}`;
  const valueOf = (id: string, fallback?: string, choices?: string[], required?: boolean) =>
    values[id] ?? fallback ?? (choices && required ? (choices[0] ?? '') : '');
  const extraArguments =
    option?.type === 'oci' ? dockerArgs.split('\n').filter((line) => line.trim() !== '') : [];
  const answers: Record<string, string> = {};
  for (const input of option?.inputs ?? []) {
    const value = valueOf(input.id, input.default, input.choices, input.required);
    if (value !== '') answers[input.id] = value;
  }

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!option) return;
    setBusy(true);
    setError(null);
    setChanges(null);
    const result = await install({
      name: server.name,
      version: server.version,
      digest: review.digest,
      option: option.index,
      serverName: name.trim(),
      values: answers,
      ...(extraArguments.length > 0 ? { extraArguments } : {}),
      ...(sandbox ? { sandbox } : {}),
    });
    setBusy(false);
    if (result.ok) setView({ kind: 'server', name: result.value });
    else if (result.changes) setChanges(result.changes);
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
      {option?.type === 'oci' && (
        <div className="field">
          <label className="field__label" htmlFor={`${idPrefix}-docker-args`}>
            {t('registry.dockerArgs')}
          </label>
          <textarea
            id={`${idPrefix}-docker-args`}
            className="input code-input"
            rows={2}
            spellCheck={false}
            value={dockerArgs}
            onChange={(e) => setDockerArgs(e.target.value)}
            data-testid="install-docker-args"
          />
          <p className="field__help">{t('registry.dockerArgsHelp')}</p>
        </div>
      )}
      {/* Only what the person changed reads as theirs; untouched defaults stay the registry's. */}
      {plan && <RunPlanView plan={plan} values={values} extraArguments={extraArguments} />}
      {sandbox && (
        <SandboxPermissions
          value={sandbox}
          onChange={(next) => setSandboxes((all) => ({ ...all, [choice]: next }))}
          idPrefix={`${idPrefix}-sandbox`}
        />
      )}
      <ReviewedDocument review={review} />
      {changes && (
        <div className="install-panel__changes">
          <div className="notice notice--danger" role="alert" data-testid="registry-install-error">
            <p className="notice__title">{t('registry.changedSinceReview')}</p>
            <p>{t('registry.changedSinceReviewHelp')}</p>
          </div>
          <FieldChangesTable
            changes={changes}
            before={t('registry.reviewed')}
            after={t('registry.servedNow')}
          />
        </div>
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
          disabled={busy || !option?.supported || name.trim() === '' || changes !== null}
          data-testid="registry-install-submit"
        >
          {busy ? t('registry.installing') : t('registry.installAs', { name: name.trim() || '…' })}
        </button>
      </div>
    </form>
  );
}
