import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { missingRequired, type ArgumentField, type ArgumentValues } from './argumentForm';
import { CompletionInput } from './CompletionInput';

interface ArgumentFormPanelProps {
  /** For ids and test ids: `template` or `prompt`. */
  kind: 'template' | 'prompt';
  title: string;
  server: string;
  description?: string;
  /** A line under the title (the URI template). */
  detail?: string;
  fields: ArgumentField[];
  /** Completions for one field, given every value typed so far. */
  suggest: (field: string, value: string, values: ArgumentValues) => Promise<string[]>;
  submitLabel: string;
  /** Resolves with an error message to show, or null when done (the panel then closes). */
  onSubmit: (values: ArgumentValues) => Promise<string | null>;
  onCancel: () => void;
}

/**
 * The arguments of a resource template or a prompt, each with the server's completions.
 * Enter in the last field submits; Esc cancels (after closing an open suggestion list).
 */
export function ArgumentFormPanel({
  kind,
  title,
  server,
  description,
  detail,
  fields,
  suggest,
  submitLabel,
  onSubmit,
  onCancel,
}: ArgumentFormPanelProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ArgumentValues>({});
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (): Promise<void> => {
    if (busy) return;
    const empty = missingRequired(fields, values);
    setMissing(empty);
    if (empty.length > 0) return;
    setBusy(true);
    setError(null);
    const problem = await onSubmit(values);
    // Still mounted only when it failed: success closes the panel.
    if (problem !== null) {
      setBusy(false);
      setError(problem);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.defaultPrevented || event.nativeEvent.isComposing) return;
    // Enter in a field submits (a suggestion list that is open took it already).
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    // Not a <form>: this panel sits inside the composer's form, and forms cannot nest.
    <div
      className="context-form"
      role="form"
      onKeyDown={onKeyDown}
      aria-labelledby={`${kind}-form-title`}
      data-testid={`${kind}-form`}
    >
      <div className="context-form__head">
        <h3 id={`${kind}-form-title`} className="context-form__title">
          {title}
        </h3>
        <span className="context-form__server">{t('context.form.server', { server })}</span>
      </div>
      {detail && <code className="context-form__detail">{detail}</code>}
      {description && <p className="context-form__description">{description}</p>}
      {fields.length === 0 && <p className="muted">{t('context.form.noArguments')}</p>}
      {fields.map((field, index) => {
        const id = `${kind}-arg-${field.name}`;
        const invalid = missing.includes(field.name);
        return (
          <div key={field.name} className="context-form__field">
            <label htmlFor={id} className="context-form__label">
              {field.name}
              {field.required && (
                <span className="context-form__required" title={t('context.form.required')}>
                  <span aria-hidden="true">*</span>
                  <span className="sr-only">{t('context.form.required')}</span>
                </span>
              )}
            </label>
            <CompletionInput
              id={id}
              field={field}
              value={values[field.name] ?? ''}
              onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
              suggest={(value) => suggest(field.name, value, { ...values, [field.name]: value })}
              autoFocus={index === 0}
              invalid={invalid}
            />
            {field.description && (
              <span id={`${id}-description`} className="context-form__help">
                {field.description}
              </span>
            )}
          </div>
        );
      })}
      {missing.length > 0 && (
        <p className="field__error" role="alert">
          {t('context.form.missing', { names: missing.join(', ') })}
        </p>
      )}
      {error && (
        <p className="field__error" role="alert" data-testid={`${kind}-form-error`}>
          {error}
        </p>
      )}
      <div className="context-form__actions">
        <button type="button" className="button button--small" onClick={onCancel}>
          {t('context.form.cancel')}
        </button>
        <button
          type="button"
          className="button button--small button--primary"
          disabled={busy}
          onClick={() => void submit()}
          data-testid={`${kind}-form-submit`}
        >
          {busy ? t('context.form.working') : submitLabel}
        </button>
      </div>
    </div>
  );
}
