import { useEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ElicitationFormInteraction,
  ElicitationResponse,
} from '../../../shared/domain/interactions';
import { BoundedText } from '../../components/BoundedText';
import { useInteractionsStore } from '../../stores/StoresContext';
import { ElicitFieldInput } from './ElicitFieldInput';
import {
  buildContent,
  elicitationForm,
  fieldIssue,
  initialValues,
  type ElicitField,
  type FormValues,
} from './elicitationForm';
import { fieldIssueText } from './fieldIssueText';
import { clearDraft, draftKey, loadDraft, saveDraft } from './formDrafts';
import { InteractionFailure } from './InteractionFailure';
import { useErrorText } from '../../i18n/hostText';

/** A form generated from the server's schema: nothing is sent until the person accepts. */
export function ElicitationFormPanel({ interaction }: { interaction: ElicitationFormInteraction }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { id } = interaction;
  const form = useMemo(() => elicitationForm(interaction.requestedSchema), [interaction]);
  const respond = useInteractionsStore((s) => s.respondElicitation);
  const responding = useInteractionsStore((s) => s.responding[id] === true);
  const error = useInteractionsStore((s) => s.errors[id]);
  const draft = useMemo(
    () => draftKey(interaction.server, interaction.message, interaction.requestedSchema),
    [interaction],
  );
  // What the person typed before (panel closed and opened again, page reloaded, or the same
  // form asked again after a cancel) comes back over the defaults.
  const [restored] = useState(() => loadDraft(draft, form.fields));
  const [values, setValues] = useState<FormValues>(() => ({
    ...initialValues(form.fields),
    ...restored,
  }));
  // Kept once the person typed something (defaults alone are not a draft).
  const typed = useRef(false);
  useEffect(() => {
    if (typed.current) saveDraft(draft, values);
  }, [draft, values]);
  const answer = async (response: ElicitationResponse): Promise<void> => {
    const result = await respond(id, response);
    // A cancel keeps the draft: the server may ask the same again.
    if (result.ok && response.action !== 'cancel') clearDraft(draft);
  };
  const [tried, setTried] = useState(false);
  // Main's verdict on a field holds until the person edits that field.
  const [edited, setEdited] = useState<Record<string, true>>({});

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    setTried(true);
    setEdited({});
    const result = buildContent(form.fields, values);
    if (!result.ok) {
      focusFirstInvalid(id, form.fields, Object.keys(result.errors));
      return;
    }
    void answer({ action: 'accept', content: result.content });
  };
  const message = (field: ElicitField): string | undefined => {
    if (tried) {
      const issue = fieldIssue(field, values[field.name]);
      if (issue) return fieldIssueText(t, issue);
    }
    const refused = edited[field.name] ? undefined : error?.fields[field.name];
    return refused ? errorText(refused) : undefined;
  };
  const invalid = form.fields.filter((field) => message(field) !== undefined).map((f) => f.name);
  // Main refused some fields: show the first of them, as a check here would.
  useEffect(() => {
    const refused = Object.keys(error?.fields ?? {});
    if (refused.length > 0) focusFirstInvalid(id, form.fields, refused);
  }, [error, id, form.fields]);

  return (
    <form className="elicit" noValidate onSubmit={submit} data-testid="elicitation-form">
      <BoundedText text={interaction.message} mono={false} className="interaction__message" />
      <p className="field__help">{t('interactions.form.noSecrets')}</p>
      {restored && (
        <p className="field__help" data-testid="elicit-draft-restored">
          {t('interactions.draftKept')}
        </p>
      )}
      {form.fields.map((field) => {
        const problem = message(field);
        const help = field.description ? `${id}-${field.name}-help` : undefined;
        const err = problem ? `${id}-${field.name}-error` : undefined;
        const describedBy = [help, err].filter(Boolean).join(' ') || undefined;
        // A checkbox sits inside its label; every other input follows it.
        const input = (
          <ElicitFieldInput
            field={field}
            value={values[field.name]}
            prefix={id}
            describedBy={describedBy}
            invalid={!!problem}
            onChange={(value) => {
              typed.current = true;
              setValues((v) => ({ ...v, [field.name]: value }));
              setEdited((e) => ({ ...e, [field.name]: true }));
            }}
          />
        );
        return (
          <div
            key={field.name}
            className={`field elicit__field${field.kind === 'boolean' ? ' elicit__field--check' : ''}`}
          >
            <label
              id={`${id}-${field.name}-label`}
              className="field__label"
              htmlFor={field.kind === 'multi' ? undefined : `${id}-${field.name}`}
            >
              {field.kind === 'boolean' && input}
              {field.label}
              {field.required && (
                <span className="elicit__required" title={t('interactions.form.required')}>
                  {' *'}
                  <span className="sr-only">{t('interactions.form.required')}</span>
                </span>
              )}
            </label>
            {field.kind !== 'boolean' && input}
            {field.description && (
              <span id={help} className="field__help">
                {field.description}
              </span>
            )}
            {problem && (
              <span id={err} className="field__error" data-testid={`elicit-error-${field.name}`}>
                {problem}
              </span>
            )}
          </div>
        );
      })}
      {form.unsupported.length > 0 && (
        <p className="notice notice--warn">
          {t('interactions.form.unsupported', { fields: form.unsupported.join(', ') })}
        </p>
      )}
      <InteractionFailure id={id} />
      <div className="interaction__buttons">
        <button
          type="button"
          className="button button--danger"
          disabled={responding}
          onClick={() => void answer({ action: 'decline' })}
          data-testid="elicit-decline"
        >
          {t('interactions.form.decline')}
        </button>
        <button
          type="button"
          className="button"
          disabled={responding}
          onClick={() => void answer({ action: 'cancel' })}
          data-testid="elicit-cancel"
        >
          {t('common.cancel')}
        </button>
        <span className="dialog__spacer" />
        {invalid.length > 0 && (
          <span className="elicit__summary" role="status" data-testid="elicit-summary">
            {t('formProblems.summary', { count: invalid.length })}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => focusFirstInvalid(id, form.fields, invalid)}
            >
              {t('formProblems.show')}
            </button>
          </span>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={responding}
          data-testid="elicit-accept"
        >
          {t('interactions.form.accept')}
        </button>
      </div>
    </form>
  );
}

/**
 * Moves focus to the first field with a problem, so the keyboard lands where work is, and
 * scrolls that field (label, input and message) to the middle: left to focus alone, it would
 * stop at the bottom edge, under the form's sticky buttons.
 */
function focusFirstInvalid(
  prefix: string,
  fields: readonly ElicitField[],
  names: readonly string[],
) {
  const first = fields.find((f) => names.includes(f.name));
  if (!first) return;
  const element = document.getElementById(`${prefix}-${first.name}`);
  const target =
    element?.getAttribute('role') === 'group' ? element.querySelector('input') : element;
  target?.focus({ preventScroll: true });
  target?.closest('.elicit__field')?.scrollIntoView({ block: 'center' });
}
